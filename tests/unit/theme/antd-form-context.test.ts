import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = join(__dirname, '../../..');
const { withProviderModule } = require(join(ROOT, 'scripts/antd-form-context.cjs')) as { withProviderModule: (source: string) => string };
const CONTEXT = join(ROOT, 'node_modules/antd/es/form/context.js');

const importsOf = (source: string) => [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);

describe("antd's form context in the browser's bundle (scripts/antd-form-context.cjs)", () => {
  it("takes the provider from its own module, not @rc-component/form's index, and changes nothing else", () => {
    const source = readFileSync(CONTEXT, 'utf8');
    // An antd that no longer imports the index this way leaves the loader nothing to do: this fails then.
    expect(importsOf(source)).toContain('@rc-component/form');
    const output = withProviderModule(source);
    expect(importsOf(output)).not.toContain('@rc-component/form');
    expect(output).toContain("import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';");
    expect(output.replace('/es/FormContext', '')).toBe(source);
  });

  it("names the same provider the package's index exports, so pages with a form share one context", () => {
    const index = require('@rc-component/form') as { FormProvider: unknown };
    const own = require('@rc-component/form/lib/FormContext') as { FormProvider: unknown };
    expect(own.FormProvider).toBe(index.FormProvider);
    expect(readFileSync(join(ROOT, 'node_modules/@rc-component/form/es/FormContext.js'), 'utf8')).toMatch(/export \{ FormProvider \}/);
  });
});
