import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { NextRequest } from 'next/server';
import { freePort } from '@/scripts/throwaway-postgres';
import { RedisStore } from '@/lib/store/shared-store';
import { proxy } from '@/proxy';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser, ORIGIN } from './browser';
import { portalEnv } from './setup-env';

/**
 * Redis away and back (docs/operations.md, "Redis"): what needs the shared store is refused,
 * translated, with nothing done and nobody signed out; a user can still sign out; readiness says
 * the store is down; service resumes by itself when Redis returns. A real redis-server, stopped
 * and started on the same port.
 */
const redisBinary = spawnSync('bash', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();

let upstream: TestUpstream;
let redis: ChildProcess | undefined;
let port = 0;
const STORE = Symbol.for('portal.sharedStore');

async function startRedis() {
  redis = spawn(redisBinary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100 && spawnSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`]).status !== 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
}
async function stopRedis() {
  const stopped = new Promise((resolve) => redis?.once('exit', resolve));
  redis?.kill('SIGKILL');
  await stopped;
}
/** Waits until `check` holds, as a user retrying would. */
async function until(check: () => Promise<boolean>, ms = 15_000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 200))) if (await check()) return;
  throw new Error('the portal did not recover');
}

beforeAll(async () => {
  if (!redisBinary) throw new Error("redis-server is missing: the integration suite's setup installs Debian's package as root");
  port = await freePort();
  await startRedis();
  upstream = await startTestUpstream('pglite', {}, 500);
  portalEnv(upstream.url);
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  (globalThis as Record<symbol, unknown>)[STORE] = new RedisStore(process.env.REDIS_URL, `outage:${Date.now()}:`);
}, 180_000);
afterAll(async () => {
  await ((globalThis as Record<symbol, unknown>)[STORE] as RedisStore | undefined)?.close();
  (globalThis as Record<symbol, unknown>)[STORE] = undefined;
  delete process.env.REDIS_URL;
  redis?.kill('SIGKILL');
  await upstream?.stop();
});

describe('the shared store away and back', () => {
  it('refuses what needs it, translated and at once, keeps every session, lets users sign out, and resumes by itself', async () => {
    const signedIn = new Browser();
    expect((await signedIn.signIn('admin')).status).toBe(200);
    const leaving = new Browser();
    expect((await leaving.signIn('viewer@demo.test')).status).toBe(200);
    expect((await signedIn.call('POST', '/api/gateway/customerInfo', { input: {} })).status).toBe(200);

    await stopRedis();
    const started = performance.now();
    const call = await signedIn.call('POST', '/api/gateway/customerInfo', { input: {} });
    expect({ status: call.status, error: call.body.error, retryAfter: call.headers.get('retry-after') }).toEqual({
      status: 503,
      error: { code: 'UNAVAILABLE', message: 'A service the portal needs is not answering just now. Nothing was changed. Please try again in a moment.' },
      retryAfter: '5',
    });
    expect(performance.now() - started).toBeLessThan(3000);
    // Nobody is signed out by the outage: the cookie stays.
    expect(call.headers.getSetCookie()).toEqual([]);
    expect(signedIn.cookies.has('portal_session')).toBe(true);

    const signIn = await new Browser('zh-TW').signIn('maker@demo.test');
    expect({ status: signIn.status, code: signIn.body.error?.code, message: signIn.body.error?.message }).toEqual({ status: 503, code: 'UNAVAILABLE', message: '平臺所需的一項服務暫時沒有回應，未作任何更改。請稍後再試。' });

    const cookie = [...signedIn.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const page = await proxy(new NextRequest(`${ORIGIN}/dashboard/dashboard`, { headers: { host: 'portal.test', accept: 'text/html', 'accept-language': 'zh-CN', cookie } }));
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('暂时无法使用');
    expect(page.headers.getSetCookie()).toEqual([]);

    const ready = await new Browser().call('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ store: 'down' });

    // A user can always leave.
    const out = await leaving.call('POST', '/api/auth/logout');
    expect(out.status).toBe(200);
    expect(leaving.cookies.has('portal_session')).toBe(false);

    await startRedis();
    await until(async () => (await signedIn.call('POST', '/api/gateway/customerInfo', { input: {} })).status === 200);
    expect((await new Browser().signIn('maker@demo.test')).status).toBe(200);
    expect((await new Browser().call('GET', '/api/health/ready')).status).toBe(200);
  }, 60_000);
});
