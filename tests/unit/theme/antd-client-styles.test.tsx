import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
// The same build of antd as 'antd' resolves to here (its CommonJS one), so the hook sees this ConfigProvider.
import { genStyleHooks } from 'antd/lib/theme/internal';
import ts from 'typescript';
import { theme } from '@/lib/theme/tokens';

const require = createRequire(import.meta.url);
const ROOT = join(__dirname, '../../..');
const { withoutStyleFunctions, forBrowser, OWN_IS_BRIGHT } = require(join(ROOT, 'scripts/antd-client-styles.cjs')) as { withoutStyleFunctions: (source: string) => string; forBrowser: (source: string) => string; OWN_IS_BRIGHT: string };
const ANTD = join(ROOT, 'node_modules/antd/es');

/** The style function given to each call of antd's three style-hook factories, as written. */
function styleArguments(source: string): string[] {
  const file = ts.createSourceFile('style.js', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'].includes(node.expression.text)) {
      found.push(node.arguments[1]?.getText(file) ?? '');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const styleModules = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? styleModules(path) : /\.js$/.test(name) && /style/.test(path.slice(ANTD.length)) ? [path] : [];
  });

describe("antd's style functions in the browser's bundle (scripts/antd-client-styles.cjs)", () => {
  it('holds only while the theme is zero-runtime: antd then never calls a style function', () => {
    expect(theme.zeroRuntime).toBe(true);
    const useStyle = genStyleHooks('PortalProbe' as never, () => {
      throw new Error('a style function ran');
    });
    function Probe() {
      useStyle('portal-probe');
      return null;
    }
    expect(() => render(<ConfigProvider theme={theme}><Probe /></ConfigProvider>)).not.toThrow();
    // The same hook outside the zero-runtime theme does call it: the check above can fail.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ConfigProvider theme={{ ...theme, zeroRuntime: false }}><Probe /></ConfigProvider>)).toThrow('a style function ran');
  });

  it("replaces every style function of antd's style modules, and nothing else, with valid code", () => {
    const modules = styleModules(ANTD);
    let replaced = 0;
    for (const path of modules) {
      const source = readFileSync(path, 'utf8');
      const before = styleArguments(source);
      const output = withoutStyleFunctions(source);
      expect(styleArguments(output)).toEqual(before.map(() => '() => []'));
      replaced += before.length;
      const { diagnostics } = ts.transpileModule(output, { reportDiagnostics: true, compilerOptions: { allowJs: true, module: ts.ModuleKind.ESNext } });
      expect(diagnostics ?? []).toEqual([]);
      if (before.length === 0) expect(output).toBe(source);
    }
    // antd 6 has about 90 such calls; a rename of the factories would leave none to replace.
    expect(replaced).toBeGreaterThan(60);
    // The component tokens (the third argument) stay: antd still registers them as CSS variables.
    expect(withoutStyleFunctions(readFileSync(join(ANTD, 'button/style/index.js'), 'utf8'))).toMatch(/genStyleHooks\('Button', \(\) => \[\], prepareComponentToken,/);
  });

  it("gives the button's and tag's tokens antd's own brightness rule without the colour presets panel's module", () => {
    type Color = { toRgb(): unknown };
    for (const path of ['button/style/token.js', 'tag/style/index.js']) {
      const source = readFileSync(join(ANTD, path), 'utf8');
      // An antd that no longer imports the panel's helper leaves nothing to replace: this fails then.
      expect(source).toContain("from '../../color-picker/components/ColorPresets'");
      const output = forBrowser(source);
      expect(output).not.toContain('ColorPresets');
      expect(output).toContain(OWN_IS_BRIGHT);
      const { diagnostics } = ts.transpileModule(output, { reportDiagnostics: true, compilerOptions: { allowJs: true, module: ts.ModuleKind.ESNext } });
      expect(diagnostics ?? []).toEqual([]);
    }
    const body = OWN_IS_BRIGHT.replace(/^import .*$/m, '');
    const own = new Function('BrightnessColor', `${body}; return isBright;`)(require('@rc-component/color-picker/lib/color').Color) as (value: Color, bg: string) => boolean;
    const { isBright } = require('antd/lib/color-picker/components/ColorPresets') as { isBright: (value: Color, bg: string) => boolean };
    const { AggregationColor } = require('antd/lib/color-picker/color') as { AggregationColor: new (value: string) => Color };
    const { presetPalettes } = require('@ant-design/colors') as { presetPalettes: Record<string, string[]> };
    const colours = [...Object.values(presetPalettes).flat(), String(theme.token?.colorPrimary), '#ffffff', '#000000', 'rgba(0, 0, 0, 0.88)', 'rgba(255, 255, 255, 0.3)', '#fadb1480'];
    let bright = 0;
    for (const colour of colours) {
      for (const background of ['#fff', '#000']) {
        expect([colour, background, own(new AggregationColor(colour), background)]).toEqual([colour, background, isBright(new AggregationColor(colour), background)]);
        if (isBright(new AggregationColor(colour), background)) bright += 1;
      }
    }
    // Both answers occur, so the comparison can tell the rules apart.
    expect(bright).toBeGreaterThan(10);
    expect(bright).toBeLessThan(colours.length * 2 - 10);
  });
});

