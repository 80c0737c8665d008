import { Figures } from '../portal/transaction-figures';
import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

/**
 * The daily summary (migration 0008) against the rows it sums, on every write path the services
 * have, and the calls that read it against sums computed straight from the rows
 * (transaction-figures.ts, which never reads the summary).
 */
const REALTIME = '/api/Transaction/AsyncGetTransRealtime';
const KEY = 'customer_no, day, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category';
const ROW_SUMS = `SELECT customer_no, gmt_payment::date AS day, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category,
                         count(*)::bigint AS count, sum(trans_amount)::numeric(20,2) AS amount
                    FROM transactions GROUP BY ${KEY}`;
const compact = (day: string) => day.replaceAll('-', '');

interface Realtime {
  total: number;
  totalAmount: string;
  summary: { name: string; count: number; amount: string }[];
  data: { order_no: string }[];
}

describe.each(DATABASES)('daily summary on %s', (database) => {
  let upstream: TestUpstream;
  let figures: Figures;
  let admin: string;
  let today: string;
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);

  beforeAll(async () => {
    // Enough transactions for a month of the first customer to run to more than twenty pages.
    upstream = await startTestUpstream(database, {}, 10_000);
    figures = new Figures(upstream.db);
    admin = (await upstream.client.login('admin')).token;
    today = (await q<{ day: string }>('SELECT anchor_day::text AS day FROM seed_info'))[0]?.day as string;
    // A larger seed than other suites': PGlite takes longer than the default minute on a busy machine.
  }, 180_000);
  afterAll(() => upstream.stop());

  const daysBefore = async (days: number) => (await q<{ day: string }>('SELECT ($1::date - $2::int)::text AS day', [today, days]))[0]?.day as string;

  /** Summary keys whose count or amount differ from the rows', both ways; [] when equal. */
  async function mismatches() {
    return q(
      `(SELECT 'summary' AS side, * FROM daily_summary EXCEPT SELECT 'summary', * FROM (${ROW_SUMS}) r)
       UNION ALL
       (SELECT 'rows', * FROM (${ROW_SUMS}) r EXCEPT SELECT 'rows', * FROM daily_summary)`,
    );
  }

  const realtime = async (input: Record<string, unknown>) => {
    const answer = await upstream.client.call<Realtime>('GET', REALTIME, { limit: 10, page: 1, ...input }, { token: admin });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const totalsOf = ({ total, totalAmount, summary }: Realtime) => ({ total, totalAmount, summary });

  it('equals the row sums after the seed', async () => {
    const [keys] = await q<{ n: number }>('SELECT count(*)::int AS n FROM daily_summary');
    expect(keys?.n).toBeGreaterThan(1000);
    expect(await mismatches()).toEqual([]);
  });

  it('stays equal after refunds are requested, approved and paid as portal refunds (type 50)', async () => {
    const maker = (await upstream.client.login('maker@demo.test')).token;
    const checker = (await upstream.client.login('checker@demo.test')).token;
    const sales = await q<{ merchant_no: string; order_no: string }>(
      `SELECT merchant_no, order_no FROM transactions t WHERE customer_no = 'C0001' AND trans_type = '11' AND trans_amount > 50
          AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.original_id = t.id) AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.transaction_id = t.id)
        ORDER BY id DESC LIMIT 2`,
    );
    const refundIds: number[] = [];
    for (const sale of sales) {
      const created = await upstream.client.call<{ refundId: number }>(
        'POST', '/transaction/api/v1/refund/epaRefunds', { merchantNo: sale.merchant_no, alipayOrder: sale.order_no, reason: 'Customer returned goods', reasonType: 'RETURN', refundAmount: '12.34' }, { token: maker },
      );
      expect(created.status).toBe(200);
      refundIds.push(created.body.refundId);
    }
    await upstream.client.call('POST', '/transaction/api/v1/postRefundApprovals', { refundArray: refundIds, result: 'approve', password: 'Portal#2026' }, { token: checker });
    const before = await realtime({ transType: ['50'] });
    // The seed's approved refunds are paid with ours.
    const { paid } = await upstream.client.dev<{ paid: number }>('POST', '/dev/refunds/pay');
    expect(paid).toBeGreaterThanOrEqual(2);
    const ours = await q<{ refund_transaction_id: number | null }>('SELECT refund_transaction_id FROM refunds WHERE refund_id = ANY($1)', [refundIds]);
    expect(ours.every((r) => r.refund_transaction_id !== null)).toBe(true);

    expect(await mismatches()).toEqual([]);
    const after = await realtime({ transType: ['50'] });
    expect(after.total).toBeGreaterThanOrEqual(before.total + 2);
    expect(totalsOf(after)).toEqual(await figures.totals({ customers: ['C0001'], from: today, to: today, more: [['x.trans_type = ?', '50']] }));
  });

  it('stays equal after rows are updated (amount, day, payment type) and deleted', async () => {
    await q(
      `UPDATE transactions SET trans_amount = trans_amount + 1.01, gmt_payment = gmt_payment - interval '1 day', payment_type = 'JCB'
        WHERE id IN (SELECT id FROM transactions WHERE customer_no = 'C0001' ORDER BY id DESC LIMIT 5)`,
    );
    await q(`DELETE FROM transactions WHERE id IN (SELECT id FROM transactions t WHERE customer_no = 'C0002' AND original_id IS NULL
               AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.original_id = t.id) AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.transaction_id = t.id OR r.refund_transaction_id = t.id)
               AND NOT EXISTS (SELECT 1 FROM settlement_files f WHERE f.file_id = t.settle_file_id) ORDER BY id LIMIT 7)`);
    expect(await mismatches()).toEqual([]);
    const [empty] = await q<{ n: number }>('SELECT count(*)::int AS n FROM daily_summary WHERE count = 0');
    expect(empty?.n).toBe(0);
  });

  it('answers the realtime figures of a year, of spans that start and end inside a day, and of filters as the rows sum', async () => {
    const yearAgo = await daysBefore(365);
    const year = await realtime({ gmtPaymentFrom: `${compact(yearAgo)}000000`, gmtPaymentTo: `${compact(today)}235959` });
    expect(year.total).toBeGreaterThan(1000);
    expect(totalsOf(year)).toEqual(await figures.totals({ customers: ['C0001'], from: yearAgo, to: today }));

    const tenDaysAgo = await daysBefore(10);
    for (const [from, to] of [
      [`${tenDaysAgo} 13:30:00`, `${today} 12:00:00`],
      [`${tenDaysAgo} 00:00:00`, `${tenDaysAgo} 18:45:10`],
      [`${tenDaysAgo} 09:00:01`, `${await daysBefore(9)} 23:59:59`],
    ] as const) {
      const answer = await realtime({ gmtPaymentFrom: compact(from).replace(/[ :]/g, ''), gmtPaymentTo: compact(to).replace(/[ :]/g, '') });
      const expected = await figures.totals({ customers: ['C0001'], more: [['x.gmt_payment >= ?::timestamp', from], ['x.gmt_payment <= ?::timestamp', to]] });
      expect(expected.total).toBeGreaterThan(0);
      expect(totalsOf(answer)).toEqual(expected);
    }

    const [merchant] = await q<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY merchant_no LIMIT 1");
    const filtered = await realtime({
      gmtPaymentFrom: `${compact(yearAgo)}000000`, gmtPaymentTo: `${compact(today)}235959`, merchant_no: merchant?.merchant_no, payment_type: 'VISA', transType: ['11', '21', '31'],
    });
    expect(totalsOf(filtered)).toEqual(
      await figures.totals({
        customers: ['C0001'], from: yearAgo, to: today,
        more: [['x.merchant_no = ?', merchant?.merchant_no], ['x.payment_type = ?', 'VISA'], ['x.trans_type = ANY(?)', ['11', '21', '31']]],
      }),
    );
    // An amount filter reads the rows: the figures still agree.
    const amounts = await realtime({ gmtPaymentFrom: `${compact(yearAgo)}000000`, gmtPaymentTo: `${compact(today)}235959`, amountFrom: '100.00', amountTo: '300.00' });
    expect(totalsOf(amounts)).toEqual(
      await figures.totals({ customers: ['C0001'], from: yearAgo, to: today, more: [['x.trans_amount >= ?::numeric', '100.00'], ['x.trans_amount <= ?::numeric', '300.00']] }),
    );
  });

  it('answers deep pages in payment-time order, both directions, with the rows OFFSET would give', async () => {
    const from = await daysBefore(29);
    const span = { gmtPaymentFrom: `${compact(from)}000000`, gmtPaymentTo: `${compact(today)}235959` };
    for (const order of ['desc', 'asc'] as const) {
      const expected = await figures.orders({ customers: ['C0001'], from, to: today }, order === 'desc' ? 'x.gmt_payment DESC, x.id DESC' : 'x.gmt_payment ASC, x.id ASC');
      const last = Math.ceil(expected.length / 10);
      expect(last).toBeGreaterThan(20);
      for (const page of [2, Math.floor(last / 3), Math.floor(last / 2) + 1, last - 1, last]) {
        const answer = await realtime({ ...span, page, order, sort: 'gmt_payment' });
        expect(answer.data.map((row) => row.order_no)).toEqual(expected.slice((page - 1) * 10, page * 10));
      }
      expect((await realtime({ ...span, page: last + 1, order })).data).toEqual([]);
    }
  });

  it('answers the dashboard of a year as the rows sum', async () => {
    const from = await daysBefore(365);
    const input = { gmtPaymentFrom: `${compact(from)}000000`, gmtPaymentTo: `${compact(today)}235959` };
    const call = async (path: string) => (await upstream.client.call('GET', path, input, { token: admin })).body;
    const selection = { customers: ['C0001'], from, to: today };
    expect(await call('/api/MerchantInfo/GetMerchantAllcountAndAmount')).toEqual(await figures.allCountAndAmount(selection));
    expect(await call('/api/Transaction/GetTransPaymentType')).toEqual(await figures.paymentTypes(selection));
    expect(await call('/api/MerchantInfo/GetPieTransTypeCount')).toEqual(await figures.transTypes(selection));
    expect(await call('/api/MerchantInfo/GetMerchantTopFiveStores')).toEqual(await figures.topStores(selection));
  });

  it('is emptied with the table', async () => {
    await q('TRUNCATE transactions CASCADE');
    const [left] = await q<{ n: number }>('SELECT count(*)::int AS n FROM daily_summary');
    expect(left?.n).toBe(0);
  });
});
