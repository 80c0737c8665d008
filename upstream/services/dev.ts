import { z } from 'zod';
import { publicCall, type Endpoint } from '../http/endpoint';
import { ServiceError } from '../http/errors';
import { text, wholeNumber } from '../http/inputs';
import { hashToken } from '../http/principal';
import { issueToken, SSO_TOKEN_MINUTES } from './sso';
import { payApprovedRefunds } from './refunds';
import { DOCUMENT_DEV_ENDPOINTS } from './documents';
import { NOTICE_DEV_ENDPOINTS } from './notices';
import { APPLICATION_DEV_ENDPOINTS } from './applications';

/**
 * Demo and test helpers, never mounted in production: the outbox (where mail goes), a
 * merchant-center stand-in that issues single-sign-on tokens, the clock, and the refund payout.
 */
const outbox = publicCall({
  method: 'GET',
  path: '/dev/outbox',
  input: z.object({ to: text(254).optional(), limit: wholeNumber(1, 200).default(50) }),
  async handle({ db }, input) {
    return db.query(
      `SELECT id, to_address AS "to", subject, body, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
         FROM outbox WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY id DESC LIMIT $2`,
      [input.to ?? null, input.limit],
    );
  },
});

const ssoToken = publicCall({
  method: 'POST',
  path: '/dev/sso-token',
  input: z.object({ account: text(254).min(1) }),
  async handle({ db, clock }, input) {
    const [user] = await db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [input.account]);
    if (!user) throw new ServiceError(404, 'NOT_FOUND', 'No such account');
    const token = await issueToken(db, user.user_id, 'sso', 'EPA', clock.timestamp(), clock.timestamp(SSO_TOKEN_MINUTES));
    return { token };
  },
});

const moveClock = publicCall({
  method: 'POST',
  path: '/dev/clock',
  input: z.object({
    advanceMinutes: z.number().min(0).max(60 * 24 * 30).optional(),
    /** A business wall-clock time to set the clock to. */
    at: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).optional(),
    reset: z.boolean().optional(),
  }),
  async handle({ clock, config, db }, input) {
    if (config.mode !== 'test') throw new ServiceError(403, 'FORBIDDEN', 'The clock moves in test mode only');
    if (input.reset) clock.reset();
    if (input.at) clock.setTo(input.at);
    if (input.advanceMinutes) clock.advance(input.advanceMinutes * 60_000);
    // The day the demo data were made for: its transactions run to the moment the services started.
    const [seed] = await db.query<{ day: string }>("SELECT to_char(anchor_day, 'YYYY-MM-DD') AS day FROM seed_info");
    return { now: clock.timestamp(), seededDay: seed?.day ?? null };
  },
});

const payRefunds = publicCall({
  method: 'POST',
  path: '/dev/refunds/pay',
  input: z.object({}),
  async handle({ db, clock }) {
    return { paid: await payApprovedRefunds(db, clock, clock.timestamp()) };
  },
});

/** Test mode: how many of the given strings are live tokens (the leak check of the e2e suite). */
const matchTokens = publicCall({
  method: 'POST',
  path: '/dev/tokens/match',
  // Up to 10 000 candidates of up to 100 characters each (the e2e suite sends 5 000 at a time).
  maxInputBytes: 2 * 1024 * 1024,
  input: z.object({ candidates: z.array(text(100)).max(10_000) }),
  async handle({ db, config }, input) {
    if (config.mode !== 'test') throw new ServiceError(403, 'FORBIDDEN', 'Test mode only');
    const hashes = input.candidates.map(hashToken);
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tokens WHERE token_hash = ANY($1)', [hashes]);
    return { matches: row?.n ?? 0 };
  },
});

/**
 * Test mode: the provider ends one user's sessions at the services alone (an operator's revocation,
 * a reset made outside the portal): the portal learns it only from the next call's answer, "UserToken
 * over date, Relogin", which is what the session-end tests provoke.
 */
const revokeTokens = publicCall({
  method: 'POST',
  path: '/dev/tokens/revoke',
  input: z.object({ account: text(254).min(1) }),
  async handle({ db, clock, config }, input) {
    if (config.mode !== 'test') throw new ServiceError(403, 'FORBIDDEN', 'Test mode only');
    const rows = await db.query(
      'UPDATE tokens SET revoked_at = $2 WHERE user_id = (SELECT user_id FROM users WHERE account = $1) AND revoked_at IS NULL RETURNING token_hash',
      [input.account, clock.timestamp()],
    );
    return { revoked: rows.length };
  },
});

/** Test mode: make the services announce another version to one account (the update prompt test). */
const version = publicCall({
  method: 'POST',
  path: '/dev/version',
  input: z.object({ account: text(254).min(1), version: z.string().regex(/^\d+(\.\d+)*$/).nullable() }),
  async handle({ config, versionOverrides }, input) {
    if (config.mode !== 'test') throw new ServiceError(403, 'FORBIDDEN', 'Test mode only');
    if (input.version) versionOverrides.set(input.account, input.version);
    else versionOverrides.delete(input.account);
    return { account: input.account, version: input.version ?? config.version };
  },
});

/** Test mode: make one account's calls to one path fail, so a page's handling of it can be seen. */
const faults = publicCall({
  method: 'POST',
  path: '/dev/faults',
  input: z.object({ account: text(254).min(1), path: text(200).regex(/^\//), status: z.union([z.literal(500), z.literal(503), z.literal(429)]).nullable() }),
  async handle({ config, faults: table }, input) {
    if (config.mode !== 'test') throw new ServiceError(403, 'FORBIDDEN', 'Test mode only');
    const key = `${input.account} ${input.path}`;
    if (input.status) table.set(key, input.status);
    else table.delete(key);
    return { account: input.account, path: input.path, status: input.status };
  },
});

/** Refund requests waiting for approval, counted in the database (the badge's oracle in tests). */
const pendingRefunds = publicCall({
  method: 'GET',
  path: '/dev/refunds/pending',
  input: z.object({ customer_no: text(30).min(1) }),
  async handle({ db }, input) {
    const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM refunds WHERE customer_no = $1 AND approve_status = '10'", [input.customer_no]);
    return { count: row?.n ?? 0 };
  },
});

export const DEV_ENDPOINTS: Endpoint[] = [outbox, ssoToken, moveClock, payRefunds, matchTokens, revokeTokens, version, faults, pendingRefunds, ...APPLICATION_DEV_ENDPOINTS, ...NOTICE_DEV_ENDPOINTS, ...DOCUMENT_DEV_ENDPOINTS].map((endpoint) => ({ ...endpoint, plain: true }));
