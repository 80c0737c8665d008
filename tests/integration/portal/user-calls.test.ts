import { createServer, request as httpRequest, type Server } from 'node:http';
import { MAX_WAITING, userCallsInFlight } from '@/lib/gateway/user-calls';
import { TOKEN_HEADER } from '@/lib/gateway/client';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

/**
 * One user's flood of calls queues behind itself, not in front of everybody (issue 25's "lock
 * other users out", docs/decisions.md "One user's calls"). The portal talks to the real services
 * through a relay that holds each call 150 ms and counts, per token, how many are in flight at once.
 */
let upstream: TestUpstream;
let relay: Server;
const inFlight = new Map<string, number>();
const most = new Map<string, number>();
const finished: string[] = [];

beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 500);
  const target = new URL(upstream.url);
  relay = createServer((req, res) => {
    const token = String(req.headers[TOKEN_HEADER] ?? 'none');
    inFlight.set(token, (inFlight.get(token) ?? 0) + 1);
    most.set(token, Math.max(most.get(token) ?? 0, inFlight.get(token) ?? 0));
    setTimeout(() => {
      const onward = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => {
          inFlight.set(token, (inFlight.get(token) ?? 1) - 1);
          finished.push(token);
        });
      });
      req.pipe(onward);
    }, 150);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  portalEnv(`http://127.0.0.1:${(relay.address() as { port: number }).port}`);
}, 180_000);
afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve));
  await upstream.stop();
});

const tokenOf = async (browser: Browser) => {
  const { openSession } = await import('@/lib/session/session');
  return (await openSession(browser.cookies.get('portal_session'))).session?.token as string;
};

describe('one user’s calls in flight', () => {
  it('sends at most the limit of one user’s calls at once, answers them all, and lets another user’s call through meanwhile', async () => {
    const flood = new Browser();
    const other = new Browser();
    expect((await flood.signIn('admin')).status).toBe(200);
    expect((await other.signIn('viewer@demo.test')).status).toBe(200);
    const [floodToken, otherToken] = [await tokenOf(flood), await tokenOf(other)];

    const calls = Array.from({ length: 30 }, () => flood.call('POST', '/api/gateway/customerInfo', { input: {} }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const otherAnswer = await other.call('POST', '/api/gateway/customerInfo', { input: {} });
    const answers = await Promise.all(calls);

    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(otherAnswer.status).toBe(200);
    expect(most.get(floodToken)).toBe(userCallsInFlight());
    // The other user's call finished while most of the flood still waited its turn (with all 30 sent at once, all 30 had finished first).
    const floodBeforeOther = finished.slice(0, finished.indexOf(otherToken)).filter((t) => t === floodToken).length;
    expect(floodBeforeOther).toBeLessThanOrEqual(2 * userCallsInFlight());
  });

  it('refuses with a translated 429 what would wait beyond the most one user may have waiting', async () => {
    const flood = new Browser('zh-TW');
    expect((await flood.signIn('checker@demo.test')).status).toBe(200);
    const total = userCallsInFlight() + MAX_WAITING + 5;
    const answers = await Promise.all(Array.from({ length: total }, () => flood.call('POST', '/api/gateway/customerInfo', { input: {} })));
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 429, error: { code: 'BUSY', message: '您仍有多項要求正在處理，請稍候再試。' } });
  }, 60_000);
});
