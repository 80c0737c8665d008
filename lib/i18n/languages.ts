/**
 * The portal's languages. The short names are the spec's (cookie values, message files);
 * the BCP 47 tags are what `<html lang>`, Intl and next-intl receive.
 */
export const LANGUAGES = ['en', 'zhTW', 'zhCN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = 'language';

export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  zhTW: 'zh-Hant-TW',
  zhCN: 'zh-Hans-CN',
};

/** Each language's name in itself, for the selector. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zhTW: '繁體中文',
  zhCN: '简体中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function languageOfTag(tag: string): Language | undefined {
  return LANGUAGES.find((language) => LANGUAGE_TAGS[language] === tag);
}
