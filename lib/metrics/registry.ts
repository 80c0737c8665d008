import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The portal process's Prometheus metrics (docs/operations.md, "Metrics"), served by
 * `/api/metrics`. One registry per process, on globalThis: the instrumentation hook, the proxy and
 * the route handlers are bundled apart and would otherwise each make their own (prom-client itself
 * is a server-external package, one module for all).
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    httpRequest: new Histogram({ name: 'http_request_duration_seconds', help: 'Requests by route pattern, method and status, from arrival to the last byte sent', labelNames: ['route', 'method', 'status'], buckets: seconds, registers: [registry] }),
    upstreamCall: new Histogram({ name: 'upstream_call_duration_seconds', help: 'Calls to the upstream services by call name and status', labelNames: ['call', 'status'], buckets: seconds, registers: [registry] }),
    shed: new Counter({ name: 'requests_shed_total', help: 'Page requests refused at once (503) because they would have waited too long, by who asked', labelNames: ['priority'], registers: [registry] }),
    signInFailures: new Counter({ name: 'sign_in_failures_total', help: 'Sign-ins refused: the services refused the credentials, or a limit refused the attempt', labelNames: ['reason'], registers: [registry] }),
    lockouts: new Counter({ name: 'sign_in_lockouts_total', help: 'Sign-ins refused because the account or the address is locked out', labelNames: ['by'], registers: [registry] }),
    storeUnavailable: new Counter({ name: 'shared_store_unavailable_total', help: 'Requests refused because the shared store (Redis) did not answer', registers: [registry] }),
    rendersInFlight: new Gauge({ name: 'renders_in_flight', help: 'Page renders being worked on', registers: [registry] }),
    rendersWaiting: new Gauge({ name: 'renders_waiting', help: 'Page renders admitted and waiting for their turn', registers: [registry] }),
    exportsInFlight: new Gauge({ name: 'exports_in_flight', help: 'List exports being streamed', registers: [registry] }),
  };
}

export type PortalMetrics = ReturnType<typeof createMetrics>;

const METRICS = Symbol.for('portal.metrics');

export function metrics(): PortalMetrics {
  const global = globalThis as { [METRICS]?: PortalMetrics };
  global[METRICS] ??= createMetrics();
  return global[METRICS];
}
