import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

/**
 * The settlement and remittance records of the demo data add up, proven from the rows themselves:
 * every figure is recomputed here in SQL from the transactions and the payment services' rates.
 */
describe.each(DATABASES)('settlement and remittance data on %s', (database) => {
  let upstream: TestUpstream;
  let anchor: string;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 6000);
    const [seed] = await q<{ anchor: string }>('SELECT anchor_day::text AS anchor FROM seed_info');
    anchor = seed?.anchor as string;
  });
  afterAll(() => upstream.stop());
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);

  it("gives each settled sale the MDR fee of its merchant's payment-service rate, and each file the sum", async () => {
    // The rate rule of upstream/README.md, stated again here independently of the seed's code.
    const wrongSales = await q<{ id: number }>(
      `SELECT t.id FROM transactions t
         JOIN payment_services p ON p.merchant_no = t.merchant_no AND p.payment_type = t.payment_type
        WHERE t.settle_file_id IS NOT NULL AND t.category = 'SALE'
          AND t.mdr_fee <> round(t.trans_amount * CASE
                WHEN t.payment_type IN ('ALIPAY', 'WECHAT') THEN CASE WHEN t.payment_inst LIKE '%\\_CN' THEN p.fee_cn ELSE p.fee_hk END
                WHEN t.payment_type = 'VISA' THEN CASE WHEN t.orgtrans_currency <> 'HKD' THEN p.fee_overseas_visa ELSE p.fee_hk_visa END
                WHEN t.payment_type = 'MASTER' THEN CASE WHEN t.orgtrans_currency <> 'HKD' THEN p.fee_overseas_master ELSE p.fee_hk_master END
                WHEN t.payment_type = 'UNIONPAY' THEN p.fee_cn
                ELSE p.fee_hk END / 100, 2)`,
    );
    expect(wrongSales).toEqual([]);
    const [others] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE category <> 'SALE' AND mdr_fee <> 0`);
    expect(others?.n).toBe(0);
    // Overseas cards, UnionPay and both wallet regions occur, so each branch of the rule is exercised.
    const [kinds] = await q<{ overseas: number; unionpay: number; cn: number; hk: number }>(
      `SELECT count(*) FILTER (WHERE orgtrans_currency <> 'HKD' AND category = 'SALE')::int AS overseas,
              count(*) FILTER (WHERE payment_type = 'UNIONPAY')::int AS unionpay,
              count(*) FILTER (WHERE payment_inst LIKE '%\\_CN')::int AS cn, count(*) FILTER (WHERE payment_inst LIKE '%\\_HK')::int AS hk
         FROM transactions WHERE settle_file_id IS NOT NULL`,
    );
    expect(Math.min(kinds?.overseas ?? 0, kinds?.unionpay ?? 0, kinds?.cn ?? 0, kinds?.hk ?? 0)).toBeGreaterThan(0);

    const wrongFiles = await q(
      `SELECT f.file_id FROM settlement_files f
         LEFT JOIN (SELECT settle_file_id, count(*)::int AS n, sum(CASE WHEN category = 'SALE' THEN trans_amount ELSE -trans_amount END) AS volume,
                           sum(mdr_fee) AS fee FROM transactions WHERE settle_file_id IS NOT NULL GROUP BY settle_file_id) t
           ON t.settle_file_id = f.file_id
        WHERE t.n IS NULL OR f.total_count <> t.n OR f.total_volume <> t.volume OR f.mdr_fee <> t.fee`,
    );
    expect(wrongFiles).toEqual([]);
  });

  it('makes one file per merchant, settlement day and payment type, each paid by one remittance of its wallet', async () => {
    const [dup] = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT 1 FROM settlement_files GROUP BY merchant_no, settledate, payment_type HAVING count(*) > 1) d',
    );
    expect(dup?.n).toBe(0);
    const unpaid = await q(
      `SELECT f.file_id FROM settlement_files f LEFT JOIN remittances r ON r.id = f.remittance_id
        WHERE r.id IS NULL OR r.merchant_no <> f.merchant_no OR r.reconciliation_date <> f.settledate
           OR r.wallet <> CASE WHEN f.payment_type IN ('ALIPAY', 'WECHAT') THEN f.payment_type ELSE 'CARD' END`,
    );
    expect(unpaid).toEqual([]);
  });

  it("sets each remittance's receivable to its files' settled net less fees, and real plus not remitted to the receivable", async () => {
    const wrong = await q(
      `SELECT r.id FROM remittances r
         LEFT JOIN (SELECT remittance_id, sum(total_volume) AS volume, sum(mdr_fee) AS fee FROM settlement_files GROUP BY remittance_id) f
           ON f.remittance_id = r.id
        WHERE NOT r.merge_remit AND (f.volume IS NULL OR r.receivable_amount <> f.volume - f.fee OR r.fee <> f.fee)`,
    );
    expect(wrong).toEqual([]);
    const unbalanced = await q('SELECT id FROM remittances WHERE real_remit_amount + not_remit_amount <> receivable_amount');
    expect(unbalanced).toEqual([]);
    const [money] = await q<{ files: string; remitted: string }>(
      `SELECT (SELECT sum(total_volume - mdr_fee) FROM settlement_files)::text AS files,
              (SELECT sum(receivable_amount) FROM remittances WHERE merged_into IS NULL)::text AS remitted`,
    );
    expect(money?.remitted).toBe(money?.files);
  });

  it('has normal (00), split (10) and supplementary remittances, and merged ones that name their members', async () => {
    const types = await q<{ remit_order_type: string }>('SELECT DISTINCT remit_order_type FROM remittances ORDER BY 1');
    expect(types.map((t) => t.remit_order_type)).toEqual(['00', '10', '20']);
    const statuses = await q<{ remit_status: string }>('SELECT DISTINCT remit_status FROM remittances ORDER BY 1');
    expect(statuses.map((s) => s.remit_status)).toEqual(['FAILED', 'PENDING', 'REMITTED']);
    const merged = await q<{ id: number; members: number; receivable: string; sum: string; files: string }>(
      `SELECT p.id, count(c.id)::int AS members, p.receivable_amount::text AS receivable, sum(c.receivable_amount)::text AS sum,
              (SELECT sum(f.total_volume - f.mdr_fee) FROM settlement_files f JOIN remittances c2 ON c2.id = f.remittance_id WHERE c2.merged_into = p.id)::text AS files
         FROM remittances p JOIN remittances c ON c.merged_into = p.id
        WHERE p.merge_remit GROUP BY p.id, p.receivable_amount`,
    );
    expect(merged.length).toBeGreaterThan(0);
    for (const m of merged) {
      expect(m.members).toBeGreaterThanOrEqual(2);
      expect(m.sum).toBe(m.receivable);
      expect(m.files).toBe(m.receivable);
    }
    const [strays] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM remittances c JOIN remittances p ON p.id = c.merged_into
        WHERE NOT p.merge_remit OR c.merchant_no <> p.merchant_no OR c.wallet <> p.wallet OR c.merge_remit`,
    );
    expect(strays?.n).toBe(0);
    const [childless] = await q<{ n: number }>('SELECT count(*)::int AS n FROM remittances p WHERE p.merge_remit AND NOT EXISTS (SELECT 1 FROM remittances c WHERE c.merged_into = p.id)');
    expect(childless?.n).toBe(0);
  });

  it("leaves today's activity unsettled and yesterday's settled but not yet remitted", async () => {
    const [todays] = await q<{ n: number; settled: number }>(
      `SELECT count(*)::int AS n, count(settledate)::int AS settled FROM transactions WHERE gmt_payment >= $1::date`,
      [anchor],
    );
    expect(todays?.n).toBeGreaterThan(0);
    expect(todays?.settled).toBe(0);
    const [yesterdays] = await q<{ n: number; wrong: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE settledate IS DISTINCT FROM $1::date OR settle_file_id IS NULL)::int AS wrong
         FROM transactions WHERE gmt_payment >= $1::date - 1 AND gmt_payment < $1::date AND category <> 'OTHER'`,
      [anchor],
    );
    expect(yesterdays?.n).toBeGreaterThan(0);
    expect(yesterdays?.wrong).toBe(0);
    const pending = await q<{ remit_status: string; remitted: string; n: number }>(
      `SELECT remit_status, sum(real_remit_amount)::text AS remitted, count(*)::int AS n FROM remittances
        WHERE reconciliation_date = $1::date GROUP BY remit_status`,
      [anchor],
    );
    expect(pending).toEqual([{ remit_status: 'PENDING', remitted: '0.00', n: expect.any(Number) }]);
  });
});
