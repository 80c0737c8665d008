import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import compile from 'icu-minify/compile';
import { createTranslator } from 'next-intl';
import formatCompiled from 'use-intl/format-message/format-only';
import { LANGUAGE_TAGS, LANGUAGES } from '@/lib/i18n/languages';
import en from '@/messages/en.json';
import zhCN from '@/messages/zhCN.json';
import zhTW from '@/messages/zhTW.json';

/**
 * The build compiles the message files (next.config.ts, next-intl's `precompile`) and formats them
 * with use-intl's `format-only`; the tests and the development server parse them. Every message,
 * in every language, must say the same either way.
 */
type Messages = { [key: string]: string | Messages };
const MESSAGES: Record<string, Messages> = { en, zhTW, zhCN };
const FORMATTERS = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

function entries(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`)));
}

/** Each argument of a message: numbers for plurals and number formats, a word for the rest. */
function argumentsOf(elements: MessageFormatElement[], found: Record<string, 'number' | 'text' | 'choice'> = {}) {
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.number) found[element.value] = 'number';
    else if (element.type === TYPE.select) found[element.value] = 'choice';
    else if (element.type === TYPE.argument) found[element.value] ??= 'text';
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, found);
  }
  return found;
}

describe.each(LANGUAGES)('the %s messages, compiled as the build compiles them', (language) => {
  const locale = LANGUAGE_TAGS[language];
  const t = createTranslator({ locale, messages: MESSAGES[language] as never });

  it('format as the parsed ones do, with every plural form', () => {
    const differ: string[] = [];
    let checked = 0;
    for (const [key, message] of entries(MESSAGES[language] as Messages)) {
      const kinds = Object.entries(argumentsOf(parse(message)));
      for (const count of [0, 1, 2, 1234.5]) {
        const values = Object.fromEntries(kinds.map(([name, kind]) => [name, kind === 'number' ? count : kind === 'choice' ? 'other' : 'Value']));
        const parsed = t(key as never, values as never);
        const compiled = formatCompiled(key, compile(message), values, { locale, formatters: FORMATTERS } as never);
        checked += 1;
        if (compiled !== parsed) differ.push(`${key} ${JSON.stringify(values)}: ${JSON.stringify(parsed)} / ${JSON.stringify(compiled)}`);
      }
    }
    expect(differ).toEqual([]);
    expect(checked).toBeGreaterThan(4000);
  });
});
