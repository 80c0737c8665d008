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

  /** A failed sign-in to an account that does not exist, from one client address. */
  const failFrom = async (address: string, i: number, headers: Record<string, string> = {}) => {
    const browser = new Browser('en', address);
    await browser.call('GET', '/api/auth/captcha');
    return (await browser.call('POST', '/api/auth/login', { username: `nobody${i}@demo.test`, password: 'Wrong#2026', captcha: '2468' }, headers)).status;
  };

  it('limits the address that fails, and no other: 70 failures from 127.0.0.2 leave 127.0.0.3 signing in and asking for mail', async () => {
    const statuses: number[] = [];
    // Seventy different unknown accounts, so that only the per-address limit (60) can stop them.
    for (let i = 0; i < 70; i++) statuses.push(await failFrom('127.0.0.2', i));
    expect(statuses).toEqual([...Array(60).fill(401), ...Array(10).fill(429)]);

    const other = new Browser('en', '127.0.0.3');
    const started = performance.now();
    expect((await other.signIn('admin')).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
    // The activity log names the address that signed in.
    const [login] = await upstream.db.query<{ ip: string }>("SELECT ip FROM activity_log WHERE account = 'admin' AND action = 'login' ORDER BY id DESC LIMIT 1");
    expect(login?.ip).toBe('127.0.0.3');
    expect(await failFrom('127.0.0.3', 101)).toBe(401);
    const forgot = await new Browser('en', '127.0.0.3').call('POST', '/api/auth/forgot', { username: 'viewer@demo.test', email: 'viewer@demo.test' });
    expect(forgot.status).toBe(200);
    // The failing address itself stays limited, for sign-in only.
    expect(await failFrom('127.0.0.2', 200)).toBe(429);
  });

  it('counts an IPv6 client by its /64: another address of the same network shares the count', async () => {
    for (let i = 0; i < 60; i++) expect(await failFrom(`2001:db8:7:1::${(i + 1).toString(16)}`, i)).toBe(401);
    expect(await failFrom('2001:db8:7:1:ffff::9', 60)).toBe(429);
    expect(await failFrom('2001:db8:7:2::1', 61)).toBe(401);
  });

  it('a forged X-Forwarded-For changes nothing with no trusted proxy: the peer is counted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push(await failFrom('127.0.0.4', i, { 'x-forwarded-for': `203.0.113.${i}` }));
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
    // Nor does it pin someone else: a client naming 127.0.0.4 from its own address is not limited.
    expect(await failFrom('127.0.0.5', 70, { 'x-forwarded-for': '127.0.0.4' })).toBe(401);
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
