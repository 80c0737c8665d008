import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { detectLanguage } from './detect';
import { LANGUAGE_COOKIE, LANGUAGE_TAGS, type Language } from './languages';
import { BUSINESS_TIME_ZONE } from '../time/zone';

const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../messages/en.json'),
  zhTW: () => import('../../messages/zhTW.json'),
  zhCN: () => import('../../messages/zhCN.json'),
};

export async function requestLanguage(): Promise<Language> {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  return detectLanguage(cookieStore.get(LANGUAGE_COOKIE)?.value, headerList.get('accept-language'));
}

export default getRequestConfig(async () => {
  const language = await requestLanguage();
  return {
    locale: LANGUAGE_TAGS[language],
    messages: (await loaders[language]()).default,
    timeZone: BUSINESS_TIME_ZONE,
  };
});
