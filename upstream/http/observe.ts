import type { Context, Hono } from 'hono';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { bearerMatches } from '../../lib/security/bearer';
import { inSpan, SpanKind } from '../../lib/telemetry/tracing';
import type { Database, Queryable } from '../db/database';

/**
 * The services' metrics and traces (docs/operations.md): the same measures as the portal's under
 * their own names, `/metrics` behind METRICS_TOKEN, a span per call joined to the portal's trace by
 * `traceparent`, and a span and a timing per database statement.
 */
export function serviceMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const seconds = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30];
  return {
    registry,
    request: new Histogram({ name: 'services_http_request_duration_seconds', help: 'Calls to the services by route pattern, method and status', labelNames: ['route', 'method', 'status'], buckets: seconds, registers: [registry] }),
    query: new Histogram({ name: 'services_db_query_duration_seconds', help: 'Database statements by kind (SELECT, INSERT, UPDATE, DELETE, other)', labelNames: ['operation'], buckets: seconds, registers: [registry] }),
  };
}

export type ServiceMetrics = ReturnType<typeof serviceMetrics>;

/** The statement's kind, never its text: a label and a span name stay few. */
const operationOf = (sql: string) => /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.exec(sql)?.[1]?.toUpperCase() ?? 'other';

function timedQueries(conn: Queryable, metrics: ServiceMetrics): Queryable {
  return {
    query: <T>(sql: string, params?: unknown[]) => {
      const operation = operationOf(sql);
      const ended = metrics.query.startTimer({ operation });
      return inSpan(`db ${operation}`, SpanKind.CLIENT, { 'db.operation.name': operation }, () => conn.query<T>(sql, params)).finally(() => ended());
    },
  };
}

/** The database with every statement timed and traced, in and out of transactions. */
export function observedDatabase(db: Database, metrics: ServiceMetrics): Database {
  const timed = timedQueries(db, metrics);
  return {
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    query: timed.query,
    transaction: (work) => db.transaction((tx) => work(timedQueries(tx, metrics))),
  };
}

/** Each call in a span (a child of the portal's, from `traceparent`) and in the request histogram. */
export function observeCalls(app: Hono, metrics: ServiceMetrics, requestIdOf: (c: Context) => string | undefined) {
  app.use('*', async (c, next) => {
    const ended = metrics.request.startTimer();
    await inSpan(`${c.req.method} ${c.req.path.slice(0, 100)}`, SpanKind.SERVER, { 'http.request.method': c.req.method }, async (span) => {
      await next();
      span?.updateName(`${c.req.method} ${c.req.routePath}`);
      span?.setAttributes({ 'http.route': c.req.routePath, 'http.response.status_code': c.res.status, 'portal.request_id': requestIdOf(c) ?? '' });
    }, c.req.raw.headers);
    ended({ route: c.req.routePath, method: c.req.method, status: String(c.res.status) });
  });
}

/** `GET /metrics` for the scraper holding METRICS_TOKEN; without the setting there is no such route. */
export function mountMetrics(app: Hono, metrics: ServiceMetrics, token: string | undefined) {
  app.get('/metrics', async (c) => {
    if (!token) return c.json({ error: { code: 'NO_SUCH_CALL', description: 'No call at GET /metrics' } }, 404);
    if (!bearerMatches(c.req.header('authorization'), token)) return c.body(null, 401, { 'www-authenticate': 'Bearer' });
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
}
