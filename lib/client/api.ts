'use client';

import { announceUpdate } from './update-signal';

/** What every portal route handler answers. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: { code: string; message?: string } };

/**
 * The answers that mean the portal session has ended. A bare 401 or 405 of the services ("login
 * information expired", LOGIN_EXPIRED) ends nothing (spec section 8: a message): sent to sign-in,
 * the user would be sent straight back to the dashboard by a session still alive.
 */
const SESSION_ENDED = new Set(['NOT_SIGNED_IN', 'SESSION_EXPIRED']);

/**
 * Set when the user signs out. A call still in flight (a badge's count, say) is then answered "session
 * ended" by the revocation itself; following it would race the sign-out's own page and tell the
 * user the session ended when they ended it.
 */
let signingOut = false;

export function markSigningOut() {
  signingOut = true;
}

/**
 * POSTs JSON to a portal route handler. Announces a newer upstream version (the update prompt
 * listens) and sends the user to sign in again when the session has ended. Never throws.
 */
export function postJson<T>(url: string, body: unknown, options: { onSessionEnd?: 'redirect' | 'return' } = {}): Promise<ApiResult<T>> {
  return requestJson(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }, options);
}

/** GETs a portal route handler's JSON, as postJson; a call the caller aborted answers ABORTED. */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<ApiResult<T>> {
  return requestJson(url, { signal });
}

async function requestJson<T>(url: string, init: RequestInit, options: { onSessionEnd?: 'redirect' | 'return' } = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    return { ok: false, error: { code: init.signal?.aborted ? 'ABORTED' : 'NO_RESPONSE' } };
  }
  if (response.headers.get('x-portal-update')) announceUpdate();
  let result: ApiResult<T>;
  try {
    result = (await response.json()) as ApiResult<T>;
  } catch {
    return { ok: false, error: { code: init.signal?.aborted ? 'ABORTED' : 'INVALID_ANSWER' } };
  }
  return followSessionEnd(result, options);
}

/** Sends the user to sign in again when the answer says the session has ended (unless the caller handles it). */
export function followSessionEnd<T>(result: ApiResult<T>, options: { onSessionEnd?: 'redirect' | 'return' } = {}): ApiResult<T> {
  if (!result.ok && SESSION_ENDED.has(result.error.code) && options.onSessionEnd !== 'return' && !signingOut) {
    // A full load, not a client navigation: nothing of the ended session may stay in memory.
    window.location.replace('/login?notice=sessionEnded');
  }
  return result;
}
