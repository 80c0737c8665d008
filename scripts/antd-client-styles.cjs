// A Turbopack loader for antd's style modules in the browser's bundle (next.config.ts).
//
// The theme is zero-runtime (lib/theme/tokens.ts): every antd style comes from the prebuilt
// stylesheet, and antd's style hooks return before they ever call a component's style function
// (@ant-design/cssinjs-utils, genComponentStyleHook: `if (memoizedZeroRuntime) return hashId`).
// Those functions, and the helpers only they use, are still imported by every component: about a
// third of antd's code on a page. This replaces the style function given to antd's three hook
// factories with one that returns no styles, so the minifier drops the code it leaves unused. The
// component tokens (the factories' third argument) stay: antd still registers them as CSS
// variables at run time. tests/unit/theme/antd-client-styles.test.tsx holds the theme to zero-runtime.
const ts = require('typescript');

const FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/** The source with the style function of every antd style-hook factory call replaced by `() => []`. */
function withoutStyleFunctions(source) {
  const file = ts.createSourceFile('style.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const spans = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && FACTORIES.has(node.expression.text) && node.arguments.length >= 2) {
      const styleFunction = node.arguments[1];
      spans.push([styleFunction.getStart(file), styleFunction.end]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let result = source;
  for (const [start, end] of spans.sort((a, b) => b[0] - a[0])) result = `${result.slice(0, start)}() => []${result.slice(end)}`;
  return result;
}

// The button's and tag's tokens ask whether a colour is bright with the helper of antd's colour
// presets panel, whose module brings antd's Collapse and the colour picker with it: the same helper,
// written here over the picker's Color class alone. tests/unit/theme/antd-client-styles.test.tsx
// holds it to antd's own for every preset colour and the theme's.
const PRESETS_IMPORT = "import { isBright } from '../../color-picker/components/ColorPresets';";
const OWN_IS_BRIGHT = `import { Color as BrightnessColor } from '@rc-component/color-picker/es/color';
const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new BrightnessColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;

/** A style module for the browser: no style functions, and no colour presets panel for its tokens. */
function forBrowser(source) {
  return withoutStyleFunctions(source).replace(PRESETS_IMPORT, OWN_IS_BRIGHT);
}

module.exports = forBrowser;
module.exports.withoutStyleFunctions = withoutStyleFunctions;
module.exports.forBrowser = forBrowser;
module.exports.OWN_IS_BRIGHT = OWN_IS_BRIGHT;
