import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { createTranslator } from 'next-intl';
import type { GatewayError } from '../gateway/errors';
import { errorMessageKey } from '../gateway/message-key';
import { UPDATE_HEADER } from '../gateway/version';
import { detectLanguage } from '../i18n/detect';
import { LANGUAGE_COOKIE, LANGUAGE_TAGS, type Language } from '../i18n/languages';
import { currentRequest, noteUser } from '../log/request';
import { isSameOrigin } from '../security/same-origin';
import { isHttps } from './client';
import { sessionConfig } from '../session/config';
import { openSession, sealSession, sessionCookieSettings, type SessionData, type SessionState } from '../session/session';
import en from '../../messages/en.json';
import zhCN from '../../messages/zhCN.json';
import zhTW from '../../messages/zhTW.json';

const MESSAGES = { en, zhTW, zhCN };

export function requestLanguage(request: NextRequest): Language {
  return detectLanguage(request.cookies.get(LANGUAGE_COOKIE)?.value, request.headers.get('accept-language'));
}

/** Translations for a route handler, from the request's language. */
export function translatorFor(request: NextRequest) {
  const language = requestLanguage(request);
  return createTranslator({ locale: LANGUAGE_TAGS[language], messages: MESSAGES[language] });
}

const STATUS: Partial<Record<GatewayError['code'], number>> = {
  SESSION_EXPIRED: 401,
  LOGIN_EXPIRED: 401,
  NOT_SIGNED_IN: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  UNKNOWN_CALL: 404,
  INVALID_INPUT: 400,
  DUPLICATE_REQUEST: 409,
  RATE_LIMITED: 429,
  BUSY: 429,
  UNAVAILABLE: 503,
  OVERLOADED: 503,
  PAYLOAD_TOO_LARGE: 413,
  TIMEOUT: 504,
  NO_RESPONSE: 502,
  UPSTREAM_FAILED: 502,
  INVALID_ANSWER: 502,
  REQUEST_FAILED: 502,
};

/**
 * The browser's view of a failure: a stable code and a translated message, nothing else; for a fault
 * of ours or of the services (5xx) also the request id, which the page shows so support can find the
 * log line.
 */
export function failure(request: NextRequest, error: GatewayError, messageKey = errorMessageKey(error), newerVersion = false): NextResponse {
  const t = translatorFor(request);
  const status = error.code === 'UPSTREAM_REFUSED' ? (error.status ?? 400) : (STATUS[error.code] ?? 400);
  const params = error.params && Object.fromEntries(Object.entries(error.params).filter(([, v]) => typeof v === 'string' || typeof v === 'number'));
  const reference = status >= 500 ? currentRequest()?.requestId : undefined;
  const message = t(messageKey as never, params as never) + (reference ? ` ${t('errors.reference', { reference })}` : '');
  return withVersion(
    NextResponse.json({ ok: false, error: { code: error.upstreamCode ?? error.code, message, ...(reference ? { reference } : {}) } }, { status, headers: { 'cache-control': 'no-store' } }),
    newerVersion,
  );
}

/** Too many attempts: says when the user may try again, in minutes, and in a Retry-After header. */
export function rateLimited(request: NextRequest, waitMs: number): NextResponse {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const response = failure(request, { code: 'RATE_LIMITED', params: { minutes } });
  response.headers.set('retry-after', String(Math.ceil(waitMs / 1000)));
  return response;
}

/** A refused form: the first issue's own message key (a spec password message, an account rule, ...), else the generic one. */
export function invalidInput(request: NextRequest, issues: readonly { message: string }[]): NextResponse {
  const first = issues[0]?.message;
  return failure(request, { code: 'INVALID_INPUT' }, first && translatorFor(request).has(first as never) ? first : 'gateway.INVALID_INPUT');
}

/** An upstream failure; a dead token also ends the portal session. */
export function upstreamError(request: NextRequest, error: GatewayError): NextResponse {
  const response = failure(request, error);
  if (error.code === 'SESSION_EXPIRED') clearSessionCookie(request, response);
  return response;
}

export function success<T>(data: T, newerVersion = false): NextResponse {
  return withVersion(NextResponse.json({ ok: true, data }, { headers: { 'cache-control': 'no-store' } }), newerVersion);
}

/** Route handlers tell the browser when the upstream call they made announced a newer version (spec section 4). */
function withVersion(response: NextResponse, newerVersion: boolean): NextResponse {
  if (newerVersion) response.headers.set(UPDATE_HEADER, '1');
  return response;
}

/** Refuses state-changing requests from other sites. */
export function crossSite(request: NextRequest): NextResponse | null {
  return isSameOrigin(request) ? null : failure(request, { code: 'CROSS_SITE' });
}

/**
 * The opening of a signed-in route handler: a same-origin request with a live session. Answers the
 * session, or the refusal to send (a dead or missing session also clears the cookie).
 */
export async function signedIn(request: NextRequest): Promise<{ session: SessionData; refused?: undefined } | { session?: undefined; refused: NextResponse }> {
  const crossed = crossSite(request);
  if (crossed) return { refused: crossed };
  const { session } = await sessionOf(request);
  if (session) return { session };
  const response = failure(request, { code: 'NOT_SIGNED_IN' });
  clearSessionCookie(request, response);
  return { refused: response };
}

export async function sessionOf(request: NextRequest): Promise<SessionState> {
  const state = await openSession(request.cookies.get(sessionConfig().cookieName)?.value);
  if (state.session) noteUser(state.session.userId);
  return state;
}

const secureRequest = (request: NextRequest) => isHttps(request);

export async function setSessionCookie(request: NextRequest, response: NextResponse, session: SessionData) {
  response.cookies.set(sessionConfig().cookieName, await sealSession(session), sessionCookieSettings(secureRequest(request), session));
}

export function clearSessionCookie(request: NextRequest, response: NextResponse) {
  response.cookies.set(sessionConfig().cookieName, '', { ...sessionCookieSettings(secureRequest(request)), maxAge: 0 });
}

export { secureRequest };
