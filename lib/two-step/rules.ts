import { z } from 'zod';
import { AUTHENTICATOR_CODE, normaliseAuthenticatorCode, normaliseRecoveryCode, RECOVERY_CODE } from './codes';

/**
 * The second factor's schemas (issue 26), one rule each for the browser's forms, the portal's route
 * handlers and the reference services (formats and numbers without zod: codes.ts).
 */

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

/** A passkey's name, given by its owner to tell several apart. */
export const passkeyNameSchema = z.string().trim().min(1, 'twoStep.errors.nameRequired').max(60, 'twoStep.errors.nameTooLong');

/** The second step's form: exactly one proof, and whether to trust this device for 30 days. */
export const secondStepSchema = z
  .object({ ...proofFields, trustDevice: z.boolean().default(false) })
  .refine((input) => [input.code, input.recoveryCode, input.assertion].filter(Boolean).length === 1, { message: 'twoStep.errors.codeFormat', path: ['code'] });

/** A step-up's proof, sent with the change it confirms (refund decisions, account changes, removing a factor). */
export const stepUpSchema = z.object(proofFields);
