import { openDatabase } from '@/upstream/db/database';
import { migrate } from '@/upstream/db/migrate';
import { seedDatabase } from '@/upstream/seed/generate';
import { DEMO_FACTOR_ACCOUNT, DEMO_FACTOR_SECRET } from '@/upstream/seed/reference-data';
import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

describe.each(DATABASES)('demo data on %s', (database) => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 4000);
  });
  afterAll(() => upstream.stop());
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);

  it('has about the asked number of transactions, up to today, for every customer', async () => {
    const [row] = await q<{ n: number; days: number; last: string }>(
      `SELECT count(*)::int AS n, count(DISTINCT gmt_payment::date)::int AS days, max(gmt_payment)::date::text AS last FROM transactions`,
    );
    expect(row?.n).toBeGreaterThan(3800);
    expect(row?.n).toBeLessThan(4200);
    expect(row?.days).toBeGreaterThan(380);
    const [seed] = await q<{ anchor: string }>('SELECT anchor_day::text AS anchor FROM seed_info');
    const recent = await q<{ customer_no: string; days: number }>(
      `SELECT customer_no, count(DISTINCT gmt_payment::date)::int AS days FROM transactions
        WHERE gmt_payment >= $1::date - 6 GROUP BY customer_no ORDER BY customer_no`,
      [seed?.anchor],
    );
    expect(recent.map((r) => r.customer_no)).toEqual(['C0001', 'C0002', 'C0003', 'C0004']);
    for (const r of recent) expect(r.days).toBeGreaterThanOrEqual(6);
  });

  it('covers card schemes, Alipay and WeChat Pay, with sales, voids and refunds', async () => {
    const types = await q<{ payment_type: string }>('SELECT DISTINCT payment_type FROM transactions ORDER BY 1');
    expect(types.map((t) => t.payment_type)).toEqual(expect.arrayContaining(['ALIPAY', 'WECHAT', 'VISA', 'MASTER', 'UNIONPAY']));
    const categories = await q<{ category: string }>('SELECT DISTINCT category FROM transactions ORDER BY 1');
    expect(categories.map((c) => c.category)).toEqual(['OTHER', 'REFUND', 'SALE', 'VOID']);
  });

  // Settlement files and remittances: settlements.test.ts proves they add up.

  it('keeps each asset balance equal to the sum of its movements', async () => {
    const wrong = await q(
      `SELECT a.customer_no FROM total_assets a
         JOIN (SELECT customer_no,
                      sum(CASE WHEN asset_type = 'MARGIN' THEN (CASE direction WHEN 'INCREASE' THEN amount ELSE -amount END) ELSE 0 END) AS margin,
                      sum(CASE WHEN asset_type = 'DEPOSIT' THEN (CASE direction WHEN 'INCREASE' THEN amount ELSE -amount END) ELSE 0 END) AS deposit,
                      sum(CASE WHEN asset_type = 'REFUND_POOL' THEN (CASE direction WHEN 'INCREASE' THEN amount ELSE -amount END) ELSE 0 END) AS pool
                 FROM total_asset_history GROUP BY customer_no) h ON h.customer_no = a.customer_no
        WHERE a.margin <> h.margin OR a.deposit <> h.deposit OR a.refund_pool <> h.pool`,
    );
    expect(wrong).toEqual([]);
  });

  it('has refunds in every approval state, paid ones backed by a refund transaction', async () => {
    const states = await q<{ approve_status: string }>('SELECT DISTINCT approve_status FROM refunds ORDER BY 1');
    expect(states.map((s) => s.approve_status)).toEqual(['10', '20', '30', '40', '50']);
    const [unbacked] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM refunds r LEFT JOIN transactions t ON t.id = r.refund_transaction_id
        WHERE r.approve_status = '30' AND (t.id IS NULL OR t.trans_amount <> r.refund_amount OR t.original_id <> r.transaction_id)`,
    );
    expect(unbacked?.n).toBe(0);
  });

  it('never refunds more than a sale', async () => {
    const over = await q(
      `SELECT s.id FROM transactions s
         JOIN (SELECT original_id, sum(trans_amount) AS done FROM transactions WHERE category IN ('REFUND', 'VOID') GROUP BY original_id) x ON x.original_id = s.id
        WHERE x.done > s.trans_amount`,
    );
    expect(over).toEqual([]);
  });

  it('stores passwords as salted scrypt hashes, never the password', async () => {
    const users = await q<{ password_hash: string }>('SELECT password_hash FROM users');
    const hashes = new Set(users.map((u) => u.password_hash));
    expect(hashes.size).toBe(users.length);
    for (const { password_hash } of users) {
      expect(password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(password_hash).not.toContain('Portal#2026');
    }
  });

  it('enrols one demo user with an authenticator app (the README prints its key), and nobody else', async () => {
    const enrolled = await q<{ account: string; secret_sealed: string; codes: number }>(
      `SELECT u.account, f.secret_sealed, (SELECT count(*)::int FROM factor_recovery_codes r WHERE r.user_id = u.user_id AND r.used_at IS NULL) AS codes
         FROM factor_totp f JOIN users u ON u.user_id = f.user_id WHERE f.confirmed_at IS NOT NULL`,
    );
    expect(enrolled.map(({ account, codes }) => ({ account, codes }))).toEqual([{ account: DEMO_FACTOR_ACCOUNT, codes: 10 }]);
    expect(enrolled[0]?.secret_sealed).not.toContain(DEMO_FACTOR_SECRET);
    expect(await q('SELECT 1 FROM factor_passkeys')).toEqual([]);
  });
});

describe('the seed generator', () => {
  async function fingerprint(seed: number) {
    const db = await openDatabase({});
    await migrate(db);
    await seedDatabase(db, { transactions: 1500, seed, now: new Date('2026-11-21T06:00:00Z') });
    const [row] = await db.query<{ n: number; total: string; orders: string }>(
      `SELECT count(*)::int AS n, sum(trans_amount)::text AS total, md5(string_agg(order_no || trans_amount || gmt_payment, ',' ORDER BY id)) AS orders FROM transactions`,
    );
    await db.close();
    return row;
  }

  it('is deterministic: the same seed and day give the same data, another seed other data', async () => {
    const [first, again, other] = [await fingerprint(7), await fingerprint(7), await fingerprint(8)];
    expect(again).toEqual(first);
    expect(other?.orders).not.toBe(first?.orders);
  });
});
