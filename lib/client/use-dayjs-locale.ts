import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useLocale } from 'next-intl';
import { DEFAULT_LANGUAGE, languageOfTag, type Language } from '@/lib/i18n/languages';

const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zhTW: 'zh-tw', zhCN: 'zh-cn' };

/**
 * antd's date pickers name months and weekdays in dayjs' locale, which follows the user's language.
 * Called by the component that draws the pickers, so pages without one load no dayjs.
 */
export function useDayjsLocale(): void {
  const language = languageOfTag(useLocale()) ?? DEFAULT_LANGUAGE;
  // dayjs keeps one global locale: set it only in the browser, where there is one user.
  if (typeof window !== 'undefined') dayjs.locale(DAYJS_LOCALES[language]);
}
