import { createHash, randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { bestEffort, sharedStore } from '../store/shared-store';
import { openingPasswords, sealingPassword, sessionConfig } from './config';

/** Everything the portal keeps about a signed-in user, sealed in an httpOnly cookie (its merchant ids beside it: ./merchant-ids.ts). */
export interface SessionData {
  v: 1;
  /** Random id of this session: the key for revocation, rate limits and the duplicate guard. */
  sid: string;
  userId: number;
  account: string;
  nickName: string;
  rank: 'CUSTOMER' | 'PARTNER';
  rankNo: string;
  roleId: number;
  isAdmin: boolean;
  menus: string[];
  pwdFlag: boolean;
  opPwdFlag: boolean;
  loginType: string;
  serviceCode: string;
  /** The upstream token: never leaves the server unsealed. */
  token: string;
  issuedAt: number;
  lastSeen: number;
  /** The organisation requires a second factor this user has not set up: no menus until it has (issue 26). */
  factorSetup?: boolean;
}

/** What the browser may know: no token, no merchant lists, nothing sealed. */
export type SessionView = Pick<
  SessionData,
  'userId' | 'account' | 'nickName' | 'rank' | 'rankNo' | 'roleId' | 'isAdmin' | 'menus' | 'pwdFlag' | 'opPwdFlag' | 'loginType'
>;

export function sessionView(session: SessionData): SessionView {
  const { userId, account, nickName, rank, rankNo, roleId, isAdmin, menus, pwdFlag, opPwdFlag, loginType } = session;
  return { userId, account, nickName, rank, rankNo, roleId, isAdmin, menus, pwdFlag, opPwdFlag, loginType };
}

export const newSessionId = () => randomBytes(16).toString('base64url');

const revokedKey = (sid: string) => `revoked:${sid}`;
/** When set: every session of this user issued until then has ended (a deactivated account). */
const endedKey = (userId: number) => `sessions-ended:${userId}`;

export async function sealSession(session: SessionData): Promise<string> {
  return sealData(session, { password: sealingPassword(), ttl: Math.ceil(sessionConfig().maxAgeMs / 1000) });
}

/**
 * Unsealing costs most of a millisecond, and a page and its data calls present the same cookie
 * many times: the unsealed value is kept briefly, keyed by a hash of the cookie. Expiry and
 * revocation are still checked on every use.
 */
const OPENED = Symbol.for('portal.openedSessions');
const OPENED_TTL_MS = 30_000;
const OPENED_MAX = 5_000;

function openedCache(): Map<string, { session: SessionData; until: number }> {
  const holder = globalThis as { [OPENED]?: Map<string, { session: SessionData; until: number }> };
  holder[OPENED] ??= new Map();
  return holder[OPENED];
}

async function unseal(cookie: string, ttlSeconds: number): Promise<SessionData> {
  const passwords = openingPasswords();
  const key = createHash('sha256').update(Object.values(passwords).join('\0')).update('\0').update(cookie).digest('base64url');
  const cache = openedCache();
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.until > now) return hit.session;
  const session = await unsealData<SessionData>(cookie, { password: passwords, ttl: ttlSeconds });
  if (cache.size >= OPENED_MAX) cache.clear();
  cache.set(key, { session, until: now + OPENED_TTL_MS });
  return session;
}

export type SessionState = { session: SessionData } | { session: null; reason: 'none' | 'invalid' | 'idle' | 'expired' | 'revoked' };

/**
 * Opens a session cookie and applies the idle timeout, the absolute lifetime and revocation (from
 * the shared store: StoreUnavailable while it is away). Only signing out skips revocation
 * (`checkRevocation: false`), so that a user can always leave.
 */
export async function openSession(cookie: string | undefined, now = Date.now(), { checkRevocation = true } = {}): Promise<SessionState> {
  if (!cookie) return { session: null, reason: 'none' };
  const { idleMs, maxAgeMs } = sessionConfig();
  let session: SessionData;
  try {
    session = await unseal(cookie, Math.ceil(maxAgeMs / 1000));
  } catch {
    return { session: null, reason: 'invalid' };
  }
  if (session?.v !== 1 || typeof session.sid !== 'string' || typeof session.token !== 'string') return { session: null, reason: 'invalid' };
  if (now - session.issuedAt > maxAgeMs) return { session: null, reason: 'expired' };
  if (now - session.lastSeen > idleMs) return { session: null, reason: 'idle' };
  if (!checkRevocation) return { session };
  const [revoked, endedAt] = await Promise.all([sharedStore().has(revokedKey(session.sid)), sharedStore().get(endedKey(session.userId))]);
  if (revoked || (endedAt !== null && session.issuedAt <= Number(endedAt))) return { session: null, reason: 'revoked' };
  return { session };
}

/**
 * Ends a session everywhere: a replayed copy of its cookie is refused from now on. Always after the
 * fact (a sign-out, a dead or replaced token, a new password), so with the store away it is skipped
 * and logged rather than undoing what was done.
 */
export async function revokeSession(session: SessionData) {
  await bestEffort(sharedStore().claim(revokedKey(session.sid), sessionConfig().maxAgeMs), 'session revocation');
}

/**
 * Ends every session a user has open, on every instance, at its next request (the cache above
 * keeps the unsealed cookie, but revocation is checked on each use). Sessions opened later live.
 */
export async function endUserSessions(userId: number, now = Date.now()) {
  await sharedStore().put(endedKey(userId), String(now), sessionConfig().maxAgeMs);
}

/** True when lastSeen is old enough to be worth re-sealing. */
export function needsTouch(session: SessionData, now = Date.now()) {
  return now - session.lastSeen > sessionConfig().touchEveryMs;
}

export interface CookieSettings {
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'lax';
  path: string;
  maxAge: number;
}

/** The session cookie's settings; `secure` when the browser came over HTTPS (lib/http/client.ts, isHttps). */
export function sessionCookieSettings(secure: boolean, session?: SessionData): CookieSettings {
  const { maxAgeMs } = sessionConfig();
  const remaining = session ? maxAgeMs - (Date.now() - session.issuedAt) : maxAgeMs;
  return { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: Math.max(0, Math.floor(remaining / 1000)) };
}
