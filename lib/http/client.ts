import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who sent a request and where it was addressed, from what can be trusted (docs/decisions.md,
 * "The client's address"): the TCP peer, which the portal's server entry writes in PEER_HEADER
 * (scripts/portal-server.cjs, which drops a client's copy), and the forwarded headers only as far
 * as TRUSTED_PROXY_HOPS proxies in front wrote them.
 */

/** Also written in scripts/portal-server.cjs; tests/unit/server/portal-server.test.ts holds the two together. */
export const PEER_HEADER = 'x-portal-peer-address';

/** What the address is when no server entry named it: `next dev`, and route handlers called in-process. */
export const UNKNOWN_ADDRESS = 'unknown';

type Headed = Pick<Request, 'headers'>;

export function trustedHops(env: NodeJS.ProcessEnv = process.env): number {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/** The entry of a forwarded list that the outermost of `hops` trusted proxies wrote (each appends one). */
function writtenByProxy(header: string | null, hops: number): string | undefined {
  const entries = (header ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.length >= hops ? entries[entries.length - hops] : undefined;
}

/**
 * The client's address. With no trusted proxy, the TCP peer's, never a header a client can write.
 * With N, the X-Forwarded-For entry the outermost one appended; a request that came round the
 * proxies (fewer entries than hops) is named by its peer.
 */
export function clientAddress(request: Headed, hops = trustedHops()): string {
  const peer = request.headers.get(PEER_HEADER) || UNKNOWN_ADDRESS;
  return (hops > 0 && writtenByProxy(request.headers.get('x-forwarded-for'), hops)) || peer;
}

/** The eight groups of an IPv6 address, as numbers. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []).flatMap((group) => (group.includes('.') ? ipv4AsGroups(group) : [parseInt(group, 16)]));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4AsGroups = (dotted: string) => {
  const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
  return [a * 256 + b, c * 256 + d];
};

/**
 * What a per-address limit counts by: an IPv4 address, or an IPv6 client's /64 (one subscriber's
 * network: counting by whole IPv6 address would give one client 2^64 fresh allowances).
 */
export function addressBucket(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  return `${ipv6Groups(bare)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The last entry of a header a trusted proxy sets (some append to a client's value). */
const lastEntry = (header: string | null) => header?.split(',').at(-1)?.trim() || undefined;

/**
 * The portal's origin as this request reached it (scheme, host and port): PUBLIC_ORIGIN when set;
 * else the Host, over http, with no proxy trusted (the standalone server speaks plain http); else
 * what the trusted proxies say in X-Forwarded-Proto and X-Forwarded-Host. Null for a Host that
 * makes no origin.
 */
export function portalOrigin(request: Headed, hops = trustedHops(), env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PUBLIC_ORIGIN) return new URL(env.PUBLIC_ORIGIN).origin;
  const proto = (hops > 0 && lastEntry(request.headers.get('x-forwarded-proto'))) || 'http';
  const host = (hops > 0 && lastEntry(request.headers.get('x-forwarded-host'))) || request.headers.get('host');
  // A host and a port only: `a/b` or `evil@a` would parse as some other origin.
  if (!host || !/^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) || !/^https?$/.test(proto)) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/** Whether the browser reached the portal over HTTPS (the session cookie is then Secure). */
export const isHttps = (request: Headed) => portalOrigin(request)?.startsWith('https:') ?? false;
