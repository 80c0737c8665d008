import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

const FAULTY = 'http://faulty.upstream.test';
const COUNT = '/api/TransRefund/Get_RefundApprovalCount';

let upstream: TestUpstream;
let admin: Browser;

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 800);
  portalEnv(upstream.url);
  admin = new Browser();
  expect((await admin.signIn('admin')).status).toBe(200);
});
afterAll(async () => {
  // nock patches Node's own http module, which every test file of this jest worker shares: left
  // active, it buffers whole request bodies for later files (bounded-input's chunked 300 MB).
  nock.restore();
  await upstream.stop();
});
afterEach(() => {
  nock.cleanAll();
  delete process.env.API_URL;
  delete process.env.UPSTREAM_PAGE_TIMEOUT_MS;
});

/** The approval count through the generic handler, with the API family pointed elsewhere. */
async function countVia(apiUrl: string, browser = admin) {
  process.env.API_URL = apiUrl;
  return browser.call('POST', '/api/gateway/approvalCount', {});
}

describe('upstream faults, mapped once to the spec catalogue', () => {
  it.each([
    ['a 500', 500, { error: { code: 'INTERNAL', description: 'boom at /internal/db' } }, 502, 'UPSTREAM_FAILED', 'The service failed to answer. Please try again later.'],
    ['a 401 without a body', 401, '', 401, 'LOGIN_EXPIRED', 'Your sign-in information has expired. Please sign in again.'],
    ['a 405', 405, 'Method Not Allowed', 401, 'LOGIN_EXPIRED', 'Your sign-in information has expired. Please sign in again.'],
    ['a 404 page', 404, '<html>not here</html>', 502, 'REQUEST_FAILED', 'The request failed.'],
    ['garbage', 200, 'this is not json', 502, 'INVALID_ANSWER', 'The service answered in an unexpected way. Please try again later.'],
    ['a wrong shape', 200, { raCount: 'many' }, 502, 'INVALID_ANSWER', 'The service answered in an unexpected way. Please try again later.'],
  ])('%s', async (_name, upstreamStatus, body, status, code, message) => {
    nock(FAULTY).get(COUNT).query(true).reply(upstreamStatus, body as never);
    const answer = await countVia(FAULTY);
    // A fault of the services carries the request id, for support to find the log line.
    const id = answer.headers.get('x-request-id');
    const expected = status >= 500 ? { code, message: `${message} (Reference: ${id})`, reference: id } : { code, message };
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { ok: false, error: expected } });
    expect(answer.text).not.toMatch(/faulty|internal\/db|x-eftpay|Fe26/);
  });

  it('a dead token ends the session', async () => {
    const browser = new Browser();
    await browser.signIn('checker@demo.test');
    nock(FAULTY).get(COUNT).query(true).reply(401, { error: { code: 'TOKEN_EXPIRED', description: 'UserToken over date, Relogin' } });
    const answer = await countVia(FAULTY, browser);
    expect(answer.body).toEqual({ ok: false, error: { code: 'SESSION_EXPIRED', message: 'Your session has ended. Please sign in again.' } });
    expect(browser.cookies.get('portal_session')).toBeUndefined();
  });

  it('sends the token and the envelope, never the token to the browser', async () => {
    const seen: { token?: string; en?: string } = {};
    nock(FAULTY, { reqheaders: { 'x-eftpay-token': (value) => Boolean((seen.token = String(value))) } })
      .get(COUNT)
      .query((query) => Boolean((seen.en = String(query.en))))
      .reply(200, [{ raCount: 3 }], { 'x-server-version': '4.4.9' });
    const answer = await countVia(FAULTY);
    expect(answer.body).toEqual({ ok: true, data: [{ raCount: 3 }] });
    expect(seen.token).toMatch(/^[\w-]{43}$/);
    expect(seen.en).toMatch(/^U2FsdGVkX1/);
    expect(answer.text).not.toContain(seen.token as string);
  });

  it('tells the browser when the upstream runs a newer version', async () => {
    nock(FAULTY).get(COUNT).query(true).reply(200, [{ raCount: 1 }], { 'x-server-version': '4.5.0' });
    const answer = await countVia(FAULTY);
    expect(answer.body.ok).toBe(true);
    expect(answer.headers.get('x-portal-update')).toBe('1');
  });

  it('times out a page call that never answers after the short limit, not the long one, and recovers when the service returns', async () => {
    const { server, url } = await listen(() => undefined);
    process.env.UPSTREAM_PAGE_TIMEOUT_MS = '300';
    try {
      // With the long limit (480 s) this call would outlast the test's own time limit and fail it.
      const answer = await countVia(url);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 504, body: { ok: false, error: { code: 'TIMEOUT', message: `Information acquisition timed out, refresh and retry. (Reference: ${answer.headers.get('x-request-id')})`, reference: answer.headers.get('x-request-id') } } });
      const back = await countVia(upstream.url);
      expect(back.status).toBe(200);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('says so when nothing answers at all', async () => {
    const { server, url } = await listen(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const answer = await countVia(url);
    expect(answer.body).toEqual({ ok: false, error: { code: 'NO_RESPONSE', message: `The service cannot be reached. Please check your connection and try again. (Reference: ${answer.headers.get('x-request-id')})`, reference: answer.headers.get('x-request-id') } });
  });
});

describe('the connection to the services', () => {
  const count = (raCount: number) => JSON.stringify([{ raCount }]);

  it('keeps one connection open for calls one after another', async () => {
    let connections = 0;
    const { server, url } = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(count(2));
    });
    server.on('connection', () => (connections += 1));
    try {
      for (let i = 0; i < 5; i += 1) expect((await countVia(url)).body).toEqual({ ok: true, data: [{ raCount: 2 }] });
      expect(connections).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('times out an answer whose body stops coming, and tells the browser it timed out', async () => {
    const { server, url } = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[{"raCount":');
    });
    process.env.UPSTREAM_PAGE_TIMEOUT_MS = '300';
    try {
      const answer = await countVia(url);
      expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status: 504, code: 'TIMEOUT' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('takes an answer cut off in the middle for no answer, never for a short one', async () => {
    const { server, url } = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
      response.write('[{"raCount":1}]');
      setTimeout(() => response.destroy(), 20);
    });
    try {
      const answer = await countVia(url);
      expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status: 502, code: 'NO_RESPONSE' });
    } finally {
      server.close();
    }
  });

  it('calls services over HTTPS only when their certificate is trusted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upstream-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    let served = 0;
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_request, response) => {
      served += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(count(4));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await countVia(`https://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect({ code: answer.body.error?.code, served }).toEqual({ code: 'NO_RESPONSE', served: 0 });
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the duplicate-request guard', () => {
  it('refuses a second identical call of the same session while the first is in flight', async () => {
    let served = 0;
    const { server, url } = await listen((_request, response) => {
      served += 1;
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json', 'x-server-version': '4.4.9' });
        response.end(JSON.stringify({ data: [{ store_code: 'S000001', terminals: ['T10000001'] }], total: 1, totalPage: 1, currPage: 1 }));
      }, 400);
    });
    const other = new Browser();
    await other.signIn('admin');
    try {
      process.env.API_URL = url;
      const same = { input: { merchant_no: '852000100000001' } };
      const [first, second, otherInput, otherSession] = await Promise.all([
        admin.call('POST', '/api/gateway/storeTerminals', same),
        new Promise((resolve) => setTimeout(resolve, 50)).then(() => admin.call('POST', '/api/gateway/storeTerminals', same)),
        admin.call('POST', '/api/gateway/storeTerminals', { input: { merchant_no: '852000100000002' } }),
        other.call('POST', '/api/gateway/storeTerminals', same),
      ]);
      expect(first.body.ok).toBe(true);
      expect({ status: second.status, body: second.body }).toEqual({
        status: 409,
        body: { ok: false, error: { code: 'DUPLICATE_REQUEST', message: 'The request was interrupted because it duplicates one still in progress. Please wait for the previous request to finish.' } },
      });
      expect(otherInput.body.ok).toBe(true);
      expect(otherSession.body.ok).toBe(true);
      expect(served).toBe(3);
      // Once the first has finished, the same call is allowed again.
      expect((await admin.call('POST', '/api/gateway/storeTerminals', same)).body.ok).toBe(true);
    } finally {
      server.close();
    }
  });
});
