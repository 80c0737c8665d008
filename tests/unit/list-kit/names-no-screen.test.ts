import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The parts any screen is built of; the kit may use them, never a screen's own components. */
const SHARED = new Set(['data-table', 'list-kit', 'text', 'ui']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []));
}

describe('the list kit', () => {
  // A screen's actions come from its page (ListScreen's rowActions), so a new screen touches no kit file.
  it('imports no screen: only the shared components', () => {
    const screens = sources('components/list-kit').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from |import\()'@\/components\/([a-z-]+)/g)].map((match) => match[1] ?? '').filter((area) => !SHARED.has(area)).map((area) => `${file} imports components/${area}`),
    );
    expect(screens).toEqual([]);
  });
});
