import { DEFAULT_TRANS_TYPES } from '@/lib/domain/transaction-types';
import { addDays, daySpan, today } from '@/lib/format/date';
import { sealPayload } from '@/lib/wire/envelope';
import { DATABASES, startTestUpstream, TEST_KEY, type TestUpstream, watchExportPages } from './harness';

const EXPORT = '/api/Transaction/ExportTransRealtime';
const REALTIME = '/api/Transaction/AsyncGetTransRealtime';
/** Rows per query of the services' export in these tests: a year takes many pages. */
const PAGE_ROWS = 97;
const COLUMNS = ['order_no', 'gmt_payment', 'trans_amount', 'merchant_no'];

/** A year ending today, as the realtime query's 14-digit bounds. */
const lastYear = () => {
  const span = daySpan(addDays(today(), -365), today());
  return { gmtPaymentFrom: span.start, gmtPaymentTo: span.end };
};

const at = (text: string) => `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)} ${text.slice(8, 10)}:${text.slice(10, 12)}:${text.slice(12, 14)}`;

interface Streamed {
  status: number;
  contentType: string | null;
  lines: unknown[];
  /** The rows, as arrays in the head's column order. */
  rows: string[][];
  body: string;
}

describe.each(DATABASES)('the streamed export call on %s', (database) => {
  let upstream: TestUpstream;
  let exportPages: { queries: number; delayMs: number };
  beforeAll(async () => {
    upstream = await startTestUpstream(database, { exportPageRows: PAGE_ROWS }, 3000);
    exportPages = watchExportPages(upstream);
  });
  afterAll(() => upstream.stop());

  const urlOf = (path: string, input: Record<string, unknown>) => `${upstream.url}${path}?en=${encodeURIComponent(sealPayload(input, TEST_KEY))}`;

  async function stream(token: string, input: Record<string, unknown>, path = EXPORT): Promise<Streamed> {
    const response = await fetch(urlOf(path, { columns: COLUMNS, ...input }), { headers: { 'x-eftpay-token': token } });
    const body = await response.text();
    const lines = response.status === 200 ? body.split('\n').slice(0, -1).map((line) => JSON.parse(line) as unknown) : [JSON.parse(body) as unknown];
    return { status: response.status, contentType: response.headers.get('content-type'), lines, rows: lines.filter((l): l is string[] => Array.isArray(l)), body };
  }

  /** The same query asked of the database itself, ordered by the sort and then id. */
  async function expected(customer: string, column: string, direction: 'ASC' | 'DESC', span = lastYear()) {
    const rows = await upstream.db.query<{ order_no: string; gmt_payment: string; trans_amount: string; merchant_no: string }>(
      `SELECT order_no, to_char(gmt_payment, 'YYYYMMDDHH24MISS') AS gmt_payment, trans_amount::text AS trans_amount, merchant_no FROM transactions t
        WHERE customer_no = $1 AND t.gmt_payment BETWEEN $2 AND $3 AND trans_type = ANY($4)
        ORDER BY t.${column} ${direction}, t.id ${direction}`,
      [customer, at(span.gmtPaymentFrom), at(span.gmtPaymentTo), DEFAULT_TRANS_TYPES],
    );
    return rows.map((r) => [r.order_no, r.gmt_payment, r.trans_amount, r.merchant_no]);
  }

  it.each([
    ['gmt_payment', 'desc'],
    ['trans_amount', 'asc'],
    ['store_code', 'desc'],
    ['payment_type', 'asc'],
  ] as const)('streams a year sorted by %s %s: the columns asked for, every row once in the order the database gives, then the count', async (sort, order) => {
    const { token } = await upstream.client.login('admin');
    exportPages.queries = 0;
    const answer = await stream(token, { ...lastYear(), sort, order });
    const rows = await expected('C0001', sort, order === 'asc' ? 'ASC' : 'DESC');
    // Enough rows for many pages, and ties in the sort column that only the id can order.
    expect(rows.length).toBeGreaterThan(500);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/x-ndjson');
    expect(answer.lines[0]).toEqual({ columns: COLUMNS });
    expect(answer.rows).toEqual(rows);
    expect(answer.lines.at(-1)).toEqual({ end: { rows: rows.length } });
    expect(answer.lines).toHaveLength(rows.length + 2);
    // Keyset pages of the configured size; a short page is the last (no empty query at the end).
    expect(exportPages.queries).toBe(Math.ceil((rows.length + 1) / PAGE_ROWS));
  });

  it('sends only the fields asked for, as text: amounts exact, times as 14 digits, a missing settlement date empty', async () => {
    const { token } = await upstream.client.login('admin');
    const columns = ['settledate', 'mdr_fee', 'category', 'trans_amount', 'gmt_payment'];
    const answer = await stream(token, { ...lastYear(), columns, limit: 400 });
    expect(answer.lines[0]).toEqual({ columns });
    expect(answer.rows).toHaveLength(400);
    expect(answer.rows.every((r) => r.length === 5 && /^(\d{8}|)$/.test(r[0] as string) && /^\d+\.\d{2}$/.test(r[1] as string) && /^(SALE|VOID|REFUND|OTHER)$/.test(r[2] as string) && /^\d+\.\d{2}$/.test(r[3] as string) && /^\d{14}$/.test(r[4] as string))).toBe(true);
    expect(answer.rows.some((r) => r[0] === '')).toBe(true);
    expect(answer.body).not.toMatch(/store_name|customer_no|"id"/);
    expect(answer.lines.at(-1)).toEqual({ end: { rows: 400 } });
  });

  it('gives the realtime call rows, in its order, and its total', async () => {
    const { token } = await upstream.client.login('admin');
    const query = { ...lastYear(), sort: 'trans_amount', order: 'desc' };
    const list = await upstream.client.call<{ data: Record<string, string>[]; total: number }>('GET', REALTIME, { ...query, limit: 100, page: 1 }, { token });
    const answer = await stream(token, query);
    expect(answer.rows.slice(0, 100)).toEqual(list.body.data.map((r) => COLUMNS.map((c) => r[c])));
    expect(answer.rows).toHaveLength(list.body.total);
  });

  it('serves partners through the _20230314 variant, over all of their customers', async () => {
    const { token } = await upstream.client.login('partner@demo.test');
    expect((await stream(token, lastYear())).status).toBe(403);
    const answer = await stream(token, lastYear(), `${EXPORT}_20230314`);
    const rows = (await Promise.all(['C0001', 'C0003', 'C0004'].map((c) => expected(c, 'gmt_payment', 'DESC')))).flat();
    expect(answer.rows.map((r) => r.join()).sort()).toEqual(rows.map((r) => r.join()).sort());
  });

  it('applies the span rules: today by default, at most 366 days', async () => {
    const { token } = await upstream.client.login('admin');
    const day = daySpan(today(), today());
    const { rows } = await stream(token, {});
    expect(rows).toEqual(await expected('C0001', 'gmt_payment', 'DESC', { gmtPaymentFrom: day.start, gmtPaymentTo: day.end }));
    expect(rows.length).toBeGreaterThan(0);
    const tooLong = daySpan(addDays(today(), -367), today());
    const refused = await stream(token, { gmtPaymentFrom: tooLong.start, gmtPaymentTo: tooLong.end });
    expect({ status: refused.status, body: refused.lines[0] }).toMatchObject({ status: 400, body: { error: { code: 'SPAN_TOO_LONG' } } });
  });

  it('refuses a field that is not exportable, and no fields at all', async () => {
    const { token } = await upstream.client.login('admin');
    for (const columns of [['order_no', 'customer_no'], ['password'], [], '']) {
      const answer = await stream(token, { ...lastYear(), columns });
      expect({ columns, status: answer.status, body: answer.lines[0] }).toMatchObject({ columns, status: 400, body: { error: { code: 'INVALID_INPUT' } } });
    }
  });

  it('lets role 5 export one transaction found by an exact key, and nothing without one', async () => {
    const { token } = await upstream.client.login('viewer@demo.test');
    const refused = await stream(token, lastYear());
    expect({ status: refused.status, body: refused.lines[0] }).toMatchObject({ status: 403, body: { error: { code: 'SINGLE_SEARCH_ONLY' } } });
    const [sale] = await upstream.db.query<{ order_no: string }>("SELECT order_no FROM transactions WHERE customer_no = 'C0001' AND trans_type = '11' ORDER BY id LIMIT 1");
    const found = await stream(token, { alipayOrder: sale?.order_no });
    expect(found.rows.map((r) => r[0])).toEqual([sale?.order_no]);
    expect(found.lines.at(-1)).toEqual({ end: { rows: 1 } });
  });

  it("gives another organisation's user none of the first customer's rows, whatever it names", async () => {
    const { token } = await upstream.client.login('other@demo.test');
    const merchants = (await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001'")).map((m) => m.merchant_no);
    const [foreign] = await upstream.db.query<{ order_no: string; refno: string; out_trade_no: string }>("SELECT order_no, refno, out_trade_no FROM transactions WHERE customer_no = 'C0001' ORDER BY id DESC LIMIT 1");
    const own = await stream(token, lastYear());
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.every((r) => !merchants.includes(r[3] as string))).toBe(true);
    for (const input of [
      { ...lastYear(), merchant_no: merchants[0] },
      { ...lastYear(), customer_no: 'C0001' },
      { alipayOrder: foreign?.order_no },
      { rrn: foreign?.refno },
      { eftNo: foreign?.out_trade_no },
    ]) {
      const answer = await stream(token, input);
      expect({ input, status: answer.status, lines: answer.lines }).toEqual({ input, status: 200, lines: [{ columns: COLUMNS }, { end: { rows: 0 } }] });
    }
  });

  it('stops reading the database when the connection closes', async () => {
    const { token } = await upstream.client.login('admin');
    const pages = Math.ceil((await expected('C0001', 'gmt_payment', 'DESC')).length / PAGE_ROWS);
    expect(pages).toBeGreaterThan(10);
    // Each page takes a while, as a large table's would: the reader leaves long before the last one.
    exportPages.delayMs = 50;
    exportPages.queries = 0;
    try {
      const reader = new AbortController();
      const response = await fetch(urlOf(EXPORT, { columns: COLUMNS, ...lastYear() }), { headers: { 'x-eftpay-token': token }, signal: reader.signal });
      const body = (response.body as ReadableStream<Uint8Array>).getReader();
      expect((await body.read()).done).toBe(false);
      reader.abort();
      await body.read().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const atAbort = exportPages.queries;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // The page in flight when the connection closed at most; nothing after.
      expect(exportPages.queries).toBe(atAbort);
      expect(atAbort).toBeLessThan(pages / 2);
    } finally {
      exportPages.delayMs = 0;
    }
  });
});
