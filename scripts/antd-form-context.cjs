// A Turbopack loader for antd's form context in the browser's bundle (next.config.ts).
//
// Every antd input (button, select, picker, the shell's dropdowns) imports `antd/es/form/context`,
// which takes one thing from @rc-component/form: its FormProvider. The package's index sets statics on
// its Form at load time and declares no `sideEffects`, so that one import kept the whole package
// (Form, Field, List, useForm and async-validator: about 40 KB raw) on pages that have no form. The
// provider's own module is enough; pages with a form still load the index, which imports the same
// module, so there is one context. tests/unit/theme/antd-form-context.test.ts runs this on the
// installed antd.
const WHOLE_PACKAGE = /import \{ FormProvider as (\w+) \} from '@rc-component\/form';/;

/** antd's form context with its provider imported from the provider's own module. */
function withProviderModule(source) {
  return source.replace(WHOLE_PACKAGE, "import { FormProvider as $1 } from '@rc-component/form/es/FormContext';");
}

module.exports = withProviderModule;
module.exports.withProviderModule = withProviderModule;
