import { z } from 'zod';

/**
 * The second factor's formats (issue 26), one rule each for the browser's forms, the portal's route
 * handlers and the reference services.
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

export const authenticatorCodeSchema = z.string().max(20).transform(normaliseAuthenticatorCode).pipe(z.string().regex(AUTHENTICATOR_CODE, 'twoStep.errors.codeFormat'));
export const recoveryCodeSchema = z.string().max(30).transform(normaliseRecoveryCode).pipe(z.string().regex(RECOVERY_CODE, 'twoStep.errors.recoveryFormat'));

/** A WebAuthn assertion as @simplewebauthn/browser hands it over; the services' library checks the rest. */
export const assertionSchema = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(4000), authenticatorData: z.string().max(4000), signature: z.string().max(2000), userHandle: z.string().max(200).optional() }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** A passkey's registration as @simplewebauthn/browser hands it over. */
export const registrationSchema = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(4000), attestationObject: z.string().max(16000) }),
});

/** The second factor proven for a second step or a step-up: one of a code, a recovery code, a passkey. */
export const proofFields = { code: authenticatorCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional(), assertion: assertionSchema.optional() };

/** The secret as the set-up dialog shows it for typing by hand: groups of four. */
export const groupSecret = (base32: string) => base32.match(/.{1,4}/g)?.join(' ') ?? '';

/** A passkey's name, given by its owner to tell several apart. */
export const passkeyNameSchema = z.string().trim().min(1, 'twoStep.errors.nameRequired').max(60, 'twoStep.errors.nameTooLong');

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

/** The second step's form: exactly one proof, and whether to trust this device for 30 days. */
export const secondStepSchema = z
  .object({ ...proofFields, trustDevice: z.boolean().default(false) })
  .refine((input) => [input.code, input.recoveryCode, input.assertion].filter(Boolean).length === 1, { message: 'twoStep.errors.codeFormat', path: ['code'] });

/** A step-up's proof, sent with the change it confirms (refund decisions, account changes, removing a factor). */
export const stepUpSchema = z.object(proofFields);
