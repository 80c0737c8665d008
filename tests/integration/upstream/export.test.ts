import { DEFAULT_TRANS_TYPES } from '@/lib/domain/transaction-types';
import { addDays, daySpan, today } from '@/lib/format/date';
import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

type Row = { id: number; order_no: string; merchant_no: string; trans_amount: string; gmt_payment: string };
type Page = { data: Row[]; next: string | null };

const EXPORT = '/api/Transaction/ExportTransRealtime';
const REALTIME = '/api/Transaction/AsyncGetTransRealtime';

/** A year ending today, as the realtime query's 14-digit bounds. */
const lastYear = () => {
  const span = daySpan(addDays(today(), -365), today());
  return { gmtPaymentFrom: span.start, gmtPaymentTo: span.end };
};

describe.each(DATABASES)('the export call on %s', (database) => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 3000);
  });
  afterAll(() => upstream.stop());

  async function pages(token: string, input: Record<string, unknown>, path = EXPORT) {
    const rows: Row[] = [];
    let after: string | undefined;
    let calls = 0;
    do {
      const answer = await upstream.client.call<Page>('GET', path, { ...input, after }, { token });
      expect(answer.status).toBe(200);
      rows.push(...answer.body.data);
      after = answer.body.next ?? undefined;
      calls++;
    } while (after);
    return { rows, calls };
  }

  /** The same query asked of the database itself, ordered by the sort and then id. */
  async function expected(customer: string, column: string, direction: 'ASC' | 'DESC', span = lastYear()) {
    const at = (text: string) => `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)} ${text.slice(8, 10)}:${text.slice(10, 12)}:${text.slice(12, 14)}`;
    const rows = await upstream.db.query<{ id: number }>(
      `SELECT id FROM transactions WHERE customer_no = $1 AND gmt_payment BETWEEN $2 AND $3 AND trans_type = ANY($4)
        ORDER BY ${column} ${direction}, id ${direction}`,
      [customer, at(span.gmtPaymentFrom), at(span.gmtPaymentTo), DEFAULT_TRANS_TYPES],
    );
    return rows.map((r) => Number(r.id));
  }

  it.each([
    ['gmt_payment', 'desc'],
    ['trans_amount', 'asc'],
    ['store_code', 'desc'],
    ['payment_type', 'asc'],
  ] as const)('pages through a year sorted by %s %s: every row once, in the order the database gives', async (sort, order) => {
    const { token } = await upstream.client.login('admin');
    const { rows, calls } = await pages(token, { ...lastYear(), sort, order, limit: 97 });
    const ids = await expected('C0001', sort, order === 'asc' ? 'ASC' : 'DESC');
    // Enough rows for many pages, and ties in the sort column that only the id can order.
    expect(ids.length).toBeGreaterThan(500);
    // One row more than asked tells the last page apart: no empty call at the end.
    expect(calls).toBe(Math.ceil(ids.length / 97));
    expect(rows.map((r) => Number(r.id))).toEqual(ids);
  });

  it('gives the realtime call rows, in its order, and its total', async () => {
    const { token } = await upstream.client.login('admin');
    const query = { ...lastYear(), sort: 'trans_amount', order: 'desc' };
    const [list, first] = await Promise.all([
      upstream.client.call<{ data: Row[]; total: number }>('GET', REALTIME, { ...query, limit: 100, page: 1 }, { token }),
      upstream.client.call<Page>('GET', EXPORT, { ...query, limit: 100 }, { token }),
    ]);
    expect(first.body.data).toEqual(list.body.data);
    expect((await pages(token, { ...query })).rows).toHaveLength(list.body.total);
  });

  it('serves partners through the _20230314 variant, over all of their customers', async () => {
    const { token } = await upstream.client.login('partner@demo.test');
    expect((await upstream.client.call('GET', EXPORT, { limit: 5 }, { token })).status).toBe(403);
    const { rows } = await pages(token, { ...lastYear(), limit: 500 }, `${EXPORT}_20230314`);
    const ids = (await Promise.all(['C0001', 'C0003', 'C0004'].map((c) => expected(c, 'gmt_payment', 'DESC')))).flat();
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
  });

  it('applies the span rules: today by default, at most 366 days', async () => {
    const { token } = await upstream.client.login('admin');
    const day = daySpan(today(), today());
    const { rows } = await pages(token, {});
    expect(rows.map((r) => Number(r.id))).toEqual(await expected('C0001', 'gmt_payment', 'DESC', { gmtPaymentFrom: day.start, gmtPaymentTo: day.end }));
    expect(rows.length).toBeGreaterThan(0);
    const tooLong = daySpan(addDays(today(), -367), today());
    const refused = await upstream.client.call<{ error: { code: string } }>('GET', EXPORT, { gmtPaymentFrom: tooLong.start, gmtPaymentTo: tooLong.end }, { token });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 400, code: 'SPAN_TOO_LONG' });
  });

  it('refuses a cursor of another sort or direction, and one made up', async () => {
    const { token } = await upstream.client.login('admin');
    const first = await upstream.client.call<Page>('GET', EXPORT, { ...lastYear(), sort: 'trans_amount', order: 'asc', limit: 10 }, { token });
    for (const input of [
      { sort: 'trans_amount', order: 'desc', after: first.body.next },
      { sort: 'gmt_payment', order: 'asc', after: first.body.next },
      { sort: 'trans_amount', order: 'asc', after: Buffer.from(JSON.stringify({ s: 'trans_amount', o: 'asc', v: "1; DROP TABLE transactions", i: 1 })).toString('base64url') },
    ]) {
      const answer = await upstream.client.call<{ error: { code: string } }>('GET', EXPORT, { ...lastYear(), ...input }, { token });
      expect({ status: answer.status, code: answer.body.error.code }).toEqual({ status: 400, code: 'INVALID_INPUT' });
    }
  });

  it('lets role 5 export one transaction found by an exact key, and nothing without one', async () => {
    const { token } = await upstream.client.login('viewer@demo.test');
    const refused = await upstream.client.call<{ error: { code: string } }>('GET', EXPORT, lastYear(), { token });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 403, code: 'SINGLE_SEARCH_ONLY' });
    const [sale] = await upstream.db.query<{ order_no: string }>("SELECT order_no FROM transactions WHERE customer_no = 'C0001' AND trans_type = '11' ORDER BY id LIMIT 1");
    const found = await upstream.client.call<Page>('GET', EXPORT, { alipayOrder: sale?.order_no, limit: 5000 }, { token });
    expect(found.body.data.map((r) => r.order_no)).toEqual([sale?.order_no]);
    expect(found.body.next).toBeNull();
  });

  it("gives another organisation's user none of the first customer's rows, whatever it names", async () => {
    const { token } = await upstream.client.login('other@demo.test');
    const merchants = (await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001'")).map((m) => m.merchant_no);
    const [foreign] = await upstream.db.query<{ order_no: string; refno: string; out_trade_no: string }>("SELECT order_no, refno, out_trade_no FROM transactions WHERE customer_no = 'C0001' ORDER BY id DESC LIMIT 1");
    const own = await pages(token, lastYear());
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.every((r) => !merchants.includes(r.merchant_no))).toBe(true);
    for (const input of [
      { ...lastYear(), merchant_no: merchants[0] },
      { ...lastYear(), customer_no: 'C0001' },
      { alipayOrder: foreign?.order_no },
      { rrn: foreign?.refno },
      { eftNo: foreign?.out_trade_no },
    ]) {
      const answer = await upstream.client.call<Page>('GET', EXPORT, input, { token });
      expect({ input, status: answer.status, rows: answer.body.data }).toEqual({ input, status: 200, rows: [] });
    }
  });
});
