import 'server-only';
import { sharedStore } from '../store/shared-store';

/** Brute-force limits (DESIGN.md section 3), per account and per address. */
export const LIMITS = {
  // Above the services' lockout (10 failures), so that the lockout is what the user meets first.
  login: { perAccount: 20, perAddress: 60, windowMs: 15 * 60_000 },
  forgot: { perAccount: 3, perAddress: 10, windowMs: 15 * 60_000 },
  passwordCheck: { perAccount: 10, perAddress: 30, windowMs: 15 * 60_000 },
} as const;

export type LimitName = keyof typeof LIMITS;

/** Counts one attempt; false when the account or the address is over its limit. */
export async function allowAttempt(limit: LimitName, account: string, address: string): Promise<boolean> {
  const { perAccount, perAddress, windowMs } = LIMITS[limit];
  const store = sharedStore();
  const [byAccount, byAddress] = await Promise.all([
    store.increment(`rate:${limit}:account:${account.trim().toLowerCase()}`, windowMs),
    store.increment(`rate:${limit}:address:${address}`, windowMs),
  ]);
  return byAccount <= perAccount && byAddress <= perAddress;
}

/**
 * The caller's address: the X-Forwarded-For entry added by the outermost of TRUSTED_PROXY_HOPS
 * proxies (default 1: the load balancer in front of the portal). Entries left of it were written
 * by the client and are not believed. Without any header: 'direct'.
 */
export function clientAddress(request: Pick<Request, 'headers'>, hops = Number(process.env.TRUSTED_PROXY_HOPS ?? 1)): string {
  const entries = (request.headers.get('x-forwarded-for') ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  return entries[Math.max(0, entries.length - Math.max(1, hops))] ?? 'direct';
}
