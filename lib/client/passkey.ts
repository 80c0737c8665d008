'use client';

import { postJson, type ApiResult } from '@/lib/client/api';

/**
 * The browser's side of a passkey ceremony: the options from a portal route, the device's prompt
 * (@simplewebauthn/browser, loaded only when a passkey is used), the answer to another portal route.
 * `cancelled` when the person closed the prompt (nothing was changed).
 */
export async function withPasskey<T>(
  optionsBody: { purpose: 'second-step' | 'sign-in' } | { purpose: 'step-up' },
  finish: (assertion: unknown) => Promise<ApiResult<T>>,
): Promise<ApiResult<T> | { ok: false; error: { code: 'PASSKEY_CANCELLED'; message?: undefined } }> {
  // Signing in asks the sign-in routes; a step-up asks the signed-in user's own.
  const options =
    optionsBody.purpose === 'step-up'
      ? await postJson<{ options: Record<string, unknown> }>('/api/two-step/step-up-options', {})
      : await postJson<{ options: Record<string, unknown> }>('/api/auth/passkey/options', optionsBody, { onSessionEnd: 'return' });
  if (!options.ok) return options;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let assertion: unknown;
  try {
    assertion = await startAuthentication({ optionsJSON: options.data.options as never });
  } catch {
    return { ok: false, error: { code: 'PASSKEY_CANCELLED' } };
  }
  return finish(assertion);
}

/** Registers a new passkey of the signed-in user. */
export async function registerPasskey(name: string): Promise<ApiResult<{ id: number }> | { ok: false; error: { code: 'PASSKEY_CANCELLED'; message?: undefined } }> {
  const options = await postJson<{ options: Record<string, unknown> }>('/api/two-step/passkey-options', {});
  if (!options.ok) return options;
  const { startRegistration } = await import('@simplewebauthn/browser');
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: options.data.options as never });
  } catch {
    return { ok: false, error: { code: 'PASSKEY_CANCELLED' } };
  }
  return postJson<{ id: number }>('/api/two-step/passkey-add', { name, response });
}
