import { Hono, type Context } from 'hono';
import type { Logger } from 'pino';
import { z } from 'zod';
import { createLogger } from '../../lib/log/logger';
import { requestIdFrom, REQUEST_ID_HEADER } from '../../lib/log/request';
import { EnvelopeError, keyNamed, openPayload, PAYLOAD_KEY_ID_HEADER } from '../../lib/wire/envelope';
import { DatabaseUnavailable, type Database } from '../db/database';
import { writeActivity } from '../services/activity';
import type { AuthedContext, Endpoint, PublicContext, PublicEndpoint, Services } from './endpoint';
import { BodyTooLarge, readBodyCapped } from './body';
import { mountMetrics, observeCalls, observedDatabase, serviceMetrics } from './observe';
import { runWrites } from './transaction';
import { NDJSON, ndjsonStream, RowStream } from './ndjson';
import { ServiceError, tokenExpired } from './errors';
import { menuCodesOf, principalForToken, scopeOf, type Scope } from './principal';

export const TOKEN_HEADER = 'x-eftpay-token';
export const VERSION_HEADER = 'x-server-version';

const errorBody = (error: ServiceError) => ({
  error: { code: error.code, description: error.description, ...(error.params ? { params: error.params } : {}) },
});

/** Reads a body as text up to the call's limit; past it the call is refused at once (413, INPUT_TOO_LARGE). */
async function readText(c: Context, maxBytes: number): Promise<string> {
  try {
    return (await readBodyCapped(c.req.raw, maxBytes)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLarge) throw inputTooLarge(maxBytes);
    throw error;
  }
}

const inputTooLarge = (maxBytes: number) => new ServiceError(413, 'INPUT_TOO_LARGE', `The input is larger than ${maxBytes} bytes`);

/** Reads the call's `en` field: the query for GET, DELETE and PUT, the JSON body for POST. */
async function readEnvelope(c: Context, method: Endpoint['method'], maxBytes: number): Promise<string> {
  if (method !== 'POST') {
    const query = new URL(c.req.url).search;
    if (query.length > maxBytes) throw inputTooLarge(maxBytes);
    const en = c.req.query('en');
    if (!en) throw new ServiceError(400, 'BAD_ENVELOPE', 'The en query parameter is missing');
    return en;
  }
  const text = await readText(c, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ServiceError(400, 'BAD_ENVELOPE', 'The body is not JSON');
  }
  const en = (body as { en?: unknown } | null)?.en;
  if (typeof en !== 'string' || en === '') throw new ServiceError(400, 'BAD_ENVELOPE', 'The body has no en field');
  return en;
}

async function readPlain(c: Context, method: Endpoint['method'], maxBytes: number): Promise<Record<string, unknown>> {
  if (method !== 'POST') return Object.fromEntries(new URL(c.req.url).searchParams);
  const text = await readText(c, maxBytes);
  try {
    const body: unknown = text ? JSON.parse(text) : {};
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new ServiceError(400, 'INVALID_INPUT', 'The body must be a JSON object');
}

/** At most this much of a client's own text comes back in an answer or goes into a log line. */
const ECHO_MAX_CHARS = 200;
/** At most this many input issues are told: an array of 5 000 wrong items is 5 000 issues. */
const ISSUES_MAX = 20;

export const clip = (text: string, max = ECHO_MAX_CHARS) => (text.length > max ? `${text.slice(0, max)}…` : text);

function parseInput(schema: z.ZodType, payload: Record<string, unknown>) {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const all = result.error.issues;
  const issues = all.slice(0, ISSUES_MAX).map((issue) => ({ path: clip(issue.path.join('.')), message: clip(issue.message) }));
  const more = all.length > ISSUES_MAX ? ` (and ${all.length - ISSUES_MAX} more)` : '';
  throw new ServiceError(400, 'INVALID_INPUT', `Invalid input: ${issues.map((i) => `${i.path || '(input)'} ${i.message}`).join('; ')}${more}`, { issues });
}

function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  // An address is at most 45 characters (IPv6 with an IPv4 tail); the header is the client's to fill.
  return (forwarded || incoming?.socket?.remoteAddress || '').slice(0, 64);
}

export function createApp(given: Services, endpoints: Endpoint[], logger: Logger = createLogger('upstream')): Hono {
  const app = new Hono();
  const observed = serviceMetrics();
  // Every statement of every call is timed and traced (observe.ts).
  const services: Services = { ...given, db: observedDatabase(given.db, observed) };
  const { db, config, clock } = services;
  /** The signed-in user of each request, for its log line. */
  const users = new WeakMap<Request, number>();
  /** Each request's id as checked (the portal's when well-formed, else a new one): never the raw header in a log line. */
  const requestIds = new WeakMap<Request, string>();
  const requestIdOf = (c: Context) => requestIds.get(c.req.raw);
  /** The key the envelope names (lib/wire/envelope.ts); an id no accepted key has reads as a broken envelope. */
  const payloadKeyOf = (c: Context) => {
    const key = keyNamed(c.req.header(PAYLOAD_KEY_ID_HEADER), config.payloadKey, config.acceptedPayloadKeys ?? []);
    if (!key) throw new EnvelopeError('no accepted key has this id');
    return key;
  };

  // One JSON line per call: the portal's request id (sent back in x-request-id), the route pattern
  // (never the query: it carries the sealed input), status, duration and user.
  app.use('*', async (c, next) => {
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER) ?? null);
    requestIds.set(c.req.raw, requestId);
    const started = performance.now();
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const status = c.res.status;
    const line = { requestId, method: c.req.method, route: c.req.routePath, status, ms: Math.round((performance.now() - started) * 10) / 10, userId: users.get(c.req.raw) };
    logger[status >= 500 ? 'error' : 'info'](line, 'request');
  });

  observeCalls(app, observed, requestIdOf);
  mountMetrics(app, observed, config.metricsToken);

  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has(VERSION_HEADER)) c.res.headers.set(VERSION_HEADER, config.version);
  });

  // Readiness for process managers and the start script: no envelope, no data.
  app.get('/health', (c) => c.json({ status: 'ok', version: config.version }));

  for (const endpoint of endpoints) {
    app.on(endpoint.method, endpoint.path, async (c) => {
      const ip = clientIp(c);
      const maxBytes = endpoint.maxInputBytes ?? config.maxInputBytes;
      const payload = endpoint.plain ? await readPlain(c, endpoint.method, maxBytes) : openPayload(await readEnvelope(c, endpoint.method, maxBytes), payloadKeyOf(c));
      const input = parseInput(endpoint.input, payload);
      const token = endpoint.auth === 'token' ? c.req.header(TOKEN_HEADER) : undefined;
      const principal = token ? await principalForToken(db, token, clock.timestamp()) : null;
      if (endpoint.auth === 'token') {
        if (!principal) throw tokenExpired();
        users.set(c.req.raw, principal.userId);
        const override = services.versionOverrides.get(principal.account);
        if (override) c.header(VERSION_HEADER, override);
        const fault = services.faults.get(`${principal.account} ${c.req.path}`);
        if (fault) throw new ServiceError(fault, 'INJECTED_FAULT', 'A fault injected through /dev/faults (test mode)');
        if (principal.factorSetup && !endpoint.duringFactorSetup) {
          throw new ServiceError(403, 'FACTOR_SETUP_REQUIRED', 'Your organisation requires two-step verification: set it up first');
        }
        if (endpoint.rank && endpoint.rank !== principal.rank) {
          throw new ServiceError(403, 'WRONG_VARIANT', `This call serves ${endpoint.rank} users`);
        }
      }
      const actor = principal ? { userId: principal.userId, account: principal.account } : { userId: null, account: '' };
      let scope: Promise<Scope> | undefined;
      let menus: Promise<string[]> | undefined;
      /** The call's context on `conn`; `inTransaction` when `conn` is the call's transaction already. */
      const contextOn = (conn: Database, inTransaction: boolean): PublicContext | AuthedContext => {
        const context: PublicContext = {
          ...services,
          db: conn,
          ip,
          log: (action, target = '', detail = {}, who = actor, outcome = 'success') =>
            writeActivity(conn, { ...who, action, target, detail, ip, outcome, at: clock.timestamp() }),
          writes: <T>(work: (step: PublicContext) => Promise<T>) => (inTransaction ? work(context) : runWrites(db, (tx) => work(contextOn(tx, true)))),
        };
        if (endpoint.auth === 'public' || !principal) return context;
        const authed: AuthedContext = Object.assign(context, {
          principal,
          scope: () => (scope ??= scopeOf(conn, principal)),
          menus: () => (menus ??= menuCodesOf(conn, principal)),
        }) as AuthedContext;
        return authed;
      };
      const handle = async (context: PublicContext | AuthedContext) => {
        if (endpoint.auth === 'public' || !('principal' in context)) return (endpoint as PublicEndpoint).handle(context, input);
        if (endpoint.menus && !(await context.menus()).some((code) => endpoint.menus?.includes(code))) {
          throw new ServiceError(403, 'MENU_NOT_ALLOWED', 'This user has no menu for this call');
        }
        return endpoint.handle(context, input);
      };
      // A call that changes state runs in one transaction with its activity-log entries (see runWrites);
      // one that hashes a password runs outside and writes through context.writes.
      const transactional = (endpoint.method !== 'GET' || endpoint.writes) && !endpoint.outsideTransaction;
      const answer = transactional ? await runWrites(db, (conn) => handle(contextOn(conn, true))) : await handle(contextOn(db, false));
      if (answer instanceof RowStream) {
        const requestId = requestIdOf(c);
        const failed = (error: unknown) => logger.error({ requestId, route: c.req.routePath, error: error instanceof Error ? clip(error.message, 500) : 'unknown' }, 'stream failed');
        return c.body(ndjsonStream(answer, failed), 200, { 'content-type': NDJSON });
      }
      if (endpoint.contentType) return c.body(String(answer), 200, { 'content-type': endpoint.contentType });
      return c.json(answer ?? {});
    });
  }

  app.notFound((c) => c.json(errorBody(new ServiceError(404, 'NO_SUCH_CALL', `No call at ${c.req.method} ${clip(c.req.path)}`)), 404));
  app.onError((error, c) => {
    if (error instanceof EnvelopeError) {
      // One description for every envelope failure: telling bad padding from bad JSON would make a padding oracle.
      return c.json(errorBody(new ServiceError(400, 'BAD_ENVELOPE', 'The en field is unreadable')), 400);
    }
    if (error instanceof ServiceError) return c.json(errorBody(error), error.status);
    if (error instanceof DatabaseUnavailable) {
      // A clear, retryable answer: the call's transaction (if any) was rolled back.
      logger.warn({ requestId: requestIdOf(c), route: c.req.routePath, reason: error.reason }, 'database unavailable');
      const answer =
        error.reason === 'timeout'
          ? new ServiceError(503, 'DATABASE_TIMEOUT', 'The request took too long in the database; try again later')
          : new ServiceError(503, 'DATABASE_BUSY', 'The service is busy; try again shortly');
      return c.json(errorBody(answer), 503, { 'retry-after': '5' });
    }
    // A driver's message can quote the input (pg's "invalid input syntax for type numeric: ..."): clipped.
    logger.error({ requestId: requestIdOf(c), route: c.req.routePath, error: error instanceof Error ? clip(error.message, 500) : 'unknown' }, 'call failed');
    return c.json({ error: { code: 'INTERNAL', description: 'The service failed; try again later' } }, 500);
  });
  return app;
}
