import fc from 'fast-check';
import { BODY_LIMITS } from '@/lib/http/body';
import { MAX_DOCUMENT_BYTES } from '@/lib/documents/rules';
import { BATCH_LIMITS } from '@/lib/refunds/batch';
import { zipStream } from '@/lib/export/zip';
import { databaseFingerprint, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

/**
 * Bodies past a route's limit (issue 25, item 3): every route handler reads at most its own limit
 * from the stream and answers 413 the moment it is passed, with or without Content-Length; a
 * refused request changes nothing. A body here is a stream that counts what the handler pulled,
 * which is what the portal's memory would hold.
 */
let upstream: TestUpstream;
let admin: Browser;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 500);
  portalEnv(upstream.url);
  admin = new Browser();
  expect((await admin.signIn('admin')).status).toBe(200);
}, 180_000); // a fresh seeded database: slow on a busy machine
afterAll(() => upstream.stop());

/** A body of `size` bytes, made as it is pulled, in chunks of `chunk` bytes; `pulled()` says how much was asked for. */
function countedBody(size: number, chunk = 64 * 1024, first = '') {
  let pulled = 0;
  const head = new TextEncoder().encode(first);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= size) return controller.close();
        const length = Math.min(chunk, size - pulled);
        const bytes = new Uint8Array(length).fill(0x61);
        if (pulled === 0) bytes.set(head.subarray(0, length));
        pulled += length;
        controller.enqueue(bytes);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

const MULTIPART = 'multipart/form-data; boundary=----limit';
/** Each state-changing route handler, the content type it takes and the most it may read. */
const ROUTES: [string, string, number][] = [
  ['/api/auth/login', 'application/json', BODY_LIMITS.form],
  ['/api/auth/forgot', 'application/json', BODY_LIMITS.form],
  ['/api/auth/reset', 'application/json', BODY_LIMITS.form],
  ['/api/account/password', 'application/json', BODY_LIMITS.form],
  ['/api/accounts', 'application/json', BODY_LIMITS.form],
  ['/api/accounts/edit', 'application/json', BODY_LIMITS.form],
  ['/api/applications', 'application/json', BODY_LIMITS.form],
  ['/api/collect/requests', 'application/json', BODY_LIMITS.form],
  ['/api/refunds', 'application/json', BODY_LIMITS.form],
  ['/api/refunds/find', 'application/json', BODY_LIMITS.form],
  ['/api/refunds/cancel', 'application/json', BODY_LIMITS.form],
  ['/api/refunds/decide', 'application/json', BODY_LIMITS.form],
  ['/api/notices/important', 'application/json', BODY_LIMITS.form],
  ['/api/notices/important', 'application/x-www-form-urlencoded', BODY_LIMITS.form],
  ['/api/gateway/customerInfo', 'application/json', BODY_LIMITS.gateway],
  // The second factor's (issue 26); the second step itself refuses before reading without its pending cookie.
  ['/api/auth/passkey', 'application/json', BODY_LIMITS.form],
  ['/api/auth/passkey/options', 'application/json', BODY_LIMITS.form],
  ['/api/two-step/policy', 'application/json', BODY_LIMITS.form],
  ['/api/refunds/batch', MULTIPART, BATCH_LIMITS.bytes + BODY_LIMITS.multipartOverhead],
  ['/api/documents', MULTIPART, MAX_DOCUMENT_BYTES + BODY_LIMITS.multipartOverhead],
];
/** What a stream may have pulled ahead of the handler's reading: the chunk in hand and the one being made. */
const SLACK = 2 * 64 * 1024;

describe('bodies past their route’s limit', () => {
  it('answers a 150 MB JSON body to the refund cancel with 413 at once, with or without a length, reading no more than its limit', async () => {
    const before = await databaseFingerprint(upstream);
    for (const headers of [{}, { 'content-length': String(150 * 1024 * 1024) }] as Record<string, string>[]) {
      const body = countedBody(150 * 1024 * 1024, 64 * 1024, '{"refundId":');
      const started = performance.now();
      const answer = await admin.send('POST', '/api/refunds/cancel', body.stream, headers);
      expect(performance.now() - started).toBeLessThan(2000);
      expect({ status: answer.status, code: answer.body.error?.code, message: answer.body.error?.message }).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large (at most 8 KB).' });
      expect(body.pulled()).toBeLessThanOrEqual(BODY_LIMITS.form + SLACK);
    }
    expect(await databaseFingerprint(upstream)).toBe(before);
  });

  it('answers a chunked 300 MB multipart body to the batch upload with 413 in the upload’s words, reading no more than the file’s limit', async () => {
    const body = countedBody(300 * 1024 * 1024, 64 * 1024, '------limit\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n');
    const answer = await new Browser('zh-TW', '127.0.0.1').send('POST', '/api/refunds/batch', body.stream, { 'content-type': MULTIPART, cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    expect({ status: answer.status, code: answer.body.error?.code, message: answer.body.error?.message }).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: '檔案大於 1024 KB。' });
    expect(body.pulled()).toBeLessThanOrEqual(BATCH_LIMITS.bytes + BODY_LIMITS.multipartOverhead + SLACK);
  });

  it('refuses a refund handler’s body that is not JSON (text/plain, a form), as the gateway does', async () => {
    for (const path of ['/api/refunds', '/api/refunds/find', '/api/refunds/cancel', '/api/refunds/decide', '/api/accounts', '/api/accounts/edit', '/api/applications', '/api/collect/requests']) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
        const answer = await admin.send('POST', path, '{"refundId":1}', { 'content-type': type });
        expect({ path, status: answer.status, code: answer.body.error?.code }).toEqual({ path, status: 400, code: 'INVALID_INPUT' });
      }
    }
  });

  it('refuses the 251-byte xlsx the probe sent, and other broken sheets, with a translated 400 in milliseconds', async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of zipStream([{ name: 'xl/worksheets/sheet1.xml', content: ['<worksheet><sheetData><row r="2"><c r="AAAAAAA2"><v>1</v></c></row></sheetData></worksheet>'] }])) chunks.push(chunk);
    const sheets: [Buffer, string][] = [
      [Buffer.concat(chunks), 'The file cannot be read. Please use the CSV or xlsx template.'],
      [Buffer.from('merchantNo,transDate,transTime,orderNo,rrn,refundAmount,reasonType,reason,notes\n1,2,3,4,5,6,7,8,9\n'), "Column I has values, but the template has 8 columns (A to H). Please use the template's columns only."],
      [Buffer.from('x\n'.repeat(300_000)), 'The file has more than 200 rows. Please split it.'],
    ];
    for (const [file, message] of sheets) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'refunds.xlsx');
      const started = performance.now();
      const answer = await admin.postForm('/api/refunds/batch', form);
      expect(performance.now() - started).toBeLessThan(1000);
      expect({ status: answer.status, message: answer.body.error?.message }).toEqual({ status: 400, message });
    }
  });
});

describe('every route handler over generated bodies (fast-check)', () => {
  it('answers a translated 4xx or its normal answer, in bounded time, reading at most its limit, and a refusal writes nothing', async () => {
    const before = await databaseFingerprint(upstream);
    const bodies = fc.constantFrom(...ROUTES).chain(([path, type, limit]) =>
      fc.record({
        path: fc.constant(path),
        limit: fc.constant(limit),
        // Up to three times the limit, with the sizes around the limit itself drawn often.
        size: fc.oneof(fc.integer({ min: 0, max: 3 * limit }), fc.integer({ min: limit - 2, max: limit + 2 })),
        chunk: fc.integer({ min: 1024, max: 64 * 1024 }),
        declared: fc.boolean(),
        type: fc.constantFrom(type, 'application/json', 'text/plain', MULTIPART),
        start: fc.constantFrom('', '{"input":{', '------limit\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n', '[', '"'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async ({ path, limit, size, chunk, declared, type, start }) => {
        const body = countedBody(size, chunk, start);
        const started = performance.now();
        const answer = await admin.send('POST', path, body.stream, { 'content-type': type, ...(declared ? { 'content-length': String(size) } : {}) });
        expect(performance.now() - started).toBeLessThan(3000);
        expect(body.pulled()).toBeLessThanOrEqual(limit + SLACK);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body.error?.message).toMatch(/\S/);
        expect(answer.body.error?.message).not.toMatch(/^(gateway|upstream|pwd|login|refund)\./);
        if (answer.status === 413) expect(size).toBeGreaterThan(limit);
        if (size > limit + chunk && type.startsWith(path === '/api/refunds/batch' || path === '/api/documents' ? 'multipart/' : 'application/json')) expect(answer.status).toBe(413);
      }),
      { numRuns: 120, interruptAfterTimeLimit: 60_000 },
    );
    expect(await databaseFingerprint(upstream)).toBe(before);
    // The session is the one it was: nothing above signed it out or changed it.
    expect((await admin.call('POST', '/api/gateway/customerInfo', { input: {} })).status).toBe(200);
  }, 120_000);
});
