import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

/**
 * Maps one Accept-Language tag to a portal language, or undefined when the portal has none for it.
 * zh-TW, zh-HK, zh-MO and any zh-Hant tag are Traditional; every other zh tag is Simplified.
 */
export function languageOfAcceptTag(tag: string): Language | undefined {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  if (parts[0] === 'en') return 'en';
  if (parts[0] !== 'zh') return undefined;
  const rest = parts.slice(1);
  if (rest.includes('hant')) return 'zhTW';
  if (rest.includes('hans')) return 'zhCN';
  return rest.some((part) => TRADITIONAL_REGIONS.has(part)) ? 'zhTW' : 'zhCN';
}

/** The Accept-Language header's tags, most preferred first; malformed or q=0 entries are dropped. */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The user's language: the `language` cookie when it names one of ours, else the first
 * Accept-Language preference the portal speaks, else English.
 */
export function detectLanguage(cookie: string | undefined, acceptLanguage: string | null | undefined): Language {
  if (isLanguage(cookie)) return cookie;
  for (const tag of parseAcceptLanguage(acceptLanguage ?? '')) {
    const language = languageOfAcceptTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
