import { PASSWORD_HISTORY, passwordProblems } from '../../lib/auth/password-policy';
import type { Queryable } from '../db/database';
import { ServiceError } from '../http/errors';
import { verifyPassword } from '../rules/password-hash';
import { revokeDeviceTokens } from './second-step';

export type PasswordKind = 'login' | 'op';

/** The users column that holds a kind's current hash. */
export const passwordColumn = (kind: PasswordKind) => (kind === 'login' ? 'password_hash' : 'op_password_hash');

/**
 * A user's password of one kind as read before the slow checks: the current hash, and the history
 * (the current one and the PASSWORD_HISTORY before it). The checks against it (up to 5 hashes) run
 * outside any transaction; the write that follows proves the current hash is still this one.
 */
export interface PasswordState {
  current: string | null;
  history: string[];
}

export async function passwordState(db: Queryable, userId: number, kind: PasswordKind): Promise<PasswordState> {
  const [user] = await db.query<{ hash: string | null }>(`SELECT ${passwordColumn(kind)} AS hash FROM users WHERE user_id = $1`, [userId]);
  const history = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM password_history WHERE user_id = $1 AND kind = $2 ORDER BY id DESC LIMIT $3',
    [userId, kind, PASSWORD_HISTORY + 1],
  );
  return { current: user?.hash ?? null, history: history.map((row) => row.password_hash) };
}

/** Why a new password is refused, as the spec's message key; null when it is acceptable. */
export async function newPasswordProblem(state: PasswordState, password: string): Promise<string | null> {
  const [problem] = passwordProblems(password);
  if (problem) return problem;
  if (await isRecentPassword(state, password)) return 'pwd.shouldDiffYourLast4Pwd';
  return null;
}

/** True when the password is the current one or one of the previous PASSWORD_HISTORY. */
export async function isRecentPassword(state: PasswordState, password: string): Promise<boolean> {
  for (const hash of state.history) {
    if (await verifyPassword(password, hash)) return true;
  }
  return false;
}

/**
 * Stores a new password's hash (made before the transaction), records it in the history and clears
 * that kind's change flag, provided the current hash is still `expected`: false, and nothing
 * written, when another change came between the checks and this write (they must be made again).
 */
export async function storePassword(db: Queryable, userId: number, kind: PasswordKind, hash: string, expected: string | null, now: string): Promise<boolean> {
  const [stored] =
    kind === 'login'
      ? await db.query(
          'UPDATE users SET password_hash = $2, pwd_flag = false, last_pwd_date = $3, failed_logins = 0, locked_until = NULL WHERE user_id = $1 AND password_hash IS NOT DISTINCT FROM $4 RETURNING user_id',
          [userId, hash, now, expected],
        )
      : await db.query('UPDATE users SET op_password_hash = $2, op_pwd_flag = false WHERE user_id = $1 AND op_password_hash IS NOT DISTINCT FROM $3 RETURNING user_id', [userId, hash, expected]);
  if (!stored) return false;
  // A new login password ends every trusted device and remembered sign-in (issue 26).
  if (kind === 'login') await revokeDeviceTokens(db, userId, now);
  await db.query('INSERT INTO password_history (user_id, kind, password_hash, created_at) VALUES ($1, $2, $3, $4)', [userId, kind, hash, now]);
  return true;
}

export async function currentPasswordHash(db: Queryable, userId: number, kind: PasswordKind): Promise<string | null> {
  const [row] = await db.query<{ hash: string | null }>(`SELECT ${passwordColumn(kind)} AS hash FROM users WHERE user_id = $1`, [userId]);
  return row?.hash ?? null;
}

/** What an attempt answers when the password changed between its checks and its write. */
export const STALE = Symbol('stale');

/**
 * Runs a check-then-write attempt (reads and hashes outside any transaction, then a short write
 * that proves nothing changed meanwhile) again while another change of the same password comes
 * between; three times at most, then a 409 the caller can retry.
 */
export async function untilStable<T>(attempt: () => Promise<T | typeof STALE>): Promise<T> {
  for (let tries = 0; tries < 3; tries++) {
    const result = await attempt();
    if (result !== STALE) return result;
  }
  throw new ServiceError(409, 'PASSWORD_CHANGED_CONCURRENTLY', 'The password changed while this request was checked; try again');
}
