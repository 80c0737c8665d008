import { sealPayload } from '@/lib/wire/envelope';
import { postChunked, streamed } from './chunked';
import type { Queryable } from '@/upstream/db/database';
import { DATABASES, startTestUpstream, TEST_KEY, type TestUpstream } from './harness';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(MB, 'x');

/**
 * Nothing a single client sends can take the services down (the security review's "hardening"
 * issue): every body is read up to its route's limit and no further, a broken form gets the page's
 * own answer, and an answer does not grow with what the client sent.
 */
describe.each(DATABASES)('bounded input on %s', (database) => {
  let upstream: TestUpstream;
  let storeToken: string;
  let requestToken: string;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 600);
    const admin = (await upstream.client.login('admin')).token;
    const codes = await upstream.client.call<{ data: { merchant_no: string; store_code: string; token: string }[] }>('GET', '/api/Collect/GetStoreCodes', {}, { token: admin });
    const store = codes.body.data[0] as { merchant_no: string; store_code: string; token: string };
    storeToken = store.token;
    const made = await upstream.client.call<{ token: string }>(
      'POST', '/api/Collect/CreatePaymentRequest',
      { merchantNo: store.merchant_no, storeCode: store.store_code, amount: '10.00', expiresInMinutes: 60, requestKey: 'bounded-input-1' },
      { token: admin },
    );
    requestToken = made.body.token;
  });
  afterAll(() => upstream.stop());

  const count = async (table: string) => (await upstream.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;

  describe('a body sent without Content-Length', () => {
    it('is refused with 413 INPUT_TOO_LARGE the moment it passes the limit (300 MB chunked login)', async () => {
      const logged = await count('activity_log');
      const answer = await postChunked(`${upstream.url}/sso/api/v1/login`, { contentType: 'application/json', totalBytes: 300 * MB, chunk: CHUNK });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ error: { code: 'INPUT_TOO_LARGE', description: 'The input is larger than 65536 bytes' } });
      // Before the fix the answer came after all 300 MB were read (2.3 s, the services' memory +750 MB).
      expect(answer.sentBytes).toBeLessThan(100 * MB);
      expect(answer.ms).toBeLessThan(2000);
      expect(answer.rssGrowth).toBeLessThan(200 * MB);
      expect(await count('activity_log')).toBe(logged);
    });

    it('is refused the same way on the /dev helpers', async () => {
      const answer = await postChunked(`${upstream.url}/dev/clock`, { contentType: 'application/json', totalBytes: 300 * MB, chunk: CHUNK });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'INPUT_TOO_LARGE' } });
      expect(answer.sentBytes).toBeLessThan(100 * MB);
    });

    it('is read in full when it stays within the limit', async () => {
      const body = JSON.stringify({ en: sealPayload({ username: 'admin', password: 'Portal#2026' }, TEST_KEY) });
      const response = await fetch(`${upstream.url}/sso/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, ...streamed(body) } as RequestInit);
      expect(response.status).toBe(200);
      const plain = await fetch(`${upstream.url}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, ...streamed('{}') } as RequestInit);
      expect(plain.status).toBe(200);
    });
  });

  describe('the pay pages', () => {
    const form = (path: string, body: BodyInit, contentType?: string) =>
      fetch(`${upstream.url}${path}`, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body, redirect: 'manual' });
    const AMOUNT_INVALID = 'The amount must be greater than 0 with at most 2 decimals.';
    const FAILED = 'The payment could not be made. Please try again.';

    it('refuses a 200 MB chunked form at once with the page (413), not after reading it', async () => {
      const requests = await count('payment_requests');
      const store = await postChunked(`${upstream.url}/pay/store/${storeToken}`, { contentType: 'application/x-www-form-urlencoded', totalBytes: 200 * MB, chunk: CHUNK });
      expect({ status: store.status, html: store.contentType.startsWith('text/html') }).toEqual({ status: 413, html: true });
      expect(store.body).toContain(AMOUNT_INVALID);
      // Before the fix: parseBody read all 200 MB (the services' memory 1.2 -> 3.2 GB).
      expect(store.sentBytes).toBeLessThan(100 * MB);
      expect(store.rssGrowth).toBeLessThan(200 * MB);
      const pay = await postChunked(`${upstream.url}/pay/${requestToken}`, { contentType: 'application/x-www-form-urlencoded', totalBytes: 200 * MB, chunk: CHUNK });
      expect({ status: pay.status, html: pay.contentType.startsWith('text/html') }).toEqual({ status: 413, html: true });
      expect(pay.body).toContain(FAILED);
      expect(pay.sentBytes).toBeLessThan(100 * MB);
      expect(await count('payment_requests')).toBe(requests);
    });

    it('answers a broken multipart form with the page and its translated words (4xx), not the services\' JSON 500', async () => {
      const requests = await count('payment_requests');
      const transactions = await count('transactions');
      for (const contentType of ['multipart/form-data; boundary=zzz', 'multipart/form-data', 'application/json']) {
        const store = await form(`/pay/store/${storeToken}`, 'garbage\r\n--yyy\r\nmore garbage', contentType);
        expect({ contentType, status: store.status, type: store.headers.get('content-type') }).toEqual({ contentType, status: 400, type: 'text/html; charset=UTF-8' });
        expect(await store.text()).toContain(AMOUNT_INVALID);
        const pay = await form(`/pay/${requestToken}`, 'garbage\r\n--yyy\r\nmore garbage', contentType);
        expect({ contentType, status: pay.status }).toEqual({ contentType, status: 400 });
        expect(await pay.text()).toContain(FAILED);
      }
      const zh = await fetch(`${upstream.url}/pay/store/${storeToken}?lang=zhTW`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, body: 'garbage' });
      expect(zh.status).toBe(400);
      expect(await zh.text()).not.toContain(AMOUNT_INVALID);
      expect(await count('payment_requests')).toBe(requests);
      expect(await count('transactions')).toBe(transactions);
    });

    it('still takes a well-formed form, multipart or urlencoded', async () => {
      const multipart = new FormData();
      multipart.set('amount', '12.30');
      expect((await form(`/pay/store/${storeToken}`, multipart)).status).toBe(303);
      expect((await form(`/pay/store/${storeToken}`, new URLSearchParams({ amount: '12.40' }))).status).toBe(303);
    });

    it('echoes a short typed amount and leaves the field empty for a long one', async () => {
      const short = await form(`/pay/store/${storeToken}`, new URLSearchParams({ amount: '12.345' }));
      expect(short.status).toBe(422);
      expect(await short.text()).toContain('value="12.345"');
      // Before the fix a 5 MB amount came back in a 5 MB page; now the form itself is capped at a few KB.
      const long = await form(`/pay/store/${storeToken}`, new URLSearchParams({ amount: '9'.repeat(1000) }));
      expect(long.status).toBe(422);
      const page = await long.text();
      expect(page).toContain('name="amount" inputmode="decimal" maxlength="16" value=""');
      expect(page.length).toBeLessThan(10_000);
      const huge = await form(`/pay/store/${storeToken}`, new URLSearchParams({ amount: '9'.repeat(5 * MB) }));
      expect(huge.status).toBe(413);
      expect((await huge.text()).length).toBeLessThan(10_000);
    });
  });

  describe('a page past the last row', () => {
    /** The SQL of every statement the services run meanwhile, in or out of a transaction. */
    const watched = async (work: () => Promise<void>) => {
      const seen: string[] = [];
      const { query, transaction } = upstream.db;
      upstream.db.query = ((sql: string, params?: unknown[]) => (seen.push(sql), query.call(upstream.db, sql, params))) as typeof query;
      upstream.db.transaction = ((inner: (tx: Queryable) => Promise<unknown>) =>
        transaction.call(upstream.db, (tx) => inner({ query: (sql, params) => (seen.push(sql), tx.query(sql, params)) }))) as typeof transaction;
      try {
        await work();
      } finally {
        upstream.db.query = query;
        upstream.db.transaction = transaction;
      }
      return seen;
    };
    /** yyyyMMddHHmmss, `days` before the services' clock. */
    const daysAgo = (days: number) => upstream.clock.timestamp(-days * 24 * 60).replace(/\D/g, '');
    const LISTS: [string, string, string, Record<string, unknown> | (() => Promise<Record<string, unknown>>)][] = [
      ['admin', 'GET', '/api/Transaction/AsyncGetTransRealtime', () => Promise.resolve({ sort: 'gmt_payment', gmtPaymentFrom: daysAgo(90) })],
      ['admin', 'GET', '/api/Transaction/AsyncGetTransRealtime', () => Promise.resolve({ sort: 'trans_amount', gmtPaymentFrom: daysAgo(90) })],
      ['maker@demo.test', 'GET', '/transaction/api/v1/refund/epaRefunds', () => Promise.resolve({ rftype: 1, transStartDate: daysAgo(29) })],
      ['checker@demo.test', 'GET', '/transaction/api/v1/refund/getRefundApprovals', {}],
      ['admin', 'GET', '/api/Settlement/GetSettleFileList', {}],
      ['admin', 'GET', '/api/Settlement/GetRemitList', {}],
      [
        'admin', 'POST', '/api/Settlement/GetSettleFileDetail',
        async () => ({ file_id: (await upstream.db.query<{ file_id: string }>("SELECT file_id FROM settlement_files WHERE customer_no = 'C0001' LIMIT 1"))[0]?.file_id }),
      ],
      ['admin', 'GET', '/api/MerchantDocument/GetDocumentList', {}],
      ['admin', 'GET', '/sso/api/v1/user/getCustomerUserAccounts', {}],
      ['admin', 'GET', '/sso/api/v1/activity/getActivityLog', {}],
      ['admin', 'GET', '/api/MerchantInfo/GetServiceApplications', {}],
      ['admin', 'GET', '/api/MerchantInfo/GetMerchantList', {}],
      ['admin', 'GET', '/hk/api/MerchantInfo/GetMerchantInfo', {}],
      ['admin', 'GET', '/hk/api/MerchantInfo/GetStoreTerminal', {}],
      ['admin', 'GET', '/hk/api/MerchantInfo/GetPaymentService', {}],
      ['admin', 'GET', '/api/Collect/GetPaymentRequests', {}],
      ['maker@demo.test', 'GET', '/wrs2/api/v1/notice/list', {}],
      ['assets@demo.test', 'GET', '/api/TotalAssets/GetPanelItemDetail', {}],
    ];

    it.each(LISTS)('%s %s %s answers page 1 000 000 empty at once, without the rows query', async (account, method, path, extra) => {
      const { token } = await upstream.client.login(account);
      const input = typeof extra === 'function' ? await extra() : extra;
      const list = (page: number) => upstream.client.call<{ data: unknown[]; total: number; currPage: number }>(method, path, { ...input, page, limit: 100 }, { token });
      let first!: Awaited<ReturnType<typeof list>>;
      expect((await watched(async () => void (first = await list(1)))).some((sql) => /\bOFFSET\b/.test(sql))).toBe(true);
      expect(first.status).toBe(200);
      expect(first.body.total).toBeGreaterThan(0);
      let deep!: Awaited<ReturnType<typeof list>>;
      // Before the fix: OFFSET 99 999 900 ran (a year's rows read and skipped).
      const statements = await watched(async () => void (deep = await list(1_000_000)));
      expect({ status: deep.status, data: deep.body.data, total: deep.body.total, currPage: deep.body.currPage }).toEqual({ status: 200, data: [], total: first.body.total, currPage: 1_000_000 });
      expect(statements.filter((sql) => /\bOFFSET\b/.test(sql))).toEqual([]);
      // The last page still has its rows.
      const last = Math.max(1, Math.ceil(first.body.total / 100));
      const lastPage = await list(last);
      expect(lastPage.body.data).toHaveLength(first.body.total - (last - 1) * 100);
    });
  });
});
