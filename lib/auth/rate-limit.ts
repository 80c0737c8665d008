import 'server-only';
import { addressBucket } from '../http/client';
import { sharedStore } from '../store/shared-store';

/** Brute-force limits (DESIGN.md section 3), per account and per client address (lib/http/client.ts). */
export const LIMITS = {
  // Above the services' lockout (10 failures), so that the lockout is what the user meets first.
  login: { perAccount: 20, perAddress: 60, windowMs: 15 * 60_000 },
  forgot: { perAccount: 3, perAddress: 10, windowMs: 15 * 60_000 },
  passwordCheck: { perAccount: 10, perAddress: 30, windowMs: 15 * 60_000 },
} as const;

export type LimitName = keyof typeof LIMITS;

const accountKey = (limit: LimitName, account: string) => `rate:${limit}:account:${account.trim().toLowerCase()}`;
const addressKey = (limit: LimitName, address: string) => `rate:${limit}:address:${addressBucket(address)}`;

/**
 * How long the caller must wait before the next attempt, in milliseconds; 0 when it may try now.
 * Counts nothing: what counts is decided by the caller (a failure, or any attempt).
 */
export async function waitBeforeAttempt(limit: LimitName, account: string, address: string): Promise<number> {
  const { perAccount, perAddress } = LIMITS[limit];
  const store = sharedStore();
  const over = async (key: string, max: number) => (Number((await store.get(key)) ?? 0) >= max ? store.ttl(key) : 0);
  const waits = await Promise.all([over(accountKey(limit, account), perAccount), over(addressKey(limit, address), perAddress)]);
  return Math.max(...waits);
}

/** Counts one failed attempt against the account and the address. */
export async function countFailure(limit: LimitName, account: string, address: string): Promise<void> {
  const { windowMs } = LIMITS[limit];
  const store = sharedStore();
  await Promise.all([store.increment(accountKey(limit, account), windowMs), store.increment(addressKey(limit, address), windowMs)]);
}

/**
 * A success clears the account's count, so that ordinary sign-ins never add up to a lock. The
 * address keeps its count: one address guessing many accounts is still stopped.
 */
export async function forgiveAccount(limit: LimitName, account: string): Promise<void> {
  await sharedStore().release(accountKey(limit, account));
}

/**
 * For requests where every attempt costs (a reset mail, a password update): counts this one and
 * answers the wait before it may go ahead (0 when it may).
 */
export async function countAttempt(limit: LimitName, account: string, address: string): Promise<number> {
  const wait = await waitBeforeAttempt(limit, account, address);
  if (wait === 0) await countFailure(limit, account, address);
  return wait;
}
