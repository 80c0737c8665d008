// A Turbopack loader for antd's colour helpers in the browser's bundle (next.config.ts).
//
// antd's colour class and helpers (`color-picker/color.js`, `color-picker/util.js`), which its tooltip
// and its button's and tag's tokens use on every page, take one class from @rc-component/color-picker:
// its Color. The package's index also exports its ColorPicker and declares no `sideEffects`, so that
// import could keep the picker's panels and drag hooks in the shell's bundle, and did as the pages'
// chunks were regrouped (docs/performance.md). The class's own module is enough: the index exports
// the same class from it. tests/unit/theme/antd-color-module.test.ts runs this on the installed antd.
const WHOLE_PACKAGE = /import \{ Color as (\w+) \} from '@rc-component\/color-picker';/;

/** antd's colour module with the Color class imported from its own module. */
function withColorModule(source) {
  return source.replace(WHOLE_PACKAGE, "import { Color as $1 } from '@rc-component/color-picker/es/color';");
}

module.exports = withColorModule;
module.exports.withColorModule = withColorModule;
