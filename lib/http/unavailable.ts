import { createTranslator } from 'next-intl';
import { detectLanguage } from '../i18n/detect';
import { LANGUAGE_COOKIE, LANGUAGE_TAGS } from '../i18n/languages';
import en from '../../messages/en.json';
import zhCN from '../../messages/zhCN.json';
import zhTW from '../../messages/zhTW.json';

const MESSAGES = { en, zhTW, zhCN };

/**
 * Why the portal answers 503: the shared store (Redis) is away, so what needs it is refused rather
 * than done on one instance's memory; or the process has more work than it can start soon, so a
 * new request is refused at once rather than queued into a time-out (docs/operations.md).
 */
export type UnavailableReason = 'store' | 'overloaded';

/** What the answer needs of the request: its headers, read the same way from Node and from Next.js. */
export interface AskedBy {
  cookie: string | null;
  acceptLanguage: string | null;
  /** A document (a page the browser shows), not a call that wants JSON. */
  document: boolean;
}

const cookieValue = (header: string | null, name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '')?.[1];

/** The translated 503: a small page for a document, the portal's JSON failure for a call; Retry-After either way. */
export function unavailableAnswer(reason: UnavailableReason, asked: AskedBy, retryAfterSeconds: number): { status: 503; headers: Record<string, string>; body: string } {
  const language = detectLanguage(cookieValue(asked.cookie, LANGUAGE_COOKIE), asked.acceptLanguage);
  const t = createTranslator({ locale: LANGUAGE_TAGS[language], messages: MESSAGES[language] });
  const headers = { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' };
  const code = reason === 'store' ? 'UNAVAILABLE' : 'OVERLOADED';
  const message = t(`gateway.${code}`);
  if (!asked.document) {
    return { status: 503, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ ok: false, error: { code, message } }) };
  }
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = `<!doctype html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t('unavailable.title'))}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f1f1f"><p style="color:#8c8c8c;font-size:2.5rem;margin:0">503</p><h1 style="font-size:1.5rem">${escape(t('unavailable.title'))}</h1><p>${escape(message)}</p><p><a href="" style="color:#0b5cab">${escape(t('unavailable.retry'))}</a></p></body></html>`;
  // The page has no script and loads nothing; its own policy says so.
  return { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" }, body };
}
