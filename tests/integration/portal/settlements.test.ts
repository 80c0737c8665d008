import { callUpstream } from '@/lib/gateway/client';
import type { CallAnswer } from '@/lib/gateway/define';
import { merchantIdsOf } from '@/lib/merchants/ids';
import type { SessionData } from '@/lib/session/session';
import { DATABASES, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { NOT_FOUND, ok, refusal, sessionFor } from './gateway-session';
import { portalEnv } from './setup-env';
import { SETTLEMENT_CALLS } from '@/lib/settlements/calls';

/**
 * The settlement-file and remittance calls as the portal makes them (callUpstream with a real
 * session) against the reference services. Every expected figure is computed here by SQL.
 */

const DAY_MS = 86_400_000;
const hongKongDay = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const compact = (day: string) => day.replaceAll('-', '');
const fileSpan = (from: string, to: string) => ({ settleDateFrom: `${compact(from)}000000`, settleDateTo: `${compact(to)}235959` });
const remitSpan = (from: string, to: string) => ({ reconDateFrom: `${compact(from)}000000`, reconDateTo: `${compact(to)}235959` });
const WALLETS = ['ALIPAY', 'WECHAT'];

describe.each(DATABASES)('settlement files and remittances through the gateway on %s', (database) => {
  let upstream: TestUpstream;
  let admin: SessionData;
  let partner: SessionData;
  let other: SessionData;
  let wxali: SessionData;
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);
  const today = () => hongKongDay(upstream.clock.now());
  const yearAgo = () => shift(today(), -365);

  /** Files of the customers in the span (and of these payment types), totals and ids in the list's default order. */
  async function expectedFiles(customers: string[], from: string, to: string, types: string[] | null = null, extra = '', extraParams: unknown[] = []) {
    const where = `customer_no = ANY($1) AND settledate BETWEEN $2::date AND $3::date AND ($4::text[] IS NULL OR payment_type = ANY($4))${extra}`;
    const params = [customers, from, to, types, ...extraParams];
    const [totals] = await q<{ total: number; totalCount: number; totalVolume: string; totalMdrFee: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(total_count), 0)::int AS "totalCount", coalesce(sum(total_volume), 0)::numeric(18,2)::text AS "totalVolume",
              coalesce(sum(mdr_fee), 0)::numeric(18,2)::text AS "totalMdrFee" FROM settlement_files WHERE ${where}`,
      params,
    );
    const ids = await q<{ file_id: string }>(`SELECT file_id FROM settlement_files WHERE ${where} ORDER BY settledate DESC, file_id DESC`, params);
    return { totals, ids: ids.map((r) => r.file_id) };
  }

  async function expectedRemittances(customers: string[], from: string, to: string, wallets: string[] | null = null, extra = '', extraParams: unknown[] = []) {
    const where = `customer_no = ANY($1) AND merged_into IS NULL AND reconciliation_date BETWEEN $2::date AND $3::date AND ($4::text[] IS NULL OR wallet = ANY($4))${extra}`;
    const params = [customers, from, to, wallets, ...extraParams];
    const [totals] = await q<Record<string, string | number>>(
      `SELECT count(*)::int AS total, coalesce(sum(receivable_amount), 0)::numeric(18,2)::text AS "totalReceivable", coalesce(sum(fee), 0)::numeric(18,2)::text AS "totalFee",
              coalesce(sum(real_remit_amount), 0)::numeric(18,2)::text AS "totalRemitted", coalesce(sum(not_remit_amount), 0)::numeric(18,2)::text AS "totalNotRemitted"
         FROM remittances WHERE ${where}`,
      params,
    );
    const ids = await q<{ id: number }>(`SELECT id FROM remittances WHERE ${where} ORDER BY reconciliation_date DESC, id DESC`, params);
    return { totals, ids: ids.map((r) => Number(r.id)) };
  }

  const fileTotals = (a: CallAnswer<typeof SETTLEMENT_CALLS.settlementFiles>) => ({ total: a.total, totalCount: a.totalCount, totalVolume: a.totalVolume, totalMdrFee: a.totalMdrFee });
  const remitTotals = (a: CallAnswer<typeof SETTLEMENT_CALLS.remittances>) => ({
    total: a.total, totalReceivable: a.totalReceivable, totalFee: a.totalFee, totalRemitted: a.totalRemitted, totalNotRemitted: a.totalNotRemitted,
  });

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 4000);
    portalEnv(upstream.url);
    admin = await sessionFor('admin');
    partner = await sessionFor('partner@demo.test');
    other = await sessionFor('other@demo.test');
    wxali = await sessionFor('wxali@demo.test');
  });
  afterAll(() => upstream.stop());

  describe('settlement files', () => {
    it('lists the last 30 days by default with the totals of count, volume and MDR fee', async () => {
      const expected = await expectedFiles(['C0001'], shift(today(), -29), today());
      expect(expected.totals?.total).toBeGreaterThan(10);
      const answer = await ok('settlementFiles', {}, admin);
      expect(fileTotals(answer)).toEqual(expected.totals);
      expect(answer.data.map((f) => f.file_id)).toEqual(expected.ids.slice(0, 10));
    });

    it('filters a year by merchant, payment type and batch number, and pages', async () => {
      const [file] = await q<{ merchant_no: string; batch_no: string }>(
        `SELECT merchant_no, batch_no FROM settlement_files WHERE customer_no = 'C0001' AND payment_type = 'VISA' ORDER BY settledate DESC LIMIT 1 OFFSET 3`,
      );
      const merchant = file?.merchant_no as string;
      const byMerchant = await expectedFiles(['C0001'], yearAgo(), today(), ['VISA'], ' AND merchant_no = $5', [merchant]);
      expect(byMerchant.ids.length).toBeGreaterThan(20);
      const input = { ...fileSpan(yearAgo(), today()), merchant_no: merchant, payment_type: 'VISA' as const, limit: 20 };
      expect(fileTotals(await ok('settlementFiles', input, admin))).toEqual(byMerchant.totals);
      expect((await ok('settlementFiles', { ...input, page: 2 }, admin)).data.map((f) => f.file_id)).toEqual(byMerchant.ids.slice(20, 40));
      const byBatch = await expectedFiles(['C0001'], yearAgo(), today(), null, ' AND batch_no = $5', [file?.batch_no]);
      const answer = await ok('settlementFiles', { ...fileSpan(yearAgo(), today()), batch_no: file?.batch_no }, admin);
      expect(fileTotals(answer)).toEqual(byBatch.totals);
      expect(answer.data.map((f) => f.file_id).sort()).toEqual([...byBatch.ids].sort());
    });

    it('sorts by volume on the server', async () => {
      const rows = await q<{ file_id: string }>(
        `SELECT file_id FROM settlement_files WHERE customer_no = 'C0001' AND settledate BETWEEN $1::date AND $2::date ORDER BY total_volume ASC, file_id ASC LIMIT 10`,
        [yearAgo(), today()],
      );
      const answer = await ok('settlementFiles', { ...fileSpan(yearAgo(), today()), sort: 'total_volume', order: 'asc' }, admin);
      expect(answer.data.map((f) => f.file_id)).toEqual(rows.map((r) => r.file_id));
    });

    it('refuses a span over 366 days', async () => {
      expect(await refusal('settlementFiles', fileSpan(shift(today(), -367), today()), admin)).toMatchObject({ upstreamCode: 'SPAN_TOO_LONG' });
    });

    it("gives a file's transactions page by page, and its download in id batches, both adding up to the file", async () => {
      const [file] = await q<{ file_id: string; total_count: number; total_volume: string; mdr_fee: string }>(
        `SELECT file_id, total_count, total_volume::text, mdr_fee::text FROM settlement_files WHERE customer_no = 'C0001' ORDER BY total_count DESC, file_id LIMIT 1`,
      );
      expect(file?.total_count).toBeGreaterThanOrEqual(3);
      const ids = (await q<{ id: number }>('SELECT id FROM transactions WHERE settle_file_id = $1 ORDER BY id DESC', [file?.file_id])).map((r) => Number(r.id));
      const first = await ok('settlementFileDetail', { file_id: file?.file_id as string, limit: 1 }, admin);
      expect(first.file).toMatchObject({ file_id: file?.file_id, total_count: file?.total_count, total_volume: file?.total_volume, mdr_fee: file?.mdr_fee });
      expect({ total: first.total, ids: first.data.map((t) => t.id) }).toEqual({ total: ids.length, ids: ids.slice(0, 1) });
      expect((await ok('settlementFileDetail', { file_id: file?.file_id as string, limit: 1, page: 2 }, admin)).data.map((t) => t.id)).toEqual(ids.slice(1, 2));

      const rows: CallAnswer<typeof SETTLEMENT_CALLS.settlementFileRows>['data'] = [];
      let after: number | undefined;
      for (;;) {
        const batch = await ok('settlementFileRows', { file_id: file?.file_id as string, after, limit: 2 }, admin);
        rows.push(...batch.data);
        if (batch.next === null) break;
        after = batch.next;
      }
      expect(rows.map((t) => t.id)).toEqual([...ids].reverse());
      const cents = (text: string) => Math.round(Number(text) * 100);
      const volume = rows.reduce((sum, t) => sum + (t.category === 'SALE' ? 1 : -1) * cents(t.trans_amount), 0);
      const fee = rows.reduce((sum, t) => sum + cents(t.mdr_fee), 0);
      expect({ volume, fee }).toEqual({ volume: cents(file?.total_volume as string), fee: cents(file?.mdr_fee as string) });
    });

    it("answers a partner's detail post without a merchant id with the partner's merchants (spec section 6)", async () => {
      const [file] = await q<{ file_id: string; merchant_no: string }>(
        `SELECT file_id, merchant_no FROM settlement_files WHERE customer_no = 'C0001' ORDER BY settledate DESC LIMIT 1`,
      );
      const merchants = await merchantIdsOf(partner);
      const merchantIds = merchants.ok ? merchants.data : [];
      expect(merchantIds).toContain(file?.merchant_no);
      expect((await ok('settlementFileDetail', { file_id: file?.file_id as string }, partner)).file.file_id).toBe(file?.file_id);
      const [another] = merchantIds.filter((m) => m !== file?.merchant_no);
      expect(await refusal('settlementFileDetail', { file_id: file?.file_id as string, merchant_no: another }, partner)).toMatchObject(NOT_FOUND);
    });
  });

  describe('remittances', () => {
    it('lists a year with the totals of receivable, fee, remitted and not remitted; members stay under their merged remittance', async () => {
      const expected = await expectedRemittances(['C0001'], yearAgo(), today());
      const answer = await ok('remittances', remitSpan(yearAgo(), today()), admin);
      expect(remitTotals(answer)).toEqual(expected.totals);
      expect(answer.data.map((r) => r.id)).toEqual(expected.ids.slice(0, 10));
      const [sum] = await q<{ ok: boolean }>('SELECT $1::numeric + $2::numeric = $3::numeric AS ok', [answer.totalRemitted, answer.totalNotRemitted, answer.totalReceivable]);
      expect(sum?.ok).toBe(true);
    });

    it('filters by wallet, remit order type and status, and masks the bank account but for its last 4 characters', async () => {
      const year = remitSpan(yearAgo(), today());
      for (const [input, extra, params] of [
        [{ wallet: 'ALIPAY' as const }, ' AND wallet = $5', ['ALIPAY']],
        [{ remit_order_type: '10' }, ' AND remit_order_type = $5', ['10']],
        [{ remit_order_type: '20' }, ' AND remit_order_type = $5', ['20']],
        [{ remitStatus: 'PENDING' as const }, ' AND remit_status = $5', ['PENDING']],
      ] as const) {
        const expected = await expectedRemittances(['C0001'], yearAgo(), today(), null, extra, [...params]);
        expect(expected.totals?.total).toBeGreaterThan(0);
        const answer = await ok('remittances', { ...year, ...input }, admin);
        expect(remitTotals(answer)).toEqual(expected.totals);
      }
      const answer = await ok('remittances', year, admin);
      const [bank] = await q<{ account_no: string }>('SELECT account_no FROM remittances WHERE id = $1', [answer.data[0]?.id]);
      const full = bank?.account_no as string;
      const masked = answer.data[0]?.account_no as string;
      expect(masked).toBe(`•••• ${full.replace(/\D/g, '').slice(-4)}`);
      expect(JSON.stringify(answer)).not.toContain(bank?.account_no);
    });

    it('details a merged remittance with its members and the files they pay', async () => {
      const [merged] = await q<{ id: number }>(`SELECT id FROM remittances WHERE customer_no = 'C0001' AND merge_remit ORDER BY reconciliation_date DESC LIMIT 1`);
      const members = (await q<{ id: number }>('SELECT id FROM remittances WHERE merged_into = $1 ORDER BY reconciliation_date, id', [merged?.id])).map((r) => Number(r.id));
      const files = (await q<{ file_id: string }>('SELECT file_id FROM settlement_files WHERE remittance_id = ANY($1) ORDER BY file_id', [members])).map((r) => r.file_id);
      const answer = await ok('remittanceDetail', { id: Number(merged?.id) }, admin);
      expect(answer.remittance).toMatchObject({ id: Number(merged?.id), merge_remit: true, member_count: members.length });
      expect(answer.members.map((m) => m.id)).toEqual(members);
      expect(answer.files.map((f) => f.file_id).sort()).toEqual(files);
    });
  });

  describe('role 6 and the WxAli screens', () => {
    it('gives wxali@demo.test the ALIPAY and WECHAT files and remittances only, whatever it asks', async () => {
      const files = await expectedFiles(['C0001'], yearAgo(), today(), WALLETS);
      const answer = await ok('settlementFiles', { ...fileSpan(yearAgo(), today()), limit: 100 }, wxali);
      expect(fileTotals(answer)).toEqual(files.totals);
      expect(new Set(answer.data.map((f) => f.payment_type))).toEqual(new Set(WALLETS));
      expect((await ok('settlementFiles', { ...fileSpan(yearAgo(), today()), payment_type: 'VISA', walletsOnly: false }, wxali)).total).toBe(0);
      const [visa] = await q<{ file_id: string }>(`SELECT file_id FROM settlement_files WHERE customer_no = 'C0001' AND payment_type = 'VISA' LIMIT 1`);
      expect(await refusal('settlementFileDetail', { file_id: visa?.file_id as string }, wxali)).toMatchObject(NOT_FOUND);
      expect(await refusal('settlementFileRows', { file_id: visa?.file_id as string }, wxali)).toMatchObject(NOT_FOUND);

      const remittances = await expectedRemittances(['C0001'], yearAgo(), today(), WALLETS);
      expect(remitTotals(await ok('remittances', remitSpan(yearAgo(), today()), wxali))).toEqual(remittances.totals);
      expect((await ok('remittances', { ...remitSpan(yearAgo(), today()), wallet: 'CARD' }, wxali)).total).toBe(0);
      const [card] = await q<{ id: number }>(`SELECT id FROM remittances WHERE customer_no = 'C0001' AND wallet = 'CARD' LIMIT 1`);
      expect(await refusal('remittanceDetail', { id: Number(card?.id) }, wxali)).toMatchObject(NOT_FOUND);
    });

    it("narrows an administrator's lists to the wallets when a WxAli screen asks", async () => {
      const files = await expectedFiles(['C0001'], yearAgo(), today(), WALLETS);
      expect(fileTotals(await ok('settlementFiles', { ...fileSpan(yearAgo(), today()), walletsOnly: true }, admin))).toEqual(files.totals);
      const remittances = await expectedRemittances(['C0001'], yearAgo(), today(), WALLETS);
      expect(remitTotals(await ok('remittances', { ...remitSpan(yearAgo(), today()), walletsOnly: true }, admin))).toEqual(remittances.totals);
    });
  });

  it("gives other@demo.test none of the first customer's files, remittances or downloads, whatever it sends", async () => {
    const [file] = await q<{ file_id: string; merchant_no: string; batch_no: string }>(`SELECT file_id, merchant_no, batch_no FROM settlement_files WHERE customer_no = 'C0001' LIMIT 1`);
    const [remit] = await q<{ id: number }>(`SELECT id FROM remittances WHERE customer_no = 'C0001' LIMIT 1`);
    const year = fileSpan(yearAgo(), today());
    for (const input of [{ merchant_no: file?.merchant_no }, { customer_no: 'C0001' }, { batch_no: file?.batch_no }]) {
      expect((await ok('settlementFiles', { ...year, ...input }, other)).total).toBe(0);
    }
    for (const input of [{ merchant_no: file?.merchant_no }, { customer_no: 'C0001' }]) {
      expect((await ok('remittances', { ...remitSpan(yearAgo(), today()), ...input }, other)).total).toBe(0);
    }
    for (const merchant_no of [undefined, file?.merchant_no]) {
      expect(await refusal('settlementFileDetail', { file_id: file?.file_id as string, merchant_no }, other)).toMatchObject(NOT_FOUND);
      expect(await refusal('remittanceDetail', { id: Number(remit?.id), merchant_no }, other)).toMatchObject(NOT_FOUND);
    }
    expect(await refusal('settlementFileRows', { file_id: file?.file_id as string }, other)).toMatchObject(NOT_FOUND);
    // Its own data is there.
    expect((await ok('settlementFiles', year, other)).total).toBeGreaterThan(0);
  });

  it('refuses an identical call while the first is in flight, not a different one, and allows it again afterwards', async () => {
    const input = remitSpan(yearAgo(), today());
    const [first, second, different] = await Promise.all([
      callUpstream(SETTLEMENT_CALLS.remittances, input, admin),
      callUpstream(SETTLEMENT_CALLS.remittances, input, admin),
      callUpstream(SETTLEMENT_CALLS.remittances, { ...input, wallet: 'CARD' }, admin),
    ]);
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, error: { code: 'DUPLICATE_REQUEST' } });
    expect(different.ok).toBe(true);
    expect((await callUpstream(SETTLEMENT_CALLS.remittances, input, admin)).ok).toBe(true);
    const detail = { file_id: (await ok('settlementFiles', {}, admin)).data[0]?.file_id as string };
    const [a, b] = await Promise.all([callUpstream(SETTLEMENT_CALLS.settlementFileDetail, detail, admin), callUpstream(SETTLEMENT_CALLS.settlementFileDetail, detail, admin)]);
    expect([a.ok, b.ok]).toEqual([true, false]);
  });
});
