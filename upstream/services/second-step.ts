import { z } from 'zod';
import { factorKeyOf } from '../config';
import type { Queryable } from '../db/database';
import { publicCall, type Endpoint, type PublicContext } from '../http/endpoint';
import { ServiceError } from '../http/errors';
import { flag, optionalText, text } from '../http/inputs';
import { hashToken, newToken } from '../http/principal';
import { hashFactorToken } from '../rules/factor-secrets';
import { REMEMBER_DAYS, TRUSTED_DEVICE_DAYS } from '../../lib/two-step/codes';
import { assertionSchema, proofFields } from '../../lib/two-step/rules';
import { assertionOptions, factorsOf, hasFactor, proveFactor, verifyAssertion, type Factors } from './factor-proof';
import { accountInactive, accountLocked, loginAnswer, USER_COLUMNS, type UserRow } from './sso';

/**
 * The sign-in's second step (issue 26). A right password of a user with a second factor answers a
 * ticket, not a session token: the ticket opens nothing but this step, lives five minutes and is
 * used once. Trusted devices skip the step; remembered sign-ins stand in for the password.
 */

const TICKET_MINUTES = 5;
const DAY_MINUTES = 24 * 60;

/** The answer of a first step that needs a second: the ticket and the factors the user may use. */
async function secondStepAnswer(step: PublicContext, userId: number, factors: Factors) {
  const ticket = newToken();
  await step.db.query('INSERT INTO factor_tickets (ticket_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(ticket), userId, step.clock.timestamp(), step.clock.timestamp(TICKET_MINUTES),
  ]);
  return { secondStep: { ticket, totp: factors.totp, passkey: factors.passkeys > 0, expiresAt: step.clock.timestamp(TICKET_MINUTES) } };
}

/**
 * After the first factor passed: the session answer when the user has no second factor or signs in
 * on a device it trusts, else the second step's ticket.
 */
export async function afterFirstFactor(step: PublicContext, user: UserRow, serviceCode: string, deviceToken: string | undefined) {
  const factors = await factorsOf(step.db, user.user_id);
  if (hasFactor(factors) && !(await usedDeviceToken(step, user.user_id, 'trusted', deviceToken, false))) return secondStepAnswer(step, user.user_id, factors);
  await step.log('login', user.account, {}, { userId: user.user_id, account: user.account });
  return loginAnswer(step, user, serviceCode, factors);
}

/**
 * True when `token` is a live device token of the user: a trusted device's is noted as used; a
 * remembered sign-in's is used up (`rotate`: the caller issues the next one).
 */
export async function usedDeviceToken(step: PublicContext, userId: number, kind: 'trusted' | 'remember', token: string | undefined, rotate: boolean): Promise<boolean> {
  if (!token) return false;
  const now = step.clock.timestamp();
  const [row] = await step.db.query(
    `UPDATE device_tokens SET last_used_at = $4, revoked_at = CASE WHEN $5 THEN $4::timestamp ELSE revoked_at END
      WHERE token_hash = $1 AND user_id = $2 AND kind = $3 AND revoked_at IS NULL AND expires_at > $4 RETURNING id`,
    [hashFactorToken(token, factorKeyOf(step.config)), userId, kind, now, rotate],
  );
  return Boolean(row);
}

/** A new device token (trusted device or remembered sign-in); only its keyed hash is kept. */
export async function issueDeviceToken(step: PublicContext, userId: number, kind: 'trusted' | 'remember', label: string) {
  const token = newToken();
  const days = kind === 'trusted' ? TRUSTED_DEVICE_DAYS : REMEMBER_DAYS;
  const expiresAt = step.clock.timestamp(days * DAY_MINUTES);
  await step.db.query('INSERT INTO device_tokens (token_hash, user_id, kind, label, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    hashFactorToken(token, factorKeyOf(step.config)), userId, kind, label.slice(0, 120), step.clock.timestamp(), expiresAt,
  ]);
  return { token, expiresAt };
}

/**
 * A password change or a deactivation ends every trusted device and remembered sign-in of the user;
 * an administrator's reset of the second factor, its trusted devices only (`kind`).
 */
export async function revokeDeviceTokens(db: Queryable, userId: number, now: string, kind?: 'trusted') {
  await db.query('UPDATE device_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND ($3::text IS NULL OR kind = $3)', [userId, now, kind ?? null]);
}

/** The session answer after the second step, with a trusted device's token when one was asked for. */
async function completeSignIn(step: PublicContext, user: UserRow, method: string, extras: { trustDevice?: boolean; deviceLabel?: string; recoveryRemaining?: number }) {
  const who = { userId: user.user_id, account: user.account };
  await step.log('login', user.account, { factor: method }, who);
  let deviceToken: string | undefined;
  if (extras.trustDevice) {
    deviceToken = (await issueDeviceToken(step, user.user_id, 'trusted', extras.deviceLabel ?? '')).token;
    await step.log('factor.device.trust', extras.deviceLabel ?? '', { days: TRUSTED_DEVICE_DAYS }, who);
  }
  const [item] = await loginAnswer(step, user, 'EPA');
  return [{ ...item, ...(deviceToken ? { deviceToken } : {}), ...(extras.recoveryRemaining !== undefined ? { recoveryRemaining: extras.recoveryRemaining } : {}) }];
}

const ticketExpired = () => new ServiceError(401, 'SECOND_STEP_EXPIRED', 'The sign-in took too long; enter the password again');

/** The user a live ticket belongs to (an active one), or the refusal. */
async function ticketUser(step: PublicContext, ticket: string): Promise<UserRow> {
  const [row] = await step.db.query<UserRow>(
    `SELECT ${USER_COLUMNS.split(', ').map((c) => `u.${c}`).join(', ')} FROM factor_tickets t JOIN users u ON u.user_id = t.user_id
      WHERE t.ticket_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2 AND u.status = 1`,
    [hashToken(ticket), step.clock.timestamp()],
  );
  if (!row) throw ticketExpired();
  return row;
}

const deviceFields = { trustDevice: flag.optional(), deviceLabel: optionalText(120) };

const secondStep = publicCall({
  method: 'POST',
  path: '/sso/api/v1/login/secondStep',
  input: z.object({ ticket: text(100).min(1), ...proofFields, ...deviceFields }),
  async handle(context, input) {
    const user = await ticketUser(context, input.ticket);
    const proved = await proveFactor(context, { userId: user.user_id, account: user.account }, input, 'second-step');
    // Used once: of two right answers racing, the second finds the ticket used.
    const [used] = await context.db.query('UPDATE factor_tickets SET used_at = $2 WHERE ticket_hash = $1 AND used_at IS NULL RETURNING 1', [hashToken(input.ticket), context.clock.timestamp()]);
    if (!used) throw ticketExpired();
    return completeSignIn(context, user, proved.method, { ...input, recoveryRemaining: proved.recoveryRemaining });
  },
});

const passkeyOptions = publicCall({
  method: 'POST',
  path: '/sso/api/v1/login/passkeyOptions',
  input: z.object({ ticket: optionalText(100) }),
  async handle(context, input) {
    if (!input.ticket) return { options: await assertionOptions(context, 'sign-in', null) };
    const user = await ticketUser(context, input.ticket);
    return { options: await assertionOptions(context, 'second-step', user.user_id) };
  },
});

/** Sign in with a passkey alone (a discoverable credential): possession and the device's own check in one. */
const passkeySignIn = publicCall({
  method: 'POST',
  path: '/sso/api/v1/login/passkey',
  input: z.object({ assertion: assertionSchema, ...deviceFields }),
  async handle(context, input) {
    const userId = await verifyAssertion(context, input.assertion, 'sign-in', null);
    const [user] = await context.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1`, [userId]);
    if (!user || user.status !== 1) throw accountInactive();
    if (user.locked_until && user.locked_until > context.clock.timestamp()) throw accountLocked(user.locked_until);
    return completeSignIn(context, user, 'passkey', input);
  },
});

export const SECOND_STEP_ENDPOINTS: Endpoint[] = [secondStep, passkeyOptions, passkeySignIn];
