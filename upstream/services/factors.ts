import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { FACTOR_POLICIES, RECOVERY_CODES_ISSUED } from '../../lib/two-step/codes';
import { authenticatorCodeSchema, passkeyNameSchema, proofFields, registrationSchema } from '../../lib/two-step/rules';
import { factorKeyOf, relyingParty } from '../config';
import type { Queryable } from '../db/database';
import { authedCall, type AuthedContext, type Endpoint } from '../http/endpoint';
import { forbidden, notFound, ServiceError } from '../http/errors';
import { optionalText, wholeNumber } from '../http/inputs';
import { authenticatorUri, hashFactorToken, matchingStep, newAuthenticatorSecret, newRecoveryCodes, openSecret, sealSecret } from '../rules/factor-secrets';
import { factorRequired, policyOfOrganisation } from './factor-policy';
import { assertionOptions, consumeChallenge, factorsOf, hasFactor, stepUp, storeChallenge } from './factor-proof';
import { issueDeviceToken, revokeDeviceTokens } from './second-step';

/**
 * A user's second factors (issue 26): the authenticator app (enrol, confirm with a code, remove),
 * recovery codes, passkeys, trusted devices, remembered sign-ins; the customer administrator's
 * policy and reset of another user's factors. Every change is logged in its own transaction.
 */

const ISSUER = 'Merchant portal';

/** COSE algorithm ids: EdDSA, ES256, RS256. */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

const status = authedCall({
  method: 'GET',
  path: '/sso/api/v1/factor/status',
  duringFactorSetup: true,
  input: z.object({}),
  async handle(context) {
    const { db, principal, clock } = context;
    const userId = principal.userId;
    const [factors, [recovery], passkeys, devices, [user]] = await Promise.all([
      factorsOf(db, userId),
      db.query<{ remaining: number }>('SELECT count(*)::int AS remaining FROM factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]),
      db.query(`SELECT id, name, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt", coalesce(to_char(last_used_at, 'YYYY-MM-DD HH24:MI:SS'), '') AS "lastUsedAt" FROM factor_passkeys WHERE user_id = $1 ORDER BY id`, [userId]),
      db.query(
        `SELECT id, label, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt", coalesce(to_char(last_used_at, 'YYYY-MM-DD HH24:MI:SS'), '') AS "lastUsedAt",
                to_char(expires_at, 'YYYY-MM-DD HH24:MI:SS') AS "expiresAt"
           FROM device_tokens WHERE user_id = $1 AND kind = 'trusted' AND revoked_at IS NULL AND expires_at > $2 ORDER BY id`,
        [userId, clock.timestamp()],
      ),
      db.query<{ type: string; type_no: string; role_id: number }>('SELECT type, type_no, role_id FROM users WHERE user_id = $1', [userId]),
    ]);
    const administers = principal.roleId === 1 && principal.type === 'CUSTOMER';
    return {
      totp: factors.totp,
      recoveryRemaining: recovery?.remaining ?? 0,
      passkeys,
      devices,
      required: user ? await factorRequired(db, user) : false,
      // The organisation's policy, for the administrator who sets it.
      ...(administers ? { policy: await policyOfOrganisation(db, principal.typeNo) } : {}),
    };
  },
});

/** Refuses removing the last factor of a user whose organisation requires one. */
async function keepsRequiredFactor(context: AuthedContext, after: { totp: boolean; passkeys: number }) {
  const [user] = await context.db.query<{ type: string; type_no: string; role_id: number }>('SELECT type, type_no, role_id FROM users WHERE user_id = $1', [context.principal.userId]);
  if (!hasFactor(after) && user && (await factorRequired(context.db, user))) {
    throw new ServiceError(409, 'FACTOR_REQUIRED_BY_POLICY', 'Your organisation requires a second factor: add another before removing this one');
  }
}

/** A factor now exists: the user's sessions confined to set-up (issue 26) serve every call again. */
async function endFactorSetup(db: Queryable, userId: number) {
  await db.query('UPDATE tokens SET factor_setup = false WHERE user_id = $1 AND factor_setup', [userId]);
}

const totpStart = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/totp/start',
  duringFactorSetup: true,
  input: z.object({}),
  async handle(context) {
    const { db, clock, config, principal } = context;
    if ((await factorsOf(db, principal.userId)).totp) throw new ServiceError(409, 'FACTOR_ALREADY_ENROLLED', 'An authenticator app is already set up');
    const secret = newAuthenticatorSecret();
    await db.query(
      `INSERT INTO factor_totp (user_id, secret_sealed, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, created_at = excluded.created_at, confirmed_at = NULL, last_step = 0`,
      [principal.userId, sealSecret(secret, factorKeyOf(config)), clock.timestamp()],
    );
    // The only answer that ever carries the secret: the set-up dialog's QR code and text.
    return { secret, uri: authenticatorUri(secret, principal.account, ISSUER) };
  },
});

/** Ten new recovery codes of the caller in place of any before (used or not); answered once, kept as keyed hashes. */
async function issueRecoveryCodes(context: AuthedContext): Promise<string[]> {
  const { db, clock, config, principal } = context;
  const key = factorKeyOf(config);
  const codes = newRecoveryCodes(RECOVERY_CODES_ISSUED);
  await db.query('DELETE FROM factor_recovery_codes WHERE user_id = $1', [principal.userId]);
  for (const code of codes) {
    await db.query('INSERT INTO factor_recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)', [principal.userId, hashFactorToken(code, key), clock.timestamp()]);
  }
  return codes;
}

const totpConfirm = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/totp/confirm',
  duringFactorSetup: true,
  input: z.object({ code: authenticatorCodeSchema }),
  async handle(context, input) {
    const { db, clock, config, principal } = context;
    const key = factorKeyOf(config);
    const [pending] = await db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM factor_totp WHERE user_id = $1 AND confirmed_at IS NULL FOR UPDATE', [principal.userId]);
    if (!pending) throw new ServiceError(409, 'FACTOR_NOT_STARTED', 'Start the set-up again');
    const step = matchingStep(openSecret(pending.secret_sealed, key), input.code, clock.now().getTime());
    if (step === null) throw new ServiceError(422, 'FACTOR_SETUP_CODE_WRONG', 'The code is not right; check the time of the device the app runs on');
    await db.query('UPDATE factor_totp SET confirmed_at = $2, last_step = $3 WHERE user_id = $1', [principal.userId, clock.timestamp(), step]);
    const codes = await issueRecoveryCodes(context);
    await endFactorSetup(db, principal.userId);
    await context.log('factor.totp.enrol', principal.account, { recoveryCodes: codes.length });
    // Shown once: only their hashes stay.
    return { recoveryCodes: codes };
  },
});

const totpRemove = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/totp/remove',
  input: z.object(proofFields),
  async handle(context, input) {
    const { db, principal } = context;
    const factors = await factorsOf(db, principal.userId);
    if (!factors.totp) throw notFound('No authenticator app is set up');
    await keepsRequiredFactor(context, { ...factors, totp: false });
    await stepUp(context, input);
    await db.query('DELETE FROM factor_totp WHERE user_id = $1', [principal.userId]);
    await db.query('DELETE FROM factor_recovery_codes WHERE user_id = $1', [principal.userId]);
    await context.log('factor.totp.remove', principal.account);
    return { success: 1 };
  },
});

/**
 * New recovery codes without setting up the app again (all used, or a copy lost): the second factor
 * is asked (step-up), every earlier code stops working, the new ten are answered once.
 */
const recoveryRegenerate = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/recovery/regenerate',
  input: z.object(proofFields),
  async handle(context, input) {
    const { db, principal } = context;
    // Recovery codes stand in for the authenticator app's code: without the app there are none.
    const [totp] = await db.query('SELECT 1 FROM factor_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL FOR UPDATE', [principal.userId]);
    if (!totp) throw new ServiceError(409, 'FACTOR_NOT_ENROLLED', 'Set up an authenticator app first');
    await stepUp(context, input);
    const codes = await issueRecoveryCodes(context);
    await context.log('factor.recovery.regenerate', principal.account, { recoveryCodes: codes.length });
    return { recoveryCodes: codes };
  },
});

const passkeyRegisterOptions = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/passkey/registerOptions',
  duringFactorSetup: true,
  input: z.object({}),
  async handle(context) {
    const { db, principal } = context;
    const existing = await db.query<{ credential_id: string }>('SELECT credential_id FROM factor_passkeys WHERE user_id = $1', [principal.userId]);
    const options = await generateRegistrationOptions({
      rpName: ISSUER,
      rpID: relyingParty(context.config).id,
      userName: principal.account,
      userDisplayName: principal.name,
      userID: new TextEncoder().encode(`portal-user-${principal.userId}`),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credential_id })),
      // Discoverable, so that "Sign in with a passkey" needs no account name.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      // The algorithms every platform authenticator and security key offers. The library's default
      // puts ML-DSA-44 first where Node has it (experimental in Node 24): an authenticator that
      // takes it signs with 2.4 KB signatures, past what the portal's assertion schema accepts.
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    await storeChallenge(context, options.challenge, 'register', principal.userId);
    return { options };
  },
});

const passkeyRegister = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/passkey/register',
  duringFactorSetup: true,
  input: z.object({
    name: passkeyNameSchema,
    response: registrationSchema,
  }),
  async handle(context, input) {
    const { db, clock, principal } = context;
    const challenge = await consumeChallenge(context, input.response.response.clientDataJSON, 'register', principal.userId);
    const rp = relyingParty(context.config);
    let verified;
    try {
      verified = await verifyRegistrationResponse({ response: input.response as unknown as RegistrationResponseJSON, expectedChallenge: challenge, expectedOrigin: rp.origins, expectedRPID: rp.id, requireUserVerification: false });
    } catch {
      verified = { verified: false as const };
    }
    if (!verified.verified) throw new ServiceError(422, 'PASSKEY_REFUSED', 'The passkey could not be verified');
    const { credential } = verified.registrationInfo;
    const [taken] = await db.query('SELECT 1 FROM factor_passkeys WHERE credential_id = $1', [credential.id]);
    if (taken) throw new ServiceError(409, 'PASSKEY_EXISTS', 'This passkey is already registered');
    const [row] = await db.query<{ id: number }>(
      'INSERT INTO factor_passkeys (user_id, credential_id, public_key, counter, transports, name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
      [principal.userId, credential.id, Buffer.from(credential.publicKey).toString('base64url'), credential.counter, (credential.transports ?? []).join(','), input.name, clock.timestamp()],
    );
    await endFactorSetup(db, principal.userId);
    await context.log('factor.passkey.add', input.name, { passkeyId: row?.id });
    return { id: row?.id };
  },
});

/** A passkey of the caller's own, locked for the change. */
async function ownPasskey(context: AuthedContext, id: number) {
  const [row] = await context.db.query<{ name: string }>('SELECT name FROM factor_passkeys WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, context.principal.userId]);
  if (!row) throw notFound('No such passkey');
  return row;
}

const passkeyRename = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/passkey/rename',
  input: z.object({ id: wholeNumber(1), name: passkeyNameSchema }),
  async handle(context, input) {
    const before = await ownPasskey(context, input.id);
    await context.db.query('UPDATE factor_passkeys SET name = $2 WHERE id = $1', [input.id, input.name]);
    await context.log('factor.passkey.rename', input.name, { passkeyId: input.id, before: before.name });
    return { success: 1 };
  },
});

const passkeyRemove = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/passkey/remove',
  input: z.object({ id: wholeNumber(1), ...proofFields }),
  async handle(context, input) {
    const passkey = await ownPasskey(context, input.id);
    const factors = await factorsOf(context.db, context.principal.userId);
    await keepsRequiredFactor(context, { ...factors, passkeys: factors.passkeys - 1 });
    await stepUp(context, input);
    await context.db.query('DELETE FROM factor_passkeys WHERE id = $1', [input.id]);
    await context.log('factor.passkey.remove', passkey.name, { passkeyId: input.id });
    return { success: 1 };
  },
});

/** A passkey challenge for step-up: the browser signs it, the step-up call proves it. */
const stepUpOptions = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/passkey/challenge',
  input: z.object({}),
  async handle(context) {
    return { options: await assertionOptions(context, 'step-up', context.principal.userId) };
  },
});

const deviceRemove = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/device/remove',
  input: z.object({ id: wholeNumber(1) }),
  async handle(context, input) {
    const [row] = await context.db.query<{ label: string }>(
      "UPDATE device_tokens SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND kind = 'trusted' AND revoked_at IS NULL RETURNING label",
      [input.id, context.principal.userId, context.clock.timestamp()],
    );
    if (!row) throw notFound('No such trusted device');
    await context.log('factor.device.remove', row.label, { deviceId: input.id });
    return { success: 1 };
  },
});

/** Remember me: a one-day token that stands in for the password once, then is replaced. */
const remember = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/remember',
  duringFactorSetup: true,
  input: z.object({ label: optionalText(120) }),
  async handle(context, input) {
    const issued = await issueDeviceToken(context, context.principal.userId, 'remember', input.label ?? '');
    await context.log('device.remember', input.label ?? '');
    return { rememberToken: issued.token, expiresAt: issued.expiresAt };
  },
});

function requireCustomerAdministrator(context: AuthedContext) {
  if (context.principal.roleId !== 1 || context.principal.type !== 'CUSTOMER') throw forbidden('Only the customer administrator sets the second-factor policy');
}

const setPolicy = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/policy',
  input: z.object({ policy: z.enum(FACTOR_POLICIES) }),
  async handle(context, input) {
    requireCustomerAdministrator(context);
    const { principal, clock } = context;
    await context.db.query(
      `INSERT INTO factor_policies (type_no, policy, updated_at, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (type_no) DO UPDATE SET policy = excluded.policy, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      [principal.typeNo, input.policy, clock.timestamp(), principal.userId],
    );
    await context.log('factor.policy', principal.typeNo, { policy: input.policy });
    return { success: 1, policy: input.policy };
  },
});

/** The administrator resets another user's factors (a lost phone): the user signs in with the password alone and sets up again. */
const resetFactors = authedCall({
  method: 'POST',
  path: '/sso/api/v1/factor/reset',
  input: z.object({ userId: wholeNumber(1) }),
  async handle(context, input) {
    requireCustomerAdministrator(context);
    const { db, principal, clock } = context;
    if (input.userId === principal.userId) throw forbidden('Remove your own factors in the two-step verification dialog');
    const [user] = await db.query<{ account: string }>(
      `SELECT account FROM users WHERE user_id = $1 AND type <> 'PARTNER' AND (type_no = $2 OR (type = 'MERCHANT' AND type_no = ANY($3))) FOR UPDATE`,
      [input.userId, principal.typeNo, (await context.scope()).merchants],
    );
    if (!user) throw notFound('No such account in this organisation');
    const now = clock.timestamp();
    for (const table of ['factor_totp', 'factor_recovery_codes', 'factor_passkeys']) await db.query(`DELETE FROM ${table} WHERE user_id = $1`, [input.userId]);
    await revokeDeviceTokens(db, input.userId, now, 'trusted');
    await db.query('UPDATE users SET factor_failures = 0, factor_locked_until = NULL WHERE user_id = $1', [input.userId]);
    await context.log('factor.reset', user.account, { userId: input.userId });
    return { success: 1 };
  },
});

export const FACTOR_ENDPOINTS: Endpoint[] = [
  status, totpStart, totpConfirm, totpRemove, recoveryRegenerate, passkeyRegisterOptions, passkeyRegister, passkeyRename, passkeyRemove, stepUpOptions, deviceRemove, remember, setPolicy, resetFactors,
];
