import { MemoryStore } from '@/lib/store/shared-store';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 500);
  portalEnv(upstream.url);
  delete process.env.TRUSTED_PROXY_HOPS;
}, 180_000); // a fresh seeded database: slow on a busy machine
afterAll(() => upstream.stop());
beforeEach(() => {
  // Each test starts with no counts: the portal's counters live in the process's shared store.
  (globalThis as Record<symbol, unknown>)[Symbol.for('portal.sharedStore')] = new MemoryStore();
});
afterEach(async () => {
  jest.useRealTimers();
  await upstream.client.dev('POST', '/dev/clock', { reset: true });
});

/** Moves only the portal's clock (Date), leaving timers and I/O real. */
function advancePortalClock(minutes: number) {
  const now = Date.now();
  jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  jest.setSystemTime(now + minutes * 60_000);
}

describe('the sign-in limit', () => {
  it('never locks ordinary sign-ins: 30 in a row within a minute all succeed', async () => {
    const browser = new Browser();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await browser.signIn('admin')).status);
    expect(statuses).toEqual(Array(30).fill(200));
  });

  it('a success clears the account count: failures spread between sign-ins never lock', async () => {
    const browser = new Browser();
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 8; i++) expect((await browser.signIn('maker@demo.test', `Wrong#${i}`)).status).toBe(401);
      expect((await browser.signIn('maker@demo.test')).status).toBe(200);
    }
  });

  it('locks after repeated failures (the services at 10, the portal at 20), says when to try again, and opens after the lock time', async () => {
    const browser = new Browser();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await browser.signIn('assets@demo.test', `Wrong#${i}`)).status);
    // The tenth failure is the one that locks the account at the services.
    expect(statuses).toEqual([...Array(9).fill(401), ...Array(11).fill(423)]);

    const limited = await browser.signIn('assets@demo.test');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await new Browser('zh-TW').signIn('assets@demo.test')).body.error?.message).toBe('嘗試次數過多，請於 15 分鐘後再試。');

    // After the portal's window the services' lockout is what remains; after 30 minutes both are over.
    advancePortalClock(16);
    expect((await browser.signIn('assets@demo.test')).status).toBe(423);
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 31 });
    expect((await browser.signIn('assets@demo.test')).status).toBe(200);
  });

  it('a forged X-Forwarded-For does not buy a fresh per-address allowance by default', async () => {
    const statuses: number[] = [];
    // Sixty different unknown accounts, so that only the per-address limit (60) can stop the 61st.
    for (let i = 0; i < 61; i++) {
      const browser = new Browser();
      await browser.call('GET', '/api/auth/captcha');
      const answer = await browser.call('POST', '/api/auth/login', { username: `nobody${i}@demo.test`, password: 'Wrong#2026', captcha: '2468' }, { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
  });

  it('believes the address the trusted proxy wrote once TRUSTED_PROXY_HOPS is raised', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    try {
      const attempt = async (i: number, address: string) => {
        const browser = new Browser();
        await browser.call('GET', '/api/auth/captcha');
        // The client wrote the first entry; the proxy appended the last one.
        const headers = { 'x-forwarded-for': `198.51.100.${i}, ${address}` };
        return (await browser.call('POST', '/api/auth/login', { username: `nobody${i}@demo.test`, password: 'Wrong#2026', captcha: '2468' }, headers)).status;
      };
      for (let i = 0; i < 60; i++) expect(await attempt(i, '192.0.2.1')).toBe(401);
      expect(await attempt(60, '192.0.2.1')).toBe(429);
      expect(await attempt(61, '192.0.2.2')).toBe(401);
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
    }
  });
});
