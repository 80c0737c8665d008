import { GLOSSARY } from '@/lib/i18n/glossary';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import en from '@/messages/en.json';
import zhCN from '@/messages/zhCN.json';
import zhTW from '@/messages/zhTW.json';
import { flatten } from '../../support/messages';


const MESSAGES: Record<Language, Map<string, string>> = { en: flatten(en), zhTW: flatten(zhTW), zhCN: flatten(zhCN) };
// English terms start a label ("Merchant no.") or sit in a sentence ("the merchant number"): case does not matter.
const fold = (language: Language, text: string) => (language === 'en' ? text.toLowerCase() : text);
const uses = (language: Language, message: string, word: string | RegExp) =>
  typeof word === 'string' ? fold(language, message).includes(fold(language, word)) : word.test(message);

describe('one term per concept in each language (lib/i18n/glossary.ts)', () => {
  it('names only messages that exist, and each concept once', () => {
    for (const entry of GLOSSARY) {
      expect({ concept: entry.concept, missing: entry.keys.filter((key) => !MESSAGES.en.has(key)) }).toEqual({ concept: entry.concept, missing: [] });
    }
    const concepts = GLOSSARY.map((entry) => entry.concept);
    expect(new Set(concepts).size).toBe(concepts.length);
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const messages = MESSAGES[language];

    it.each(GLOSSARY.map((entry) => [entry.concept, entry] as const))('every screen and message names %s with the same term', (_concept, entry) => {
      const forms = entry.term[language];
      const without = entry.keys.filter((key) => !forms.some((form) => uses(language, messages.get(key) ?? '', form)));
      expect({ term: forms, without: without.map((key) => `${key}: ${messages.get(key)}`) }).toEqual({ term: forms, without: [] });
    });

    it.each(GLOSSARY.filter((entry) => entry.avoid?.[language]?.length).map((entry) => [entry.concept, entry] as const))('no message names %s with another word', (_concept, entry) => {
      const avoided = entry.avoid?.[language] ?? [];
      const found = [...messages].filter(([, message]) => avoided.some((word) => uses(language, message, word))).map(([key, message]) => `${key}: ${message}`);
      expect({ avoid: avoided.map(String), found }).toEqual({ avoid: avoided.map(String), found: [] });
    });
  });
});
