import { randomUUID } from 'node:crypto';
import { csvLine } from '@/lib/export/csv';
import { formatAmount, formatCount } from '@/lib/format/money';
import { callUpstream } from '@/lib/gateway/client';
import type { SessionData } from '@/lib/session/session';
import en from '@/messages/en.json';
import { DATABASES, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { ok, sessionFor } from './gateway-session';
import { portalEnv } from './setup-env';
import { ASSET_CALLS } from '@/lib/assets/calls';

/**
 * Total assets as the portal asks for them (callUpstream with real sessions) against the reference
 * services. Every expected figure is computed here by SQL from the tables the screens read: the
 * kept balances and their movements, the remittances of the fund-settlement screen and the
 * transactions not settled yet.
 */

const DAY_MS = 86_400_000;
const hongKongDay = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const compact = (day: string) => day.replaceAll('-', '');

describe.each(DATABASES)('total assets through the gateway on %s', (database) => {
  let upstream: TestUpstream;
  let assets: SessionData;
  let admin: SessionData;
  let other: SessionData;
  let partner: SessionData;
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);
  const today = () => hongKongDay(upstream.clock.now());

  /** The panel of one customer, each figure from its own records. */
  async function expectedPanel(customer: string) {
    const [figures] = await q<Record<string, string>>(
      `SELECT a.margin::text, a.deposit::text, a.refund_pool::text AS "refundPool", a.unavailable_balance::text AS "unavailableBalance",
              (SELECT coalesce(sum(real_remit_amount), 0)::numeric(18,2)::text FROM remittances
                WHERE customer_no = $1 AND merged_into IS NULL AND remit_status = 'REMITTED' AND reconciliation_date >= date_trunc('month', $2::date)) AS "fundSettlementAmount",
              (SELECT coalesce(sum(not_remit_amount), 0)::numeric(18,2)::text FROM remittances
                WHERE customer_no = $1 AND merged_into IS NULL AND remit_status = 'PENDING') AS "pendingFundSettlementAmount",
              (SELECT coalesce(sum(CASE category WHEN 'SALE' THEN trans_amount ELSE -trans_amount END), 0)::numeric(18,2)::text FROM transactions
                WHERE customer_no = $1 AND settledate IS NULL AND category <> 'OTHER') AS "unsettledAmount"
         FROM total_assets a WHERE a.customer_no = $1`,
      [customer, today()],
    );
    if (!figures) throw new Error(`no total assets of ${customer}`);
    const [trade] = await q<{ v: string }>('SELECT ($1::numeric + $2::numeric)::numeric(18,2)::text AS v', [figures.pendingFundSettlementAmount, figures.unsettledAmount]);
    return { ...figures, tradeBalance: trade?.v } as Record<string, string>;
  }

  /** A customer's movements in a span, newest first, with their sums. */
  async function expectedHistory(customer: string, from: string, to: string, extra = '', extraParams: unknown[] = []) {
    const where = `customer_no = $1 AND operation_date BETWEEN $2::timestamp AND $3::timestamp${extra}`;
    const params = [customer, `${from} 00:00:00`, `${to} 23:59:59`, ...extraParams];
    const [sums] = await q<{ total: number; totalIncrease: string; totalDecrease: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(amount) FILTER (WHERE direction = 'INCREASE'), 0)::numeric(18,2)::text AS "totalIncrease",
              coalesce(sum(amount) FILTER (WHERE direction = 'DECREASE'), 0)::numeric(18,2)::text AS "totalDecrease"
         FROM total_asset_history WHERE ${where}`,
      params,
    );
    const ids = await q<{ id: string }>(`SELECT id FROM total_asset_history WHERE ${where} ORDER BY operation_date DESC, id DESC`, params);
    return { sums, ids: ids.map((r) => Number(r.id)) };
  }

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 3000);
    portalEnv(upstream.url);
    [assets, admin, other, partner] = (await Promise.all(['assets@demo.test', 'admin', 'other@demo.test', 'partner@demo.test'].map(sessionFor))) as [SessionData, SessionData, SessionData, SessionData];
  });
  afterAll(() => upstream.stop());

  it('shows role 8 every figure of the panel as its records give it, and the pie the same amounts', async () => {
    const expected = await expectedPanel('C0001');
    expect(Number(expected.margin)).toBeGreaterThan(0);
    // Pending remittances are signed either way: a pending day nets below zero when its refunds outweigh its
    // sales (-287.75 in a run seeded at 11:25 in Hong Kong), so the check is only that there are some.
    expect(Number(expected.pendingFundSettlementAmount)).not.toBe(0);
    // Today's unsettled amount is not signed here: early in the day the seed's refunds and voids can
    // outweigh its sales (it was -43.20 at 02:00 in Hong Kong), and just after midnight it is zero.
    const panel = await ok('assetPanel', {}, assets);
    expect(panel).toEqual(expected);
    expect(await ok('assetPanel', {}, admin)).toEqual(expected);
    expect(await ok('assetPie', {}, assets)).toEqual(['margin', 'deposit', 'refundPool', 'tradeBalance', 'unavailableBalance'].map((name) => ({ name, value: expected[name as keyof typeof expected] })));
  });

  it('keeps margin, deposit and refund pool equal to the sum of their movements', async () => {
    const sums = await q<{ asset_type: string; balance: string }>(
      `SELECT asset_type, sum(CASE direction WHEN 'INCREASE' THEN amount ELSE -amount END)::numeric(18,2)::text AS balance
         FROM total_asset_history WHERE customer_no = 'C0001' GROUP BY asset_type ORDER BY asset_type`,
    );
    const panel = await ok('assetPanel', {}, assets);
    expect(sums).toEqual([
      { asset_type: 'DEPOSIT', balance: panel.deposit },
      { asset_type: 'MARGIN', balance: panel.margin },
      { asset_type: 'REFUND_POOL', balance: panel.refundPool },
    ]);
  });

  it('takes pending and unsettled from the records the fund-settlement and transaction screens read', async () => {
    const panel = await ok('assetPanel', {}, admin);
    // Every pending remittance is within the last two weeks, so the fund-settlement screen's year holds them all.
    const [oldest] = await q<{ day: string }>("SELECT coalesce(min(reconciliation_date), CURRENT_DATE)::text AS day FROM remittances WHERE customer_no = 'C0001' AND remit_status = 'PENDING'");
    expect((oldest?.day ?? '') >= shift(today(), -365)).toBe(true);
    const pending = await ok('remittances', { remitStatus: 'PENDING', reconDateFrom: `${compact(shift(today(), -365))}000000`, reconDateTo: `${compact(today())}235959` }, admin);
    expect(pending.totalNotRemitted).toBe(panel.pendingFundSettlementAmount);
    // What is not settled is today's activity (pre-authorisations move no money and never settle):
    // the real-time screen's net total of today.
    const [unsettledDays] = await q<{ days: string[] }>(
      "SELECT array_agg(DISTINCT to_char(gmt_payment, 'YYYY-MM-DD')) AS days FROM transactions WHERE customer_no = 'C0001' AND settledate IS NULL AND category <> 'OTHER'",
    );
    expect(unsettledDays?.days).toEqual([today()]);
    const realtime = await ok('realtimeTransactions', { gmtPaymentFrom: `${compact(today())}000000`, gmtPaymentTo: `${compact(today())}235959` }, admin);
    expect(realtime.totalAmount).toBe(panel.unsettledAmount);
  });

  it('lists the movement history of the last year by default, filtered, sorted and paged, with its sums', async () => {
    const year = await expectedHistory('C0001', shift(today(), -365), today());
    expect(year.ids.length).toBeGreaterThan(20);
    const first = await ok('assetHistory', {}, assets);
    expect({ total: first.total, totalIncrease: first.totalIncrease, totalDecrease: first.totalDecrease }).toEqual(year.sums);
    expect(first.data.map((row) => row.id)).toEqual(year.ids.slice(0, 10));
    expect(new Set(first.data.map((row) => row.customerId))).toEqual(new Set(['C0001']));
    expect((await ok('assetHistory', { page: 2, limit: 10 }, assets)).data.map((row) => row.id)).toEqual(year.ids.slice(10, 20));

    const from = shift(today(), -200);
    const pool = await expectedHistory('C0001', from, today(), " AND asset_type = 'REFUND_POOL' AND direction = 'DECREASE'");
    const filtered = await ok('assetHistory', { dateFrom: compact(from), dateTo: compact(today()), assetType: 'REFUND_POOL', direction: 'DECREASE', limit: 100 }, assets);
    expect({ total: filtered.total, totalIncrease: filtered.totalIncrease, totalDecrease: filtered.totalDecrease }).toEqual(pool.sums);
    expect(filtered.data.map((row) => row.id)).toEqual(pool.ids);
    expect(filtered.data.every((row) => row.operationType === 'REFUNDS_PAID' && row.operationSource === 'REFUND')).toBe(true);

    const byAmount = await ok('assetHistory', { sort: 'amount', order: 'asc', limit: 100 }, assets);
    const amounts = byAmount.data.map((row) => Number(row.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('refuses a span over 366 days', async () => {
    const result = await callUpstream(ASSET_CALLS.assetHistory, { dateFrom: compact(shift(today(), -400)), dateTo: compact(today()) }, assets);
    expect(result.ok ? null : result.error).toMatchObject({ code: 'UPSTREAM_REFUSED', upstreamCode: 'SPAN_TOO_LONG' });
  });

  it('exports the history with the totals of its increases and decreases', async () => {
    const browser = new Browser();
    await browser.signIn('assets@demo.test');
    const from = shift(today(), -365);
    const year = await expectedHistory('C0001', from, today());
    const file = await browser.call('GET', `/api/export/assetHistory?format=csv&id=${randomUUID()}&from=${from}&to=${today()}`);
    expect(file.status).toBe(200);
    const lines = file.text.replace(/^\uFEFF/, '').split('\r\n');
    // The columns the list shows before anyone chooses; a decrease with its minus sign, in its row and in the decreases' total.
    expect(lines[0]).toBe(csvLine(['Operation date', 'Asset type', 'Operation type', 'Increase or decrease', 'Amount (HKD)']).trimEnd());
    const rows = lines.slice(1, 1 + year.ids.length);
    expect(rows.every((line) => line.startsWith('20'))).toBe(true);
    expect(rows.filter((line) => line.includes(',Decrease,')).every((line) => /,Decrease,"?-[\d,]+\.\d{2}"?$/.test(line))).toBe(true);
    expect(rows.filter((line) => line.includes(',Increase,')).every((line) => /,Increase,"?[\d,]+\.\d{2}"?$/.test(line))).toBe(true);
    expect(lines).toContain(csvLine([en.export.totals.rows, formatCount(year.ids.length), formatAmount(year.sums?.totalIncrease), formatAmount(`-${year.sums?.totalDecrease}`)]).trimEnd());
    // Every column when asked for: the customer is the user's own.
    const all = await browser.call('GET', `/api/export/assetHistory?format=csv&id=${randomUUID()}&from=${from}&to=${today()}&columns=operationDate,customerId,operator,amount`);
    expect(all.text.replace(/^\uFEFF/, '').split('\r\n').slice(1, 1 + year.ids.length).every((line) => line.includes(',C0001,'))).toBe(true);
  });

  it('never gives partners total assets, neither in the portal nor at the services', async () => {
    for (const call of [ASSET_CALLS.assetPanel, ASSET_CALLS.assetPie, ASSET_CALLS.assetHistory]) {
      const result = await callUpstream(call, {}, partner);
      expect(result.ok ? null : result.error.code).toBe('FORBIDDEN');
    }
    const { token } = await upstream.client.login('partner@demo.test');
    for (const path of ['/api/TotalAssets/GetPanelItem', '/api/TotalAssets/GetPieItems', '/api/TotalAssets/GetPanelItemDetail']) {
      expect((await upstream.client.call('GET', path, {}, { token })).status).toBe(403);
      expect((await upstream.client.call('GET', `${path}_20230314`, {}, { token })).status).toBe(404);
    }
    const browser = new Browser();
    await browser.signIn('partner@demo.test');
    expect((await browser.call('GET', `/api/export/assetHistory?format=csv&id=${randomUUID()}`)).status).toBe(403);
  });

  it('shows other@demo.test its own customer only, whatever it names', async () => {
    expect(await ok('assetPanel', {}, other)).toEqual(await expectedPanel('C0002'));
    const history = await ok('assetHistory', { limit: 100 }, other);
    expect(history.total).toBeGreaterThan(0);
    expect(new Set(history.data.map((row) => row.customerId))).toEqual(new Set(['C0002']));
    const { token } = await upstream.client.login('other@demo.test');
    const named = await upstream.client.call<{ margin: string; deposit: string }>('GET', '/api/TotalAssets/GetPanelItem', { customer_no: 'C0001' }, { token });
    expect({ margin: named.body.margin, deposit: named.body.deposit }).toEqual({ margin: '0.00', deposit: '0.00' });
    const rows = await upstream.client.call<{ total: number }>('GET', '/api/TotalAssets/GetPanelItemDetail', { customer_no: 'C0001' }, { token });
    expect(rows.body.total).toBe(0);
  });
});
