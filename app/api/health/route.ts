import { logged } from '@/lib/log/request';
import { APP_VERSION } from '@/lib/version';

export const dynamic = 'force-dynamic';

/** Liveness for load balancers and the Docker health check. */
function handle() {
  return Response.json(
    { status: 'ok', version: APP_VERSION, buildId: process.env.APP_BUILD_ID ?? 'unknown' },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export const GET = logged('/api/health', handle, 'debug');
