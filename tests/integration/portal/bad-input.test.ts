import fc from 'fast-check';
import { CALLS } from '@/lib/call-catalogue';
import { databaseFingerprint, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

let upstream: TestUpstream;
let admin: Browser;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 500);
  portalEnv(upstream.url);
  admin = new Browser();
  expect((await admin.signIn('admin')).status).toBe(200);
}, 180_000); // a fresh seeded database: slow on a busy machine
afterAll(() => upstream.stop());

/** A translated refusal: 4xx, a stable code and a message that is text, not a message key. */
function expectTranslatedRefusal(answer: { status: number; body: { ok?: boolean; error?: { code: string; message: string } } }) {
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.body.ok).toBe(false);
  expect(answer.body.error?.message).toMatch(/\S/);
  expect(answer.body.error?.message).not.toMatch(/^(gateway|upstream|pwd|login)\./);
}

const EXPOSED = Object.entries(CALLS).filter(([, d]) => (d as { exposed?: boolean }).exposed).map(([name]) => name);
const JSON_ROUTES = ['/api/auth/login', '/api/auth/forgot', '/api/auth/reset', '/api/auth/first-login', '/api/account/password'];

describe('bodies that are not JSON of the expected shape', () => {
  it.each([...JSON_ROUTES, '/api/gateway/customerInfo'])('%s refuses broken JSON, text/plain and a wrong shape with a translated 400', async (path) => {
    for (const [body, type] of [
      ['{"input": {', 'application/json'],
      ['username=admin', 'text/plain'],
      ['[1,2,3]', 'application/json'],
      ['"just text"', 'application/json'],
    ]) {
      const answer = await admin.send('POST', path, body as string, { 'content-type': type as string });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'INVALID_INPUT', message: 'Some of the information entered is not valid.' });
    }
  });

  it.each([...JSON_ROUTES, '/api/gateway/customerInfo'])('%s refuses a 2 MB body with a translated 413, with or without a length header', async (path) => {
    const big = JSON.stringify({ input: { customer_no: 'x'.repeat(2 * 1024 * 1024) } });
    for (const headers of [{}, { 'content-length': String(big.length) }] as Record<string, string>[]) {
      const answer = await admin.send('POST', path, big, { 'accept-language': 'zh-CN', ...headers });
      expect(answer.status).toBe(413);
      expect(answer.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
      expect(answer.body.error?.message).toMatch(/^请求内容过大（上限 \d+ KB）。$/);
    }
  });

  it('refuses a gateway input with a field the call does not know, instead of dropping it', async () => {
    const answer = await admin.call('POST', '/api/gateway/customerInfo', { input: { customer_no: 'C0001', userid: 999 } });
    expectTranslatedRefusal(answer);
    expect((await admin.call('POST', '/api/gateway/customerInfo', { input: {} })).status).toBe(200);
  });
});

// ---- Generated garbage -------------------------------------------------------------------------

const controlText = fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\u001b', '\u202e', '\r\n', '\uFFFF', '\uD800', 'a', '中') });
const enormous = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER * 1024, 2 ** 31, -(2 ** 63), 1e-320);
const badDate = fc.constantFrom('99991399256099', '00000000000000', '20261301000000', '2026-11-23', '-1', '1e14');
const deep = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { nested: value };
  return value;
});
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  controlText,
  enormous,
  badDate,
  deep,
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.constantFrom(null, true, false, [], {}, NaN),
  fc.jsonValue({ maxDepth: 4 }),
);

/** Keys the call knows (wrong values there) and keys it does not. */
function keysOf(name: string): string[] {
  const shape = (CALLS[name as keyof typeof CALLS].input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return [...Object.keys(shape), 'userid', 'typeNo', 'merchantIds', '__proto__x', 'x'.repeat(500)];
}

describe('generated garbage at every route handler', () => {
  it('answers a translated 4xx, never a 5xx, and writes nothing', async () => {
    const before = await databaseFingerprint(upstream);
    const gatewayInput = fc.constantFrom(...EXPOSED).chain((name) =>
      fc.tuple(fc.constant(name), fc.dictionary(fc.constantFrom(...keysOf(name)), garbage, { minKeys: 1, maxKeys: 4 })),
    );
    await fc.assert(
      fc.asyncProperty(gatewayInput, async ([name, input]) => {
        const schema = CALLS[name as keyof typeof CALLS].input;
        const known = Object.keys((schema as unknown as { shape: object }).shape);
        // Garbage only: inputs the call's schema would take are another test's business.
        fc.pre(Object.keys(input).some((key) => !known.includes(key)) || !schema.safeParse(input).success);
        expectTranslatedRefusal(await admin.call('POST', `/api/gateway/${name}`, { input }));
      }),
      { numRuns: 150, interruptAfterTimeLimit: 20_000 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ROUTES), garbage, fc.dictionary(fc.string(), garbage), async (path, value, object) => {
        for (const body of [value, object, { input: value }]) expectTranslatedRefusal(await admin.call('POST', path, body));
      }),
      { numRuns: 60, interruptAfterTimeLimit: 15_000 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/export/transactions', '/api/export/progress', '/redirect'), fc.dictionary(fc.constantFrom('id', 'token', 'format', 'from', 'to', 'gmtPaymentFrom', 'page'), controlText.filter((s) => s.length > 0)), async (path, query) => {
        const answer = await admin.open(`${path}?${new URLSearchParams(query)}`);
        expect(answer.status).toBeLessThan(500);
        await answer.body?.cancel();
      }),
      { numRuns: 60, interruptAfterTimeLimit: 15_000 },
    );
    expect(await databaseFingerprint(upstream)).toBe(before);
  }, 120_000);
});
