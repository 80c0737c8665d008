import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { FACTOR_LOCKOUT_FAILURES } from '../../lib/two-step/codes';
import { assertionSchema } from '../../lib/two-step/rules';
import { factorKeyOf, relyingParty } from '../config';
import type { Queryable } from '../db/database';
import type { PublicContext } from '../http/endpoint';
import { ServiceError } from '../http/errors';
import { hashFactorToken, matchingStep, openSecret } from '../rules/factor-secrets';

/**
 * Proving the second factor (issue 26), one way for the second step of a sign-in, for step-up
 * (refund decisions, account changes, removing a factor) and for nothing else: an authenticator
 * code (one step of drift either way, each step accepted once), a recovery code (once), or a
 * passkey's assertion against a challenge the services issued (once). Wrong codes count toward the
 * second step's own lockout, written in the same transaction as the call's log entry.
 */

export interface FactorProof {
  code?: string;
  recoveryCode?: string;
  assertion?: z.infer<typeof assertionSchema>;
}

const hasProof = (proof: FactorProof) => Boolean(proof.code || proof.recoveryCode || proof.assertion);

const CHALLENGE_MINUTES = 5;

/** The second factors a user has: a confirmed authenticator, passkeys. */
export type Factors = { totp: boolean; passkeys: number };

export async function factorsOf(db: Queryable, userId: number): Promise<Factors> {
  const [row] = await db.query<Factors>(
    `SELECT EXISTS (SELECT 1 FROM factor_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS totp,
            (SELECT count(*)::int FROM factor_passkeys WHERE user_id = $1) AS passkeys`,
    [userId],
  );
  return { totp: row?.totp ?? false, passkeys: row?.passkeys ?? 0 };
}

export const hasFactor = (factors: { totp: boolean; passkeys: number }) => factors.totp || factors.passkeys > 0;

type ChallengePurpose = 'register' | 'sign-in' | 'second-step' | 'step-up';

/** Keeps a challenge the browser's ceremony must answer; accepted once, within five minutes. */
export async function storeChallenge(context: PublicContext, challenge: string, purpose: ChallengePurpose, userId: number | null) {
  // Anyone may ask a sign-in challenge: expired ones go as new ones come, so the table holds minutes of them, not all time.
  await context.db.query('DELETE FROM factor_challenges WHERE expires_at <= $1', [context.clock.timestamp()]);
  await context.db.query('INSERT INTO factor_challenges (challenge, purpose, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    challenge, purpose, userId, context.clock.timestamp(), context.clock.timestamp(CHALLENGE_MINUTES),
  ]);
}

/** Assertion options for a user's own passkeys (second step, step-up) or for any (sign-in with a passkey). */
export async function assertionOptions(context: PublicContext, purpose: 'sign-in' | 'second-step' | 'step-up', userId: number | null) {
  const credentials = userId === null ? [] : await context.db.query<{ credential_id: string; transports: string }>('SELECT credential_id, transports FROM factor_passkeys WHERE user_id = $1', [userId]);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(context.config).id,
    userVerification: 'preferred',
    allowCredentials: credentials.map((c) => ({ id: c.credential_id, transports: c.transports ? (c.transports.split(',') as never) : undefined })),
  });
  await storeChallenge(context, options.challenge, purpose, userId);
  return options;
}

/** The challenge a ceremony's client data names, or null when it is not readable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Marks a challenge used; the user it was issued for (null for sign-in), or a refusal when it is unknown, used or expired. */
export async function consumeChallenge(context: PublicContext, clientDataJSON: string, purpose: ChallengePurpose, userId: number | null): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const [row] = challenge
    ? await context.db.query<{ challenge: string }>(
        `UPDATE factor_challenges SET used_at = $3 WHERE challenge = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
            AND user_id IS NOT DISTINCT FROM $4 RETURNING challenge`,
        [challenge, purpose, context.clock.timestamp(), userId],
      )
    : [];
  if (!row) throw new ServiceError(422, 'PASSKEY_CHALLENGE_INVALID', 'The passkey answered a challenge that is unknown, used or expired; try again');
  return row.challenge;
}

/**
 * Verifies a passkey's assertion: its challenge (once), a credential of `userId` (any user's for a
 * sign-in), the signature, origin and relying party. Answers the credential's user. The counter and
 * last use are updated.
 */
export async function verifyAssertion(context: PublicContext, assertion: z.infer<typeof assertionSchema>, purpose: 'sign-in' | 'second-step' | 'step-up', userId: number | null): Promise<number> {
  const challenge = await consumeChallenge(context, assertion.response.clientDataJSON, purpose, userId);
  const [credential] = await context.db.query<{ id: number; user_id: number; credential_id: string; public_key: string; counter: number; transports: string }>(
    'SELECT id, user_id, credential_id, public_key, counter, transports FROM factor_passkeys WHERE credential_id = $1 AND ($2::int IS NULL OR user_id = $2)',
    [assertion.id, userId],
  );
  const refused = () => new ServiceError(422, 'PASSKEY_REFUSED', 'This passkey is not registered for this account or did not verify');
  if (!credential) throw refused();
  const rp = relyingParty(context.config);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: assertion as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: credential.credential_id, publicKey: Buffer.from(credential.public_key, 'base64url'), counter: Number(credential.counter), transports: credential.transports ? (credential.transports.split(',') as never) : undefined },
      requireUserVerification: false,
    });
  } catch {
    throw refused();
  }
  if (!verified.verified) throw refused();
  await context.db.query('UPDATE factor_passkeys SET counter = $2, last_used_at = $3 WHERE id = $1', [credential.id, verified.authenticationInfo.newCounter, context.clock.timestamp()]);
  return credential.user_id;
}

const factorLocked = (lockedUntil: string) =>
  new ServiceError(423, 'FACTOR_LOCKED', 'The second step is locked after too many wrong codes; try again later', { lockedUntil });

/**
 * Proves the user's second factor in the caller's transaction (`step`), or throws the refusal: a
 * wrong or reused code counts toward the lockout (5 in a row lock it for the password lockout's
 * minutes) and is logged; a passkey that does not verify changes nothing but its used challenge.
 */
export async function proveFactor(
  step: PublicContext,
  who: { userId: number; account: string },
  proof: FactorProof,
  purpose: 'second-step' | 'step-up',
): Promise<{ method: 'totp' | 'recovery' | 'passkey'; recoveryRemaining?: number }> {
  const { db, clock, config } = step;
  const now = clock.timestamp();
  const [user] = await db.query<{ factor_locked_until: string | null }>('SELECT factor_locked_until FROM users WHERE user_id = $1 FOR UPDATE', [who.userId]);
  if (user?.factor_locked_until && user.factor_locked_until > now) throw factorLocked(user.factor_locked_until);

  if (proof.assertion) {
    await verifyAssertion(step, proof.assertion, purpose, who.userId);
    await passed(step, who.userId);
    return { method: 'passkey' };
  }
  const key = factorKeyOf(config);
  if (proof.recoveryCode) {
    const [used] = await db.query('UPDATE factor_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id', [
      who.userId, hashFactorToken(proof.recoveryCode, key), now,
    ]);
    if (used) {
      const [left] = await db.query<{ remaining: number }>('SELECT count(*)::int AS remaining FROM factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [who.userId]);
      const recoveryRemaining = left?.remaining ?? 0;
      await step.log('factor.recovery.used', who.account, { purpose, remaining: recoveryRemaining }, who);
      await passed(step, who.userId);
      return { method: 'recovery', recoveryRemaining };
    }
    return failed(step, who, purpose, 'FACTOR_CODE_WRONG');
  }
  if (proof.code) {
    const [totp] = await db.query<{ secret_sealed: string; last_step: number }>('SELECT secret_sealed, last_step FROM factor_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL', [who.userId]);
    const matched = totp ? matchingStep(openSecret(totp.secret_sealed, key), proof.code, clock.now().getTime()) : null;
    if (matched === null) return failed(step, who, purpose, 'FACTOR_CODE_WRONG');
    // One statement claims the step, so of two requests with the same code only one passes.
    const [claimed] = await db.query('UPDATE factor_totp SET last_step = $2 WHERE user_id = $1 AND last_step < $2 RETURNING user_id', [who.userId, matched]);
    if (!claimed) return failed(step, who, purpose, 'FACTOR_CODE_USED');
    await passed(step, who.userId);
    return { method: 'totp' };
  }
  throw new ServiceError(422, 'FACTOR_PROOF_REQUIRED', 'A code from the authenticator app, a recovery code or a passkey is required');
}

async function passed(step: PublicContext, userId: number) {
  await step.db.query('UPDATE users SET factor_failures = 0 WHERE user_id = $1 AND factor_failures <> 0', [userId]);
}

/** Counts a wrong or reused code and locks the second step at the fifth in a row; always throws. */
async function failed(step: PublicContext, who: { userId: number; account: string }, purpose: string, code: 'FACTOR_CODE_WRONG' | 'FACTOR_CODE_USED'): Promise<never> {
  const { db, clock, config } = step;
  const lockUntil = clock.timestamp(config.lockoutMinutes);
  const [after] = await db.query<{ locked: boolean; failures: number }>(
    `UPDATE users SET factor_failures = CASE WHEN factor_failures + 1 >= $2 THEN 0 ELSE factor_failures + 1 END,
                      factor_locked_until = CASE WHEN factor_failures + 1 >= $2 THEN $3::timestamp ELSE factor_locked_until END
      WHERE user_id = $1 RETURNING factor_locked_until IS NOT NULL AND factor_locked_until > $4 AS locked, factor_failures AS failures`,
    [who.userId, FACTOR_LOCKOUT_FAILURES, lockUntil, clock.timestamp()],
  );
  await step.log(after?.locked ? 'factor.locked' : 'factor.failed', who.account, { purpose, reason: code === 'FACTOR_CODE_USED' ? 'reused code' : 'wrong code' }, who, 'refused');
  if (after?.locked) throw factorLocked(lockUntil);
  const description = code === 'FACTOR_CODE_USED' ? 'This code was already used; wait for the next one' : 'The code is not right';
  throw new ServiceError(422, code, description, { remaining: FACTOR_LOCKOUT_FAILURES - (after?.failures ?? 0) });
}


/**
 * Step-up before a sensitive change (refund decisions, account changes, removing a factor): a user
 * with a second factor proves it here, in the change's own transaction, after the change's checks
 * passed (a refused change uses no code). Answers false for a user without a second factor, whose
 * caller decides what stands in (the password for refund decisions).
 */
export async function stepUp(step: PublicContext & { principal: { userId: number; account: string } }, proof: FactorProof): Promise<boolean> {
  const { userId, account } = step.principal;
  if (!hasFactor(await factorsOf(step.db, userId))) return false;
  if (!hasProof(proof)) throw new ServiceError(403, 'STEP_UP_REQUIRED', 'This change asks for the second factor: a code or a passkey');
  await proveFactor(step, { userId, account }, proof, 'step-up');
  return true;
}
