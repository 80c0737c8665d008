/**
 * The second factor's formats and numbers (issue 26), one each for the browser's forms, the portal's
 * route handlers and the reference services. No zod here: browser components import this module on
 * their first load, and a zod object built before lib/client/zod-setup.ts runs tries eval, which
 * the portal's CSP refuses (the schemas are in rules.ts).
 */

/** An authenticator app's code: six digits (RFC 6238 with the apps' defaults). */
export const AUTHENTICATOR_CODE = /^\d{6}$/;

/** A recovery code `xxxxx-xxxxx`: lowercase letters and digits without the look-alikes 0, 1, l, o. */
export const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE = /^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/;
export const RECOVERY_CODES_ISSUED = 10;

/** What a person may type: spaces and a missing dash forgiven, capitals read as small letters. */
export function normaliseRecoveryCode(typed: string): string {
  const compact = typed.toLowerCase().replace(/[\s-]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : typed.trim().toLowerCase();
}

/** Spaces typed or pasted inside a code ("123 456") are not part of it. */
export const normaliseAuthenticatorCode = (typed: string) => typed.replace(/\s/g, '');

/** A typed code as the proof its method sends (`{ code }` or `{ recoveryCode }`), or undefined when it is not of the method's format. */
export function typedProof(method: 'code' | 'recovery', typed: string): { code: string } | { recoveryCode: string } | undefined {
  if (method === 'code') {
    const code = normaliseAuthenticatorCode(typed);
    return AUTHENTICATOR_CODE.test(code) ? { code } : undefined;
  }
  const recoveryCode = normaliseRecoveryCode(typed);
  return RECOVERY_CODE.test(recoveryCode) ? { recoveryCode } : undefined;
}

/** The secret as the set-up dialog shows it for typing by hand: groups of four. */
export const groupSecret = (base32: string) => base32.match(/.{1,4}/g)?.join(' ') ?? '';

/**
 * Who a customer administrator requires a second factor of: nobody, the roles that approve refunds
 * or manage accounts, or every user of the organisation.
 */
export const FACTOR_POLICIES = ['none', 'approvers', 'all'] as const;
export type FactorPolicy = (typeof FACTOR_POLICIES)[number];

/** How long a trusted device skips the second step, and a remembered sign-in lasts (spec: 1 day). */
export const TRUSTED_DEVICE_DAYS = 30;
export const REMEMBER_DAYS = 1;

/** Wrong codes in a row before the second step locks (the password lockout's duration applies). */
export const FACTOR_LOCKOUT_FAILURES = 5;
