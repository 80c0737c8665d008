import { PASSWORD_HISTORY, passwordProblems } from '../../lib/auth/password-policy';
import type { Queryable } from '../db/database';
import { hashPassword, verifyPassword } from '../rules/password-hash';

export type PasswordKind = 'login' | 'op';

/** Why a new password is refused, as the spec's message key; null when it is acceptable. */
export async function newPasswordProblem(db: Queryable, userId: number, kind: PasswordKind, password: string): Promise<string | null> {
  const [problem] = passwordProblems(password);
  if (problem) return problem;
  if (await isRecentPassword(db, userId, kind, password)) return 'pwd.shouldDiffYourLast4Pwd';
  return null;
}

/** True when the password is the current one or one of the previous PASSWORD_HISTORY. */
export async function isRecentPassword(db: Queryable, userId: number, kind: PasswordKind, password: string): Promise<boolean> {
  const history = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM password_history WHERE user_id = $1 AND kind = $2 ORDER BY id DESC LIMIT $3',
    [userId, kind, PASSWORD_HISTORY + 1],
  );
  for (const { password_hash } of history) {
    if (await verifyPassword(password, password_hash)) return true;
  }
  return false;
}

/** Stores a new password, records it in the history and clears that kind's change flag. */
export async function storePassword(db: Queryable, userId: number, kind: PasswordKind, password: string, now: string) {
  const hash = await hashPassword(password);
  if (kind === 'login') {
    await db.query('UPDATE users SET password_hash = $2, pwd_flag = false, last_pwd_date = $3, failed_logins = 0, locked_until = NULL WHERE user_id = $1', [userId, hash, now]);
  } else {
    await db.query('UPDATE users SET op_password_hash = $2, op_pwd_flag = false WHERE user_id = $1', [userId, hash]);
  }
  await db.query('INSERT INTO password_history (user_id, kind, password_hash, created_at) VALUES ($1, $2, $3, $4)', [userId, kind, hash, now]);
}

export async function currentPasswordHash(db: Queryable, userId: number, kind: PasswordKind): Promise<string | null> {
  const [row] = await db.query<{ hash: string | null }>(
    `SELECT ${kind === 'login' ? 'password_hash' : 'op_password_hash'} AS hash FROM users WHERE user_id = $1`,
    [userId],
  );
  return row?.hash ?? null;
}
