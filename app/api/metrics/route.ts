import { timingSafeEqual } from 'node:crypto';
import { type NextRequest } from 'next/server';
import { logged } from '@/lib/log/request';
import { metrics } from '@/lib/metrics/registry';

export const dynamic = 'force-dynamic';

/** The bearer token matches METRICS_TOKEN, compared in constant time. */
function authorised(request: NextRequest, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics of this instance (docs/operations.md, "Metrics"), for the scraper that holds
 * METRICS_TOKEN. Without the setting the route does not exist (404); a wrong token is 401.
 */
async function handle(request: NextRequest) {
  const token = process.env.METRICS_TOKEN;
  if (!token) return new Response(null, { status: 404 });
  if (!authorised(request, token)) return new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' } });
}

export const GET = logged('/api/metrics', handle, 'debug');
