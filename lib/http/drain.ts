/**
 * Whether this instance is stopping: the server entry (scripts/portal-server.cjs, drainThenClose)
 * keeps the answer on globalThis and counts each readiness check that asks, so that it closes its
 * port only once the balancer has heard. Never stopping where no entry runs (`next dev`, tests).
 */

/** Also written in scripts/portal-server.cjs; tests/unit/server/portal-server.test.ts holds the two together. */
export const DRAIN = Symbol.for('portal.drain');

/** Which checker asks (each of HAProxy's backends names itself, scripts/haproxy.ts); any other is one unnamed checker. */
export const CHECKER_HEADER = 'x-health-checker';

interface Drain {
  asked(checker: string): boolean;
}

const checkerName = (name: string | null) => (name && /^[a-z0-9-]{1,40}$/.test(name) ? name : 'unnamed');

/** Asked by the readiness check only: each call counts as its checker having been told. */
export function stoppingAsked(request: Pick<Request, 'headers'>): boolean {
  return (globalThis as Record<symbol, Drain | undefined>)[DRAIN]?.asked(checkerName(request.headers.get(CHECKER_HEADER))) ?? false;
}
