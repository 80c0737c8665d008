import { parseListValues } from '@/lib/list-kit/schema';
import { transactionsList } from '@/lib/lists/transactions';
import { tipHref } from '@/lib/tips/links';
import { TIP_KINDS } from '@/lib/tips/rules';
import { realtimeQuery } from '@/lib/transactions/query';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { ok, sessionFor } from './gateway-session';
import { portalEnv } from './setup-env';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite');
  portalEnv(upstream.url);
}, 120_000);
afterAll(() => upstream.stop());

/** The list's values a tip's link opens, as the transactions page reads its URL. */
const opened = (href: string) => {
  const url = new URL(href, 'http://portal.test');
  expect(url.pathname).toBe('/transaction/transactions');
  return parseListValues(transactionsList, url.searchParams);
};

describe('smart tips through the gateway', () => {
  it('answers every kind for the main account, each link opening the transactions list with the tip’s filters and its figures', async () => {
    const admin = await sessionFor('admin');
    const { data: tips } = await ok('smartTips', {}, admin);
    expect(new Set(tips.map((tip) => tip.kind))).toEqual(new Set(TIP_KINDS));
    for (const tip of tips) {
      const { values, issues } = opened(tipHref(tip.filters));
      expect(issues).toEqual([]);
      const f = tip.filters;
      expect({ from: values.from, to: values.to, merchant: values.merchant, store: values.store, terminal: values.terminal, paymentType: values.paymentType }).toEqual({
        from: f.from, to: f.to, merchant: f.merchant_no, store: f.storeCode, terminal: f.terminal, paymentType: f.payment_type,
      });
    }

    // The list behind a tip shows its figures: the realtime call with the link's values.
    const listOf = async (kind: (typeof TIP_KINDS)[number]) => {
      const tip = tips.find((t) => t.kind === kind) as (typeof tips)[number];
      const answer = await ok('realtimeTransactions', realtimeQuery(opened(tipHref(tip.filters)).values), admin);
      const counts = Object.fromEntries(answer.summary.map((s) => [s.name, s.count]));
      return { tip, answer, counts };
    };
    const low = await listOf('LOW_DAY');
    if (low.tip.kind === 'LOW_DAY') expect({ total: low.answer.total, net: low.answer.totalAmount }).toEqual({ total: low.tip.figures.count, net: low.tip.figures.net });
    const mix = await listOf('PAYMENT_MIX');
    if (mix.tip.kind === 'PAYMENT_MIX') expect(mix.counts.SALE).toBe(mix.tip.figures.recentCount);
    const refunds = await listOf('REFUND_RATE');
    if (refunds.tip.kind === 'REFUND_RATE') {
      expect([refunds.counts.SALE, refunds.counts.VOID, refunds.counts.REFUND]).toEqual([refunds.tip.figures.recentSales, refunds.tip.figures.recentVoids, refunds.tip.figures.recentRefunds]);
    }
    const silent = await listOf('SILENT_TERMINAL');
    if (silent.tip.kind === 'SILENT_TERMINAL') {
      // Only the last day's transactions, all at that terminal.
      expect(silent.answer.total).toBeGreaterThan(0);
      for (const row of silent.answer.data) expect(row).toMatchObject({ terminal_no: silent.tip.subject.terminalNo });
      expect(new Set(silent.answer.data.map((row) => String(row.gmt_payment).slice(0, 8)))).toEqual(new Set([silent.tip.figures.lastDay.replaceAll('-', '')]));
    }
  });

  it('gives a partner its customers’ tips through the _20230314 call, and the second customer none of the first’s', async () => {
    const partner = await sessionFor('partner@demo.test');
    const { data: partnerTips } = await ok('smartTips', { customer_no: 'C0001' }, partner);
    const { data: adminTips } = await ok('smartTips', {}, await sessionFor('admin'));
    expect(partnerTips).toEqual(adminTips);

    const { data: otherTips } = await ok('smartTips', {}, await sessionFor('other@demo.test'));
    const firstStores = new Set(adminTips.flatMap((tip) => ('storeCode' in tip.subject ? [tip.subject.storeCode] : [])));
    expect(otherTips.filter((tip) => 'storeCode' in tip.subject && firstStores.has(tip.subject.storeCode))).toEqual([]);
  });
});
