import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { clientAddress } from '../http/client';
import { unavailableAnswer } from '../http/unavailable';
import { metrics } from '../metrics/registry';
import { isStoreUnavailable } from '../store/shared-store';
import { inSpan, SpanKind } from '../telemetry/tracing';
import { portalLog } from './logger';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What one request's log line says about its upstream calls. */
export interface UpstreamCallLog {
  call: string;
  status: number | string;
  ms: number;
}

interface RequestContext {
  requestId: string;
  userId?: number;
  /** The client's address (lib/http/client.ts), which the upstream calls pass on. */
  address: string;
  upstream: UpstreamCallLog[];
}

const STORAGE = Symbol.for('portal.requestContext');
const storage = ((globalThis as { [STORAGE]?: AsyncLocalStorage<RequestContext> })[STORAGE] ??= new AsyncLocalStorage<RequestContext>());

/**
 * A request id from a load balancer in front is kept (so its log and ours join up) when it looks
 * like one; anything else a client writes is replaced.
 */
export function requestIdFrom(header: string | null): string {
  return header && /^[A-Za-z0-9._-]{8,64}$/.test(header) ? header : randomUUID();
}

export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** The signed-in user of the current request, for its log line. */
export function noteUser(userId: number) {
  const context = storage.getStore();
  if (context) context.userId = userId;
}

const ms = (since: number) => Math.round((performance.now() - since) * 10) / 10;

/** Response headers can be immutable (Response.redirect): then the response is copied. */
function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

/**
 * Wraps a route handler (or the proxy): one JSON log line per request with its id, route, status,
 * duration, user, client address and the upstream calls it made; the id goes back in `x-request-id`. `route` is the
 * file's pattern (or a function giving a page's path without its secrets), never the URL: query
 * strings can hold what a log must not. Health probes log at `debug` (`level`): a balancer asks every few seconds.
 */
export function logged<R extends Response, A extends unknown[]>(
  route: string | ((request: NextRequest) => string),
  handler: (request: NextRequest, ...rest: A) => Promise<R> | R,
  level: 'info' | 'debug' = 'info',
) {
  return async (request: NextRequest, ...rest: A): Promise<R> => {
    const address = clientAddress(request);
    const context: RequestContext = { requestId: requestIdFrom(request.headers.get(REQUEST_ID_HEADER)), address, upstream: [] };
    const started = performance.now();
    const label = typeof route === 'string' ? route : route(request);
    try {
      const response = await inSpan(`${request.method} ${label}`, SpanKind.SERVER, { 'http.request.method': request.method, 'http.route': label, 'portal.request_id': context.requestId }, async (span) => {
        const answered = await storage.run(context, () => handler(request, ...rest));
        span?.setAttribute('http.response.status_code', answered.status);
        return answered;
      });
      const status = response.status;
      portalLog()[status >= 500 ? 'error' : level]({ requestId: context.requestId, method: request.method, route: label, status, ms: ms(started), userId: context.userId, address, upstream: context.upstream }, 'request');
      return withRequestId(response, context.requestId) as R;
    } catch (error) {
      if (isStoreUnavailable(error)) return storeUnavailable(request, context, label, started) as R;
      // Next's redirect() and notFound() travel as throws; anything else is a fault worth its name.
      portalLog().error({ requestId: context.requestId, method: request.method, route: label, ms: ms(started), userId: context.userId, address, upstream: context.upstream, error: error instanceof Error ? error.name : 'unknown' }, 'request failed');
      throw error;
    }
  };
}

/** Retry-After of a refusal while the shared store is away: it reconnects within seconds. */
const STORE_RETRY_SECONDS = 5;

/**
 * A request that needed the shared store while it was away: refused whole, translated, with
 * nothing done (security limits and revocations are never checked against one instance's memory).
 */
function storeUnavailable(request: NextRequest, context: RequestContext, route: string, started: number): Response {
  metrics().storeUnavailable.inc();
  const document = !request.nextUrl.pathname.startsWith('/api/') && (request.headers.get('accept') ?? '').includes('text/html');
  const answer = unavailableAnswer('store', { cookie: request.headers.get('cookie'), acceptLanguage: request.headers.get('accept-language'), document }, STORE_RETRY_SECONDS);
  portalLog().warn({ requestId: context.requestId, method: request.method, route, status: answer.status, ms: ms(started), address: context.address }, 'shared store unavailable');
  return withRequestId(new Response(answer.body, { status: answer.status, headers: answer.headers }), context.requestId);
}
