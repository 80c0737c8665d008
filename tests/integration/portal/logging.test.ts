import { Writable } from 'node:stream';
import { createLogger } from '@/lib/log/logger';
import { openSession } from '@/lib/session/session';
import { DEMO_PASSWORD } from '@/upstream/seed/reference-data';
import { startTestUpstream, TEST_KEY, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

/** Everything a logger writes, line by line, as the operator's log collector would get it. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const portalLines = capture();
const upstreamLines = capture();
const env = { LOG_LEVEL: 'info', LOG_PRETTY: '0', NODE_ENV: 'test' } as NodeJS.ProcessEnv;
let upstream: TestUpstream;

beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 500, createLogger('upstream', env, upstreamLines.stream));
  portalEnv(upstream.url);
  (globalThis as Record<symbol, unknown>)[Symbol.for('portal.logger')] = createLogger('portal', env, portalLines.stream);
}, 180_000); // a fresh seeded database: slow on a busy machine
afterAll(async () => {
  (globalThis as Record<symbol, unknown>)[Symbol.for('portal.logger')] = undefined;
  await upstream.stop();
});

type Line = { service: string; level: string; msg: string; requestId?: string; route?: string; status?: number; ms?: number; userId?: number; upstream?: { call: string; status: number | string; ms: number }[] };
const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as Line);

describe('the operator log', () => {
  it('writes one JSON line per request with its id, route, status, duration, user and upstream calls, and never a secret', async () => {
    const browser = new Browser();
    const signIn = await browser.signIn('admin');
    expect(signIn.status).toBe(200);
    await new Browser().signIn('viewer@demo.test', 'Wrong#2026');
    const count = await browser.call('POST', '/api/gateway/customerInfo', { input: {} });
    expect(count.status).toBe(200);
    await browser.send('POST', '/api/gateway/customerInfo', '{broken');
    await browser.navigate('/dashboard/dashboard');
    await browser.navigate('/reset/secret-reset-link-id');

    const portal = parse(portalLines.lines);
    const requests = portal.filter((line) => line.msg === 'request');
    for (const line of requests) {
      expect(line).toMatchObject({ service: 'portal', requestId: expect.stringMatching(/^[\w.-]{8,64}$/), route: expect.any(String), status: expect.any(Number), ms: expect.any(Number), address: '127.0.0.1' });
    }
    const gateway = requests.find((line) => line.route === '/api/gateway/[call]' && line.status === 200) as Line;
    expect(gateway.userId).toEqual(expect.any(Number));
    expect(gateway.upstream).toEqual([{ call: 'customerInfo', status: 200, ms: expect.any(Number) }]);
    expect(count.headers.get('x-request-id')).toBe(gateway.requestId);
    const login = requests.find((line) => line.route === '/api/auth/login' && line.status === 200) as Line;
    expect(login.upstream?.map((call) => call.call)).toEqual(['login', 'merchantList']);
    expect(requests.some((line) => line.route === '/api/auth/login' && line.status === 401 && line.userId === undefined)).toBe(true);
    expect(requests.some((line) => line.route === '/api/gateway/[call]' && line.status === 400)).toBe(true);
    expect(requests.some((line) => line.route === '/reset/[randomid]')).toBe(true);

    // The services log the same request under the portal's id.
    const services = parse(upstreamLines.lines).filter((line) => line.msg === 'request');
    expect(services.find((line) => line.requestId === gateway.requestId)).toMatchObject({ service: 'upstream', status: 200, userId: gateway.userId, route: expect.stringMatching(/^\//) });

    const { session } = await openSession(browser.cookies.get('portal_session'));
    const secrets = [DEMO_PASSWORD, 'Wrong#2026', TEST_KEY, session?.token as string, browser.cookies.get('portal_session') as string, 'secret-reset-link-id', '2468'];
    expect(session?.token).toMatch(/\S{20}/);
    for (const line of [...portalLines.lines, ...upstreamLines.lines]) for (const secret of secrets) expect(line).not.toContain(secret);
  });

  it('shows the request id on a failure of the services, and it names the log line', async () => {
    const browser = new Browser();
    await browser.signIn('admin');
    process.env.API_URL = 'http://127.0.0.1:9';
    try {
      const answer = await browser.call<{ ok: boolean; error: { code: string; message: string; reference: string } }>('POST', '/api/gateway/customerInfo', { input: {} });
      expect(answer.status).toBe(502);
      expect(answer.body.error.reference).toBe(answer.headers.get('x-request-id'));
      expect(answer.body.error.message).toBe(`The service cannot be reached. Please check your connection and try again. (Reference: ${answer.body.error.reference})`);
      const line = parse(portalLines.lines).find((l) => l.msg === 'request' && l.requestId === answer.body.error.reference);
      expect(line).toMatchObject({ status: 502, upstream: [{ call: 'customerInfo', status: 'NO_RESPONSE' }] });
    } finally {
      delete process.env.API_URL;
    }
  });

  it('answers readiness from the services and the store, apart from liveness', async () => {
    const ready = () => new Browser().call('GET', '/api/health/ready');
    expect((await ready()).body).toEqual({ status: 'ready', services: 'ok', store: 'ok' });
    process.env.API_URL = 'http://127.0.0.1:9';
    try {
      const answer = await ready();
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 503, body: { status: 'not-ready', services: 'down', store: 'ok' } });
    } finally {
      delete process.env.API_URL;
    }
  });

  it('keeps a request id from a load balancer in front and replaces one that is not an id', async () => {
    const kept = await new Browser().call('GET', '/api/auth/captcha', undefined, { 'x-request-id': 'lb-0123456789abcdef' });
    expect(kept.headers.get('x-request-id')).toBe('lb-0123456789abcdef');
    const replaced = await new Browser().call('GET', '/api/auth/captcha', undefined, { 'x-request-id': 'not an id; drop table' });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
