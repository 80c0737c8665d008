import { upstreamBase } from '@/lib/gateway/client';
import { stoppingAsked } from '@/lib/http/drain';
import { logged } from '@/lib/log/request';
import { sharedStore } from '@/lib/store/shared-store';

export const dynamic = 'force-dynamic';

const CHECK_MS = 2_000;

/** One upstream family's base answers its /health in time. */
async function servicesAnswer(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/health`, { signal: AbortSignal.timeout(CHECK_MS), redirect: 'error' })).ok;
  } catch {
    return false;
  }
}

/** The shared store (memory or Redis) takes and gives back a value. */
async function storeAnswers(): Promise<boolean> {
  try {
    const store = sharedStore();
    const check = store.put('ready:probe', '1', 10_000).then(async () => (await store.get('ready:probe')) === '1');
    return await Promise.race([check, new Promise<boolean>((resolve) => setTimeout(resolve, CHECK_MS, false))]);
  } catch {
    return false;
  }
}

/**
 * Readiness, for a load balancer deciding whether to send traffic: the upstream services of every
 * family and the shared store. `/api/health` stays liveness (the process answers), so that an
 * upstream outage takes the portal out of rotation without restarting it. An instance told to stop
 * (SIGTERM) says so first, so that the balancer sends it nothing more before it closes.
 */
async function handle(request: Request) {
  // Stopping: out of rotation at once, while the requests already sent are still answered.
  if (stoppingAsked(request)) return Response.json({ status: 'stopping' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  const bases = [...new Set(['/sso/', '/transaction/', '/api/'].map((path) => upstreamBase(path)))];
  const [services, store] = await Promise.all([Promise.all(bases.map(servicesAnswer)), storeAnswers()]);
  const ready = services.every(Boolean) && store;
  return Response.json(
    { status: ready ? 'ready' : 'not-ready', services: services.every(Boolean) ? 'ok' : 'down', store: store ? 'ok' : 'down' },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}

export const GET = logged('/api/health/ready', handle, 'debug');
