import { createServer, request as httpRequest, type Server } from 'node:http';
import { MAX_WAITING, userCalls, userCallsInFlight } from '@/lib/gateway/user-calls';
import { TOKEN_HEADER } from '@/lib/gateway/client';
import { openSession } from '@/lib/session/session';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

/**
 * One user's flood of calls queues behind itself, not in front of everybody (issue 25's "lock
 * other users out", docs/decisions.md "One user's calls"). The portal talks to the real services
 * through a relay that can hold calls until told, and counts, per token, how many are in flight.
 */
let upstream: TestUpstream;
let relay: Server;
const inFlight = new Map<string, number>();
const most = new Map<string, number>();
let held: (() => void)[] | null = null;

beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 500);
  const target = new URL(upstream.url);
  relay = createServer((req, res) => {
    const token = String(req.headers[TOKEN_HEADER] ?? 'none');
    inFlight.set(token, (inFlight.get(token) ?? 0) + 1);
    most.set(token, Math.max(most.get(token) ?? 0, inFlight.get(token) ?? 0));
    const forward = () => {
      const onward = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => inFlight.set(token, (inFlight.get(token) ?? 1) - 1));
      });
      req.pipe(onward);
    };
    if (held) held.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  portalEnv(`http://127.0.0.1:${(relay.address() as { port: number }).port}`);
}, 180_000);
afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve));
  await upstream.stop();
});

const sessionOf = async (browser: Browser) => (await openSession(browser.cookies.get('portal_session'))).session as { token: string; userId: number };
/** Waits until the portal's ledger shows this load for the user. */
async function ledger(userId: number, wanted: { running: number; waiting: number }) {
  for (let i = 0; i < 200 && JSON.stringify(userCalls().load(String(userId))) !== JSON.stringify(wanted); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(userCalls().load(String(userId))).toEqual(wanted);
}
function release() {
  const waiting = held ?? [];
  held = null;
  for (const forward of waiting) forward();
}

describe('one user’s calls in flight', () => {
  it('sends at most the limit of one user’s calls at once, answers them all, and lets another user’s call through meanwhile', async () => {
    const flood = new Browser();
    const other = new Browser();
    expect((await flood.signIn('admin')).status).toBe(200);
    expect((await other.signIn('viewer@demo.test')).status).toBe(200);
    const [floodSession, otherSession] = [await sessionOf(flood), await sessionOf(other)];

    held = [];
    const calls = Array.from({ length: 30 }, () => flood.call('POST', '/api/gateway/customerInfo', { input: {} }));
    await ledger(floodSession.userId, { running: userCallsInFlight(), waiting: 30 - userCallsInFlight() });
    // The ledger counts a call as it is sent; the relay, once its request arrives.
    for (let i = 0; i < 200 && inFlight.get(floodSession.token) !== userCallsInFlight(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(inFlight.get(floodSession.token)).toBe(userCallsInFlight());
    // The other user's call reaches the services at once, while the flood waits its turn.
    const otherCall = other.call('POST', '/api/gateway/customerInfo', { input: {} });
    for (let i = 0; i < 200 && inFlight.get(otherSession.token) !== 1; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(inFlight.get(otherSession.token)).toBe(1);
    release();
    expect((await otherCall).status).toBe(200);
    expect((await Promise.all(calls)).map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(most.get(floodSession.token)).toBe(userCallsInFlight());
  });

  it('refuses with a translated 429 what would wait beyond the most one user may have waiting', async () => {
    const flood = new Browser('zh-TW');
    expect((await flood.signIn('checker@demo.test')).status).toBe(200);
    const { userId } = await sessionOf(flood);
    held = [];
    const total = userCallsInFlight() + MAX_WAITING + 5;
    const calls = Array.from({ length: total }, () => flood.call('POST', '/api/gateway/customerInfo', { input: {} }));
    await ledger(userId, { running: userCallsInFlight(), waiting: MAX_WAITING });
    release();
    const answers = await Promise.all(calls);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 429, error: { code: 'BUSY', message: '您仍有多項要求正在處理，請稍候再試。' } });
  }, 60_000);
});
