import { type NextRequest } from 'next/server';
import { logged } from '@/lib/log/request';
import { metrics } from '@/lib/metrics/registry';
import { bearerMatches } from '@/lib/security/bearer';

export const dynamic = 'force-dynamic';

/**
 * Prometheus metrics of this instance (docs/operations.md, "Metrics"), for the scraper that holds
 * METRICS_TOKEN. Without the setting the route does not exist (404); a wrong token is 401.
 */
async function handle(request: NextRequest) {
  const token = process.env.METRICS_TOKEN;
  if (!token) return new Response(null, { status: 404 });
  if (!bearerMatches(request.headers.get('authorization'), token)) return new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' } });
}

export const GET = logged('/api/metrics', handle, 'debug');
