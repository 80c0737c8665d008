import Big from 'big.js';
import { DEFAULT_TRANS_TYPES } from '@/lib/domain/transaction-types';
import { TIP_KINDS, TIP_RULES } from '@/lib/tips/rules';
import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

/**
 * Transaction Smart Tips against the rows: every figure recomputed here from `transactions` alone
 * (never the daily summary the services read), with the thresholds of lib/tips/rules.ts.
 */
const TIPS = '/api/Transaction/GetSmartTips';

interface Tip {
  kind: (typeof TIP_KINDS)[number];
  subject: Record<string, string | number>;
  figures: Record<string, string | number>;
  filters: Record<string, string>;
}

const pct = (part: Big.BigSource, whole: Big.BigSource) => new Big(100).times(part).div(whole);
const sortedJson = <T>(items: T[]) => items.map((item) => JSON.stringify(item)).sort();
/** The median of numbers given as text, exact. */
const median = (values: Big[]) => {
  const sorted = [...values].sort((a, b) => a.cmp(b));
  const n = sorted.length;
  return (sorted[Math.floor((n + 1) / 2) - 1] as Big).plus(sorted[Math.floor(n / 2)] as Big).div(2);
};

describe.each(DATABASES)('smart tips on %s', (database) => {
  let upstream: TestUpstream;
  let admin: string;
  let today: string;
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);
  const day = async (offset: number) => (await q<{ day: string }>('SELECT ($1::date + $2::int)::text AS day', [today, offset]))[0]?.day as string;
  /** The first customer's rows the realtime list counts, within whole days. */
  const ROWS = `FROM transactions WHERE customer_no = 'C0001' AND trans_type = ANY($1) AND gmt_payment::date BETWEEN $2::date AND $3::date`;

  const answered = async (token = admin, input: Record<string, unknown> = {}) => {
    const answer = await upstream.client.call<{ day: string; data: Tip[]; more: Record<'SILENT_STORE' | 'SILENT_TERMINAL', number> }>('GET', TIPS, input, { token });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const tips = async (token = admin, input: Record<string, unknown> = {}) => (await answered(token, input)).data;
  const ofKind = (all: Tip[], kind: Tip['kind']) => all.filter((tip) => tip.kind === kind);

  beforeAll(async () => {
    upstream = await startTestUpstream(database);
    admin = (await upstream.client.login('admin')).token;
    today = (await q<{ day: string }>('SELECT anchor_day::text AS day FROM seed_info'))[0]?.day as string;
  }, 120_000);
  afterAll(() => upstream.stop());

  it('shows every kind of tip for the first customer of the seed, also once its approved refunds are paid', async () => {
    const kinds = async () => [...new Set((await tips()).map((tip) => tip.kind))].sort();
    expect(await kinds()).toEqual([...TIP_KINDS].sort());
    // The payout makes each refund's transaction at its sale's terminal (the demo runs it every five minutes).
    expect((await upstream.client.dev<{ paid: number }>('POST', '/dev/refunds/pay')).paid).toBeGreaterThan(0);
    expect(await kinds()).toEqual([...TIP_KINDS].sort());
  });

  it('names the busiest hours and weekdays of the last 28 whole days with their sales', async () => {
    const [from, to] = [await day(-TIP_RULES.busyDays), await day(-1)];
    const all = await tips();
    const hours = await q<{ key: number; count: number; amount: string }>(
      `SELECT extract(hour FROM gmt_payment)::int AS key, count(*)::int AS count, sum(trans_amount)::text AS amount ${ROWS} AND category = 'SALE' GROUP BY 1`,
      [DEFAULT_TRANS_TYPES, from, to],
    );
    const weekdays = await q<{ key: number; count: number; amount: string }>(
      `SELECT extract(isodow FROM gmt_payment)::int AS key, count(*)::int AS count, sum(trans_amount)::text AS amount ${ROWS} AND category = 'SALE' GROUP BY 1`,
      [DEFAULT_TRANS_TYPES, from, to],
    );
    const top = (rows: typeof hours, n: number, subject: string, kind: Tip['kind']): Tip[] => {
      const total = rows.reduce((sum, r) => sum + r.count, 0);
      return [...rows]
        .sort((a, b) => b.count - a.count || new Big(b.amount).cmp(a.amount) || a.key - b.key)
        .slice(0, n)
        .map((r) => ({ kind, subject: { [subject]: r.key }, figures: { count: r.count, amount: new Big(r.amount).toFixed(2), share: pct(r.count, total).toFixed(1) }, filters: { from, to } }));
    };
    expect(ofKind(all, 'BUSY_HOUR')).toEqual(top(hours, TIP_RULES.busiestHours, 'hour', 'BUSY_HOUR'));
    expect(ofKind(all, 'BUSY_WEEKDAY')).toEqual(top(weekdays, TIP_RULES.busiestWeekdays, 'weekday', 'BUSY_WEEKDAY'));
  });

  it('shows a payment mix that moved and a refund rate above the usual, last 7 days against the 28 before', async () => {
    const [baselineFrom, recentFrom] = [await day(1 - TIP_RULES.recentDays - TIP_RULES.baselineDays), await day(1 - TIP_RULES.recentDays)];
    const all = await tips();
    const rows = await q<{ recent: boolean; payment_type: string; category: string; count: number }>(
      `SELECT gmt_payment::date >= $4::date AS recent, payment_type, category, count(*)::int AS count ${ROWS} GROUP BY 1, 2, 3`,
      [DEFAULT_TRANS_TYPES, baselineFrom, today, recentFrom],
    );
    const count = (recent: boolean, category: string, paymentType?: string) =>
      rows.filter((r) => r.recent === recent && r.category === category && (!paymentType || r.payment_type === paymentType)).reduce((sum, r) => sum + r.count, 0);
    const [recentTotal, baselineTotal] = [count(true, 'SALE'), count(false, 'SALE')];
    expect(Math.min(recentTotal, baselineTotal)).toBeGreaterThanOrEqual(TIP_RULES.minSales);

    const types = [...new Set(rows.filter((r) => r.category === 'SALE').map((r) => r.payment_type))];
    const moved = types
      .map((paymentType) => {
        const [recentCount, baselineCount] = [count(true, 'SALE', paymentType), count(false, 'SALE', paymentType)];
        const change = pct(recentCount, recentTotal).minus(pct(baselineCount, baselineTotal));
        return { paymentType, recentCount, baselineCount, change };
      })
      .filter((m) => m.change.abs().gte(TIP_RULES.mixPoints))
      .map(({ paymentType, recentCount, baselineCount, change }) => ({
        kind: 'PAYMENT_MIX',
        subject: { paymentType },
        figures: {
          recentCount, recentTotal, recentShare: pct(recentCount, recentTotal).toFixed(1),
          baselineCount, baselineTotal, baselineShare: pct(baselineCount, baselineTotal).toFixed(1), change: change.toFixed(1),
        },
        filters: { from: recentFrom, to: today, payment_type: paymentType },
      }));
    expect(moved.length).toBeGreaterThan(0);
    expect(sortedJson(ofKind(all, 'PAYMENT_MIX'))).toEqual(sortedJson(moved));

    const rate = (recent: boolean) => pct(count(recent, 'VOID') + count(recent, 'REFUND'), count(recent, 'SALE'));
    expect(rate(true).minus(rate(false)).gte(TIP_RULES.refundPoints)).toBe(true);
    expect(ofKind(all, 'REFUND_RATE')).toEqual([
      {
        kind: 'REFUND_RATE',
        subject: {},
        figures: {
          recentSales: recentTotal, recentVoids: count(true, 'VOID'), recentRefunds: count(true, 'REFUND'), recentRate: rate(true).toFixed(1),
          baselineSales: baselineTotal, baselineVoids: count(false, 'VOID'), baselineRefunds: count(false, 'REFUND'), baselineRate: rate(false).toFixed(1),
          change: rate(true).minus(rate(false)).toFixed(1),
        },
        filters: { from: recentFrom, to: today },
      },
    ]);
  });

  /**
   * Stores and terminals (of active stores) with rows in the 28 days before the silent days and none
   * since, every one of them, the longest silent first (then by merchant, store and terminal).
   */
  async function allSilent(): Promise<Tip[]> {
    const [from, silentFrom] = [await day(1 - TIP_RULES.silentDays - TIP_RULES.baselineDays), await day(1 - TIP_RULES.silentDays)];
    const rows = await q<{ merchant_no: string; store_code: string; store_name: string; store_cname: string; store_cname_hans: string; terminal_no: string; last: string; recent: number; count: number; days: number }>(
      `SELECT merchant_no, store_code, max(store_name) AS store_name, terminal_no,
              (SELECT s.store_cname FROM stores s WHERE s.store_code = transactions.store_code) AS store_cname,
              (SELECT s.store_cname_hans FROM stores s WHERE s.store_code = transactions.store_code) AS store_cname_hans, max(gmt_payment::date)::text AS last, ($3::date - max(gmt_payment::date))::int AS days,
              count(*) FILTER (WHERE gmt_payment::date >= $4::date)::int AS recent, count(*)::int AS count
         ${ROWS} AND store_code IN (SELECT store_code FROM stores WHERE status = 'Active') GROUP BY 1, 2, 4`,
      [DEFAULT_TRANS_TYPES, from, today, silentFrom],
    );
    const stores = [...new Set(rows.map((r) => r.store_code))].filter((store) => rows.filter((r) => r.store_code === store).every((r) => r.recent === 0));
    const storeTips = stores.map((store) => {
      const mine = rows.filter((r) => r.store_code === store);
      const last = mine.map((r) => r.last).sort().at(-1) as string;
      const first = mine[0] as (typeof rows)[number];
      return {
        kind: 'SILENT_STORE' as const,
        subject: { merchantNo: first.merchant_no, storeCode: store, storeName: first.store_name, storeCName: first.store_cname, storeCNameHans: first.store_cname_hans },
        figures: { lastDay: last, days: Math.min(...mine.map((r) => r.days)), baselineCount: mine.reduce((s, r) => s + r.count, 0) },
        filters: { from: last, to: today, merchant_no: first.merchant_no, storeCode: store },
      };
    });
    const terminalTips = rows
      .filter((r) => r.recent === 0 && !stores.includes(r.store_code))
      .map((r) => ({
        kind: 'SILENT_TERMINAL' as const,
        subject: { merchantNo: r.merchant_no, storeCode: r.store_code, storeName: r.store_name, storeCName: r.store_cname, storeCNameHans: r.store_cname_hans, terminalNo: r.terminal_no },
        figures: { lastDay: r.last, days: r.days, baselineCount: r.count },
        filters: { from: r.last, to: today, merchant_no: r.merchant_no, storeCode: r.store_code, terminal: r.terminal_no },
      }));
    const longestFirst = (a: Tip, b: Tip) =>
      (b.figures as { days: number }).days - (a.figures as { days: number }).days ||
      `${a.subject.merchantNo} ${a.subject.storeCode} ${a.subject.terminalNo ?? ''}`.localeCompare(`${b.subject.merchantNo} ${b.subject.storeCode} ${b.subject.terminalNo ?? ''}`);
    return [...storeTips.sort(longestFirst), ...terminalTips.sort(longestFirst)];
  }

  /** The silent tips shown (at most TIP_RULES.silentShown of each kind, the longest silent) and how many more there are. */
  async function expectedSilent() {
    const all = await allSilent();
    const of = (kind: Tip['kind']) => all.filter((tip) => tip.kind === kind);
    return {
      tips: [...of('SILENT_STORE').slice(0, TIP_RULES.silentShown), ...of('SILENT_TERMINAL').slice(0, TIP_RULES.silentShown)],
      more: { SILENT_STORE: Math.max(0, of('SILENT_STORE').length - TIP_RULES.silentShown), SILENT_TERMINAL: Math.max(0, of('SILENT_TERMINAL').length - TIP_RULES.silentShown) },
    };
  }

  it('names stores and terminals without transactions for days, and forgets a terminal once it has one', async () => {
    const silent = (all: Tip[]) => all.filter((tip) => tip.kind === 'SILENT_STORE' || tip.kind === 'SILENT_TERMINAL');
    const expected = await expectedSilent();
    const first = await answered();
    // In the services' order: the longest silent first.
    expect({ tips: silent(first.data), more: first.more }).toEqual(expected);
    // The seed's terminal silent for ten days, among the longest silent.
    const shaped = expected.tips.find((tip) => tip.subject.terminalNo === 'T10000003');
    expect(shaped?.figures.days).toBeGreaterThanOrEqual(10);
    expect(expected.tips.some((tip) => tip.kind === 'SILENT_STORE' && tip.subject.storeCode === 'S000005')).toBe(true);

    await q(
      `INSERT INTO transactions (customer_no, merchant_no, store_code, store_name, terminal_no, order_no, trade_no, out_trade_no, trans_amount, trans_type,
         category, trade_status, resp_code, payment_type, payment_inst, trans_currency, remark, trans_date, gmt_payment, traceno, invoice_no, refno, subject,
         sett_currency, exchange_rate, orgtransamount, orgtrans_currency)
       SELECT customer_no, merchant_no, store_code, store_name, terminal_no, 'TIP-' || order_no, trade_no, 'TIP-' || out_trade_no, trans_amount, trans_type,
              category, trade_status, resp_code, payment_type, payment_inst, trans_currency, remark, to_char($1::date, 'YYYYMMDD'), $1::date + time '00:00:01',
              traceno, invoice_no, 'TIP-' || refno, subject, sett_currency, exchange_rate, orgtransamount, orgtrans_currency
         FROM transactions WHERE terminal_no = 'T10000003' AND category = 'SALE' ORDER BY id DESC LIMIT 1`,
      [today],
    );
    const after = await answered();
    expect(silent(after.data).some((tip) => tip.subject.terminalNo === 'T10000003')).toBe(false);
    expect(await allSilent()).not.toContainEqual(expect.objectContaining({ subject: expect.objectContaining({ terminalNo: 'T10000003' }) }));
    expect({ tips: silent(after.data), more: after.more }).toEqual(await expectedSilent());
  });

  it('names a recent day far below the median of the same weekday in the weeks before', async () => {
    const weeks = TIP_RULES.lowDayWeeks;
    const [first, recentFirst, yesterday] = [await day(-TIP_RULES.recentDays - 7 * weeks), await day(-TIP_RULES.recentDays), await day(-1)];
    const perDay = await q<{ day: string; count: number; net: string }>(
      `SELECT d.day::text AS day, count(t.id)::int AS count,
              coalesce(sum(CASE t.category WHEN 'SALE' THEN t.trans_amount WHEN 'OTHER' THEN 0 ELSE -t.trans_amount END), 0)::text AS net
         FROM generate_series($2::date, $3::date, interval '1 day') AS g(at) CROSS JOIN LATERAL (SELECT g.at::date AS day) d
         LEFT JOIN transactions t ON t.customer_no = 'C0001' AND t.trans_type = ANY($1) AND t.gmt_payment::date = d.day
        GROUP BY d.day ORDER BY d.day`,
      [DEFAULT_TRANS_TYPES, first, yesterday],
    );
    const byDay = new Map(perDay.map((d) => [d.day, d]));
    const share = new Big(TIP_RULES.lowDayShare);
    const expected: Tip[] = [];
    for (const d of perDay.filter((x) => x.day >= recentFirst).reverse()) {
      const before = await Promise.all(Array.from({ length: weeks }, (_, w) => q<{ day: string }>('SELECT ($1::date - $2::int)::text AS day', [d.day, 7 * (w + 1)])));
      const days = before.map(([b]) => byDay.get(b?.day as string) as (typeof perDay)[number]);
      const medianCount = median(days.map((b) => new Big(b.count)));
      const medianNet = median(days.map((b) => new Big(b.net)));
      if (medianCount.lt(TIP_RULES.lowDayMinCount)) continue;
      if (!(new Big(d.count).lt(share.times(medianCount)) || new Big(d.net).lt(share.times(medianNet)))) continue;
      const weekday = (await q<{ w: number }>('SELECT extract(isodow FROM $1::date)::int AS w', [d.day]))[0]?.w as number;
      expected.push({
        kind: 'LOW_DAY',
        subject: { day: d.day, weekday },
        figures: { count: d.count, net: new Big(d.net).toFixed(2), medianCount: Number(medianCount.round(0, Big.roundHalfUp).toFixed(0)), medianNet: medianNet.toFixed(2) },
        filters: { from: d.day, to: d.day },
      });
    }
    // The seed's day with a single sale of the first customer, three days ago.
    expect(expected.map((tip) => tip.subject.day)).toContain(await day(-3));
    expect(ofKind(await tips(), 'LOW_DAY')).toEqual(expected);
  });

  it('shows the second customer none of the first customer’s tips, and a partner only its own customers’', async () => {
    const other = (await upstream.client.login('other@demo.test')).token;
    const theirs = await tips(other);
    const firstStores = (await q<{ store_code: string }>("SELECT store_code FROM stores s JOIN merchants m ON m.merchant_no = s.merchant_no WHERE m.customer_no = 'C0001'")).map((s) => s.store_code);
    expect(theirs.filter((tip) => firstStores.includes(String(tip.subject.storeCode)))).toEqual([]);
    // Asking for the first customer's tips by number gives nothing: the scope comes from the token.
    expect(await tips(other, { customer_no: 'C0001' })).toEqual([]);

    const partner = (await upstream.client.login('partner@demo.test')).token;
    const partnerTips = await upstream.client.call<{ data: Tip[] }>('GET', `${TIPS}_20230314`, { customer_no: 'C0001' }, { token: partner });
    expect(partnerTips.status).toBe(200);
    expect(sortedJson(partnerTips.body.data)).toEqual(sortedJson(await tips()));
    expect((await upstream.client.call('GET', TIPS, {}, { token: partner })).status).not.toBe(200);
  });

  // Last: it changes the first customer's last week.
  it('shows the longest-silent few of a chain gone quiet and counts the rest, as SQL does', async () => {
    const silentFrom = await day(1 - TIP_RULES.silentDays);
    // Its transactions of the silent days moved two months back, before the baseline: every store that sold in the baseline is silent.
    await q("UPDATE transactions SET gmt_payment = gmt_payment - interval '60 days' WHERE customer_no = 'C0001' AND gmt_payment >= $1::date", [silentFrom]);
    const expected = await expectedSilent();
    expect(expected.more.SILENT_STORE).toBeGreaterThan(0);
    const answer = await answered();
    expect({ tips: answer.data.filter((tip) => tip.kind === 'SILENT_STORE' || tip.kind === 'SILENT_TERMINAL'), more: answer.more }).toEqual(expected);
    expect(answer.data.filter((tip) => tip.kind === 'SILENT_STORE')).toHaveLength(TIP_RULES.silentShown);
  });
});
