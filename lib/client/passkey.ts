'use client';

import { postJson, type ApiResult } from '@/lib/client/api';

/**
 * The browser's side of a passkey ceremony: the options from a portal route, the device's prompt
 * (@simplewebauthn/browser, loaded only when a passkey is used), the answer to another portal route.
 */

/** Why a ceremony ended in the browser without an answer (nothing was sent, nothing changed). */
type PasskeyProblem = 'PASSKEY_CANCELLED' | 'PASSKEY_UNSUPPORTED' | 'PASSKEY_FAILED';
type Refused = { ok: false; error: { code: PasskeyProblem; message?: undefined } };

/** The message (under `twoStep.`) of each problem the browser meets. */
const PASSKEY_PROBLEM_MESSAGES: Record<PasskeyProblem, 'passkeys.cancelled' | 'passkeys.unsupported' | 'errors.passkeyFailed'> = {
  PASSKEY_CANCELLED: 'passkeys.cancelled',
  PASSKEY_UNSUPPORTED: 'passkeys.unsupported',
  PASSKEY_FAILED: 'errors.passkeyFailed',
};

/** A failed passkey step's message: the browser's problem translated, else the portal's own message. */
export function passkeyMessage(error: { code: string; message?: string }, translate: (key: (typeof PASSKEY_PROBLEM_MESSAGES)[PasskeyProblem]) => string): string {
  const problem = PASSKEY_PROBLEM_MESSAGES[error.code as PasskeyProblem];
  return problem ? translate(problem) : (error.message ?? translate('errors.passkeyFailed'));
}

const refused = (code: PasskeyProblem): Refused => ({ ok: false, error: { code } });
type Browser = typeof import('@simplewebauthn/browser');

/** Asks the options, then the device: its answer, or why there is none (closed by the person, no WebAuthn here, a device error). */
async function ceremony<T>(options: () => Promise<ApiResult<{ options: Record<string, unknown> }>>, prompt: (browser: Browser, optionsJSON: never) => Promise<T>): Promise<ApiResult<T> | Refused> {
  const browser = await import('@simplewebauthn/browser');
  if (!browser.browserSupportsWebAuthn()) return refused('PASSKEY_UNSUPPORTED');
  const asked = await options();
  if (!asked.ok) return asked;
  try {
    return { ok: true, data: await prompt(browser, asked.data.options as never) };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return refused(name === 'NotAllowedError' || name === 'AbortError' ? 'PASSKEY_CANCELLED' : 'PASSKEY_FAILED');
  }
}

/** Signs with a passkey: for the sign-in routes (second step, sign-in with a passkey) or a signed-in user's step-up. */
export async function withPasskey<T>(optionsBody: { purpose: 'second-step' | 'sign-in' } | { purpose: 'step-up' }, finish: (assertion: unknown) => Promise<ApiResult<T>>): Promise<ApiResult<T> | Refused> {
  const assertion = await ceremony(
    () =>
      optionsBody.purpose === 'step-up'
        ? postJson<{ options: Record<string, unknown> }>('/api/two-step/step-up-options', {})
        : postJson<{ options: Record<string, unknown> }>('/api/auth/passkey/options', optionsBody, { onSessionEnd: 'return' }),
    (browser, optionsJSON) => browser.startAuthentication({ optionsJSON }),
  );
  return assertion.ok ? finish(assertion.data) : assertion;
}

/** Registers a new passkey of the signed-in user. */
export async function registerPasskey(name: string): Promise<ApiResult<{ id: number }> | Refused> {
  const response = await ceremony(
    () => postJson<{ options: Record<string, unknown> }>('/api/two-step/passkey-options', {}),
    (browser, optionsJSON) => browser.startRegistration({ optionsJSON }),
  );
  return response.ok ? postJson<{ id: number }>('/api/two-step/passkey-add', { name, response: response.data }) : response;
}
