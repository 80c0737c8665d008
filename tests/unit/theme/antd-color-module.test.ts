import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = join(__dirname, '../../..');
const { withColorModule } = require(join(ROOT, 'scripts/antd-color-module.cjs')) as { withColorModule: (source: string) => string };

const importsOf = (source: string) => [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);

describe("antd's colour helpers in the browser's bundle (scripts/antd-color-module.cjs)", () => {
  it.each(['color.js', 'util.js'])("color-picker/%s takes Color from its own module, not the picker's index, and changes nothing else", (file) => {
    const source = readFileSync(join(ROOT, 'node_modules/antd/es/color-picker', file), 'utf8');
    // An antd that no longer imports the index this way leaves the loader nothing to do: this fails then.
    expect(importsOf(source)).toContain('@rc-component/color-picker');
    const output = withColorModule(source);
    expect(importsOf(output)).not.toContain('@rc-component/color-picker');
    expect(importsOf(output)).toContain('@rc-component/color-picker/es/color');
    expect(output.replace('/es/color', '')).toBe(source);
  });

  it("names the same class the picker's index exports", () => {
    const index = require('@rc-component/color-picker') as { Color: unknown };
    const own = require('@rc-component/color-picker/lib/color') as { Color: unknown };
    expect(own.Color).toBe(index.Color);
    expect(readFileSync(join(ROOT, 'node_modules/@rc-component/color-picker/es/color.js'), 'utf8')).toMatch(/export (class Color|\{ Color \})/);
  });
});
