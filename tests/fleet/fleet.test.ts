import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { freePort } from '@/scripts/throwaway-postgres';
import { startFleet, type Fleet } from '@/scripts/fleet';
import { raw, signInFrom } from '../support/raw-http';

/**
 * A real fleet (docs/operations.md, "The fleet"): two instances of the production build behind
 * HAProxy, on one Redis and one PostgreSQL, started as `npm run cluster` starts it. Each client is
 * a loopback address of its own, which HAProxy passes on in X-Forwarded-For.
 */
let fleet: Fleet;
let db: Client;
beforeAll(async () => {
  const port = await freePort();
  fleet = await startFleet({
    instances: 2,
    port,
    // Not one of the instances' ports (the balancer's next two).
    upstreamPort: await freePort([port, port + 1, port + 2]),
    seedTransactions: 3000,
    env: { UPSTREAM_MODE: 'test', CAPTCHA_TEST_CODE: '2468', ALLOW_CAPTCHA_TEST_CODE: '1', LOG_LEVEL: 'warn' },
    log: () => undefined,
  });
  db = new Client({ connectionString: fleet.databaseUrl });
  await db.connect();
}, 300_000);
afterAll(async () => {
  await db?.end();
  await fleet?.stop();
});

const gatewayCall = (base: string, cookie: string, localAddress = '127.0.0.1') =>
  raw(base, 'POST', '/api/gateway/customerInfo', { localAddress, headers: { 'content-type': 'application/json', origin: new URL(base).origin, cookie }, body: '{"input":{}}' });

/** Reads until `done` holds of what it read, or `ms` pass; answers the last reading. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, every = 100): Promise<T> {
  let value = await read();
  for (const end = Date.now() + ms; Date.now() < end && !done(value); await new Promise((resolve) => setTimeout(resolve, every))) value = await read();
  return value;
}

/**
 * Keeps each sender busy, one request after another, while instance `index` is stopped by the
 * signal and started again; answers every request's status (or its connection error's code).
 */
async function underTraffic(senders: (() => Promise<number>)[], signal: NodeJS.Signals, index: number): Promise<(number | string)[]> {
  const outcomes: (number | string)[] = [];
  let running = true;
  const loads = senders.map(async (send) => {
    while (running) outcomes.push(await send().catch((error: { code?: string }) => error.code ?? 'error'));
  });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const instance = fleet.instances[index];
  await pause(1500);
  await instance?.stop(signal);
  await pause(2500);
  await instance?.start();
  await pause(2500);
  running = false;
  await Promise.all(loads);
  return outcomes;
}

describe('the fleet', () => {
  it('serves a session made through the balancer on every instance', async () => {
    const { status, cookie } = await signInFrom(fleet.url, '127.0.0.11', 'admin');
    expect(status).toBe(200);
    for (const instance of fleet.instanceUrls) expect((await gatewayCall(instance, cookie)).status).toBe(200);
  });

  it('refuses on every instance a cookie signed out on one', async () => {
    const { cookie } = await signInFrom(fleet.url, '127.0.0.12', 'viewer@demo.test');
    const [first, second] = fleet.instanceUrls as [string, string];
    expect((await gatewayCall(second, cookie)).status).toBe(200);
    expect((await raw(first, 'POST', '/api/auth/logout', { headers: { origin: new URL(first).origin, cookie } })).status).toBe(200);
    expect((await gatewayCall(second, cookie)).status).toBe(401);
    expect((await gatewayCall(first, cookie)).status).toBe(401);
  });

  it('counts the per-address limit across instances: the 61st failure from one client is refused, whichever instance it reaches', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await signInFrom(fleet.url, '127.0.0.13', `fleet-nobody-${i}@demo.test`, 'Wrong#2026')).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
    // Straight to each instance, the client's own address is limited too; another client is not.
    for (const instance of fleet.instanceUrls) expect((await signInFrom(instance, '127.0.0.13', 'fleet-nobody-x@demo.test', 'Wrong#2026', { 'x-forwarded-for': '127.0.0.13' })).status).toBe(429);
    expect((await signInFrom(fleet.url, '127.0.0.14', 'admin')).status).toBe(200);
  });

  it('makes one refund of the same request sent to two instances at once', async () => {
    const { cookie } = await signInFrom(fleet.url, '127.0.0.15', 'maker@demo.test');
    const [sale] = (
      await db.query<{ merchant_no: string; order_no: string }>(
        `SELECT merchant_no, order_no FROM transactions t WHERE customer_no = 'C0001' AND category = 'SALE' AND trans_amount > 5
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.transaction_id = t.id) AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.original_id = t.id)
          ORDER BY id DESC LIMIT 1`,
      )
    ).rows as [{ merchant_no: string; order_no: string }];
    const body = JSON.stringify({ merchantNo: sale.merchant_no, alipayOrder: sale.order_no, refundAmount: '1.00', reason: 'Customer returned goods', reasonType: 'RETURN', requestKey: randomUUID() });
    const answers = await Promise.all(
      fleet.instanceUrls.map((instance) => raw(instance, 'POST', '/api/refunds', { localAddress: '127.0.0.15', headers: { 'content-type': 'application/json', origin: new URL(instance).origin, cookie }, body })),
    );
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const refunds = await db.query('SELECT refund_id FROM refunds r JOIN transactions t ON t.id = r.transaction_id WHERE t.order_no = $1', [sale.order_no]);
    expect(refunds.rows).toHaveLength(1);
  });

  it('loses no request while an instance is killed and comes back, under traffic', async () => {
    const { cookie } = await signInFrom(fleet.url, '127.0.0.16', 'admin');
    const page = (path: string, signedIn: boolean) => async () => (await raw(fleet.url, 'GET', path, { localAddress: '127.0.0.16', headers: signedIn ? { cookie } : {} })).status;
    const senders = [page('/login', false), page('/dashboard/dashboard', true), page('/transaction/transactions', true), page('/api/health', false)];
    const outcomes = await underTraffic(senders, 'SIGKILL', 1);
    expect(outcomes.length).toBeGreaterThan(40);
    // A page the killed instance was sending when it died is cut short: its start had gone to the
    // client, so no balancer can send it again (at most one per sender). Every other is answered.
    expect(outcomes.filter((o) => o !== 200 && o !== 'CUT_SHORT')).toEqual([]);
    expect(outcomes.filter((o) => o === 'CUT_SHORT').length).toBeLessThanOrEqual(senders.length);
  }, 60_000);

  it('loses no request, state-changing calls included, while an instance is stopped (SIGTERM, as an orchestrator stops one)', async () => {
    const { cookie } = await signInFrom(fleet.url, '127.0.0.18', 'admin');
    const call = async () => (await gatewayCall(fleet.url, cookie, '127.0.0.18')).status;
    const page = async () => (await raw(fleet.url, 'GET', '/dashboard/dashboard', { localAddress: '127.0.0.18', headers: { cookie } })).status;
    const outcomes = await underTraffic([call, call, page], 'SIGTERM', 0);
    expect(outcomes.length).toBeGreaterThan(40);
    expect(outcomes.filter((o) => o !== 200)).toEqual([]);
  }, 60_000);

  it('takes an instance told to stop out of rotation first: its readiness says so while it still serves, then it ends', async () => {
    const [instance, url] = [fleet.instances[1], fleet.instanceUrls[1] as string];
    const ended = instance?.stop('SIGTERM');
    const ready = await until(() => raw(url, 'GET', '/api/health/ready'), (answer) => answer.status !== 200, 3_000, 50);
    expect({ status: ready.status, body: JSON.parse(ready.text) }).toEqual({ status: 503, body: { status: 'stopping' } });
    expect((await raw(url, 'GET', '/login')).status).toBe(200);
    await ended;
    await expect(raw(url, 'GET', '/login')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await instance?.start();
    const back = await until(() => raw(url, 'GET', '/api/health/ready').then((answer) => answer.status, () => 0), (status) => status === 200, 30_000, 250);
    expect(back).toBe(200);
  }, 60_000);

  it('refuses what needs Redis while it is away, translated, with nobody signed out, and recovers by itself', async () => {
    const { cookie } = await signInFrom(fleet.url, '127.0.0.17', 'checker@demo.test');
    await fleet.redis.stop('SIGKILL');
    try {
      const call = await gatewayCall(fleet.url, cookie, '127.0.0.17');
      expect(call.status).toBe(503);
      expect(JSON.parse(call.text).error.code).toBe('UNAVAILABLE');
      const page = await raw(fleet.url, 'GET', '/dashboard/dashboard', { localAddress: '127.0.0.17', headers: { cookie, accept: 'text/html', 'accept-language': 'zh-TW' } });
      expect(page.status).toBe(503);
      expect(page.text).toContain('暫時無法使用');
      const ready = await raw(fleet.instanceUrls[0] as string, 'GET', '/api/health/ready');
      expect(JSON.parse(ready.text)).toMatchObject({ status: 'not-ready', store: 'down' });
      // The balancer keeps sending: every instance answers for itself rather than its own error page.
      expect((await raw(fleet.url, 'GET', '/login')).status).toBe(200);
    } finally {
      await fleet.redis.start();
    }
    const back = await until(async () => (await gatewayCall(fleet.url, cookie, '127.0.0.17')).status, (status) => status === 200, 15_000, 250);
    expect(back).toBe(200);
  }, 60_000);

  it('serves metrics only with the token, counting the requests an instance answered', async () => {
    const [instance] = fleet.instanceUrls as [string];
    expect((await raw(instance, 'GET', '/api/metrics')).status).toBe(401);
    const scrape = async () => (await raw(instance, 'GET', '/api/metrics', { headers: { authorization: `Bearer ${fleet.env.METRICS_TOKEN}` } })).text;
    const count = (text: string) => Number(text.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/login"') && l.includes('method="GET"') && l.includes('status="200"'))?.split(' ').at(-1) ?? 0);
    const before = count(await scrape());
    for (let i = 0; i < 5; i++) expect((await raw(instance, 'GET', '/login')).status).toBe(200);
    expect(count(await scrape()) - before).toBe(5);
    expect((await raw(fleet.upstreamUrl, 'GET', '/metrics', { headers: { authorization: `Bearer ${fleet.env.METRICS_TOKEN}` } })).status).toBe(200);
  });

  it('refuses a bad start in one sentence that names what to fix: a port taken, PostgreSQL not answering', async () => {
    const taken = new URL(fleet.url).port;
    await expect(startFleet({ instances: 1, port: Number(taken), upstreamPort: await freePort(), log: () => undefined })).rejects.toThrow(
      `Port ${taken} is taken by another program: stop it, or choose other ports with CLUSTER_PORT.`,
    );
    const closed = await freePort();
    const started = Date.now();
    await expect(
      startFleet({ instances: 1, port: await freePort(), upstreamPort: await freePort(), env: { DATABASE_URL: `postgres://portal@127.0.0.1:${closed}/portal`, UPSTREAM_MODE: 'test' }, log: () => undefined, stdio: 'ignore' }),
    ).rejects.toThrow('The reference services stopped before answering: see its message above.');
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
