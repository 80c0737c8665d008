import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import postcss from 'postcss';

const require = createRequire(import.meta.url);
const ROOT = join(__dirname, '../../..');
const plugin = require(join(ROOT, 'scripts/postcss-antd-unused.cjs')) as (() => postcss.Plugin) & { UNUSED: string[] };

const run = (css: string) => postcss([plugin()]).process(css, { from: undefined }).css;

describe("the build's antd stylesheet", () => {
  it('drops the selectors of components no screen renders, and a rule left without any', () => {
    expect(run('.ant-tree-node{color:red}.ant-cascader .x{color:red}')).toBe('');
    expect(run('.ant-btn,.ant-divider{margin:0}')).toBe('.ant-btn{margin:0}');
    expect(run('@media (max-width: 575px){.ant-slider{width:1px}}.ant-table{width:1px}')).toBe('.ant-table{width:1px}');
  });

  it("keeps the components it renders, names that only start alike, and animations' steps", () => {
    const kept = '.ant-input{color:red}.ant-listy{color:red}.ant-picker{color:red}.ant-select-tree-node{color:red}@keyframes antSlideUpIn{0%{opacity:0}to{opacity:1}}';
    expect(run(kept)).toBe(kept);
    // The calendar goes with its own prefix; the date picker it is part of stays.
    expect(run('.ant-picker-calendar{color:red}.ant-picker-dropdown{color:red}')).toBe('.ant-picker-dropdown{color:red}');
  });

  it('lists no antd component a screen imports', () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : /\.tsx?$/.test(name) ? [join(dir, name)] : []));
    const imported = new Set<string>();
    for (const file of ['app', 'components', 'lib'].flatMap((dir) => files(join(ROOT, dir)))) {
      for (const [, names] of readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from 'antd'/g)) {
        for (const name of (names ?? '').split(',')) imported.add(name.replace(/^\s*(type\s+)?/, '').replace(/\s+as\s+.*$/, '').trim());
      }
    }
    // antd's class prefixes: Divider -> divider, InputNumber -> input-number, QRCode -> qrcode, FloatButton -> float-btn.
    const prefix = (name: string) => ({ QRCode: 'qrcode', FloatButton: 'float-btn', Calendar: 'picker-calendar' })[name] ?? name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
    expect(imported.has('Table')).toBe(true);
    expect([...imported].filter((name) => plugin.UNUSED.includes(prefix(name)))).toEqual([]);
  });
});
