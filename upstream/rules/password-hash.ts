import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { insideTransaction } from '../db/transaction-scope';

/** scrypt with a per-password salt: slow to brute-force, never reversible. */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

/**
 * At most this many hashes run at once (`PASSWORD_HASH_CONCURRENCY`, default 2): a burst of
 * sign-ins or approvals waits here, each for a few tens of milliseconds, instead of taking every
 * thread of libuv's pool (4) and every caller's turn.
 */
export const HASH_CONCURRENCY = Math.min(16, Math.max(1, Math.floor(Number(process.env.PASSWORD_HASH_CONCURRENCY)) || 2));

let running = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes to the next waiter as it is, or frees up.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // A hash inside a transaction would hold the database (PGlite's one connection, or one of the
  // pool's) for its whole time: the calls read, hash outside, then write in a short transaction.
  if (insideTransaction()) return Promise.reject(new Error('A password hash must not run inside a database transaction'));
  return inSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** "scrypt$N$r$p$salt$hash", salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
