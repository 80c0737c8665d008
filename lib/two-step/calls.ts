import 'server-only';
import { z } from 'zod';
import { FACTOR_POLICIES } from './codes';
import { assertionSchema, passkeyNameSchema, proofFields, registrationSchema } from './rules';
import { calls, define, loginItem } from '../gateway/define';

/** The second factor's calls (issue 26): the sign-in's second step, passkeys, set-up, policy and reset. */

const deviceFields = { trustDevice: z.boolean().optional(), deviceLabel: z.string().max(120).optional() };
/** WebAuthn options as the services' library makes them; the browser's library reads them. */
const ceremonyOptions = z.looseObject({ options: z.looseObject({ challenge: z.string() }) });
const done = z.looseObject({ success: z.literal(1) });
const stamp = z.string();

export const FACTOR_CALLS = calls({
  secondStep: define({
    method: 'POST',
    path: '/sso/api/v1/login/secondStep',
    public: true,
    input: z.object({ ticket: z.string().min(1).max(100), ...proofFields, ...deviceFields }),
    // The login answer (the registry's), with the trusted device's token and the recovery codes left.
    answer: z.array(loginItem.extend({ deviceToken: z.string().optional(), recoveryRemaining: z.number().int().optional() })).min(1),
  }),
  passkeyOptions: define({ method: 'POST', path: '/sso/api/v1/login/passkeyOptions', public: true, input: z.object({ ticket: z.string().max(100).optional() }), answer: ceremonyOptions }),
  passkeySignIn: define({
    method: 'POST',
    path: '/sso/api/v1/login/passkey',
    public: true,
    input: z.object({ assertion: assertionSchema, ...deviceFields }),
    answer: z.array(loginItem.extend({ deviceToken: z.string().optional() })).min(1),
  }),
  factorStatus: define({
    method: 'GET',
    path: '/sso/api/v1/factor/status',
    input: z.object({}),
    answer: z.looseObject({
      totp: z.boolean(),
      recoveryRemaining: z.number().int(),
      passkeys: z.array(z.object({ id: z.number().int(), name: z.string(), createdAt: stamp, lastUsedAt: stamp })),
      devices: z.array(z.object({ id: z.number().int(), label: z.string(), createdAt: stamp, lastUsedAt: stamp, expiresAt: stamp })),
      required: z.boolean(),
      policy: z.enum(FACTOR_POLICIES).optional(),
    }),
  }),
  totpStart: define({ method: 'POST', path: '/sso/api/v1/factor/totp/start', input: z.object({}), answer: z.looseObject({ secret: z.string().min(16), uri: z.string().startsWith('otpauth://') }) }),
  totpConfirm: define({ method: 'POST', path: '/sso/api/v1/factor/totp/confirm', input: z.object({ code: proofFields.code.unwrap() }), answer: z.looseObject({ recoveryCodes: z.array(z.string()).length(10) }) }),
  recoveryRegenerate: define({ method: 'POST', path: '/sso/api/v1/factor/recovery/regenerate', input: z.object(proofFields), answer: z.looseObject({ recoveryCodes: z.array(z.string()).length(10) }) }),
  totpRemove: define({ method: 'POST', path: '/sso/api/v1/factor/totp/remove', input: z.object(proofFields), answer: done }),
  passkeyRegisterOptions: define({ method: 'POST', path: '/sso/api/v1/factor/passkey/registerOptions', input: z.object({}), answer: ceremonyOptions }),
  passkeyRegister: define({ method: 'POST', path: '/sso/api/v1/factor/passkey/register', input: z.object({ name: passkeyNameSchema, response: registrationSchema }), answer: z.looseObject({ id: z.number().int() }) }),
  passkeyRename: define({ method: 'POST', path: '/sso/api/v1/factor/passkey/rename', input: z.object({ id: z.number().int().positive(), name: passkeyNameSchema }), answer: done }),
  passkeyRemove: define({ method: 'POST', path: '/sso/api/v1/factor/passkey/remove', input: z.object({ id: z.number().int().positive(), ...proofFields }), answer: done }),
  stepUpChallenge: define({ method: 'POST', path: '/sso/api/v1/factor/passkey/challenge', input: z.object({}), answer: ceremonyOptions }),
  deviceRemove: define({ method: 'POST', path: '/sso/api/v1/factor/device/remove', input: z.object({ id: z.number().int().positive() }), answer: done }),
  rememberDevice: define({ method: 'POST', path: '/sso/api/v1/factor/remember', input: z.object({ label: z.string().max(120).optional() }), answer: z.looseObject({ rememberToken: z.string().min(20) }) }),
  factorPolicy: define({ method: 'POST', path: '/sso/api/v1/factor/policy', input: z.object({ policy: z.enum(FACTOR_POLICIES) }), answer: done }),
  factorReset: define({ method: 'POST', path: '/sso/api/v1/factor/reset', input: z.object({ userId: z.number().int().positive() }), answer: done, menus: ['accountStatus'] }),
  menuCodes: define({ method: 'POST', path: '/sso/api/v1/menu', input: z.object({}), answer: z.looseObject({ headers: z.array(z.string()) }) }),
});
