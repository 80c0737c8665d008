import { addDays, daysBetween, toIsoDay, toCompactDay, wallClock, type CalendarDay } from '../../lib/format/date';
import { SYSTEM_OPERATOR } from '../../lib/assets/codes';
import { isWallet, TRANSACTION_TYPES, type PaymentType, type TransactionTypeCode } from '../../lib/domain/transaction-types';
import type { Database, Queryable } from '../db/database';
import { hashFactorToken, sealSecret } from '../rules/factor-secrets';
import { hashPassword } from '../rules/password-hash';
import { centsToDecimal } from '../rules/money';
import { mdrCents, type FeeRates } from '../rules/mdr';
import { transactionNumbers } from '../rules/numbers';
import { insertDocuments, insertNotifications } from './notices';
import { insertApplication } from '../services/applications';
import { createRandom, type Random } from './prng';
import { customersAt, type SeedScale } from './scale';
import { BANKS, DEMO_FACTOR_ACCOUNT, DEMO_FACTOR_SECRET, DEMO_PASSWORD, DEMO_RECOVERY_CODES, DISTRICTS, MENUS, PARTNERS, ROLES, USERS, type CustomerSeed, type UserSeed } from './reference-data';

export interface SeedOptions {
  /** About how many transactions to generate (default 200 000). */
  transactions: number;
  /** PRNG seed: the same seed and day give the same data. */
  seed: number;
  now: Date;
  /** The key the demo user's authenticator secret is sealed with (the services' FACTOR_KEY). */
  factorKey?: string;
  /** Months of history before today. */
  months: number;
  /** Stores, terminals and customers beyond the demo's (./scale.ts). */
  scale?: SeedScale;
}

export const DEFAULT_SEED: SeedOptions = { transactions: 200_000, seed: 20261121, now: new Date(), months: 13 };

const TABLES = [
  'documents', 'notification_reads', 'notifications', 'outbox', 'activity_log', 'service_applications', 'total_asset_history', 'total_assets', 'refunds',
  'remittances', 'settlement_files', 'transactions', 'reset_links', 'tokens', 'password_history', 'users',
  'role_menus', 'menus', 'roles', 'contacts', 'bank_accounts', 'payment_services', 'terminals', 'stores',
  'merchants', 'merchant_groups', 'customers', 'partners', 'banks', 'seed_info',
];

interface Terminal {
  customer_no: string;
  merchant_no: string;
  store_code: string;
  store_name: string;
  terminal_no: string;
}

/** Each merchant's payment services' fee rates, by payment type, as inserted into payment_services. */
type MerchantFees = Map<string, FeeRates>;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const timestamp = (day: CalendarDay, secondOfDay: number) =>
  `${toIsoDay(day)} ${pad(Math.floor(secondOfDay / 3600), 2)}:${pad(Math.floor(secondOfDay / 60) % 60, 2)}:${pad(secondOfDay % 60, 2)}`;

/** Replaces all data with a fresh, deterministic demo data set dated relative to `now`. */
export async function seedDatabase(db: Database, options: Partial<SeedOptions> = {}, log: (line: string) => void = () => {}) {
  const opts = { ...DEFAULT_SEED, ...options };
  const random = createRandom(opts.seed);
  const { day: anchor, secondOfDay: nowSecond } = wallClock(opts.now);
  const started = Date.now();

  const customers = customersAt(opts.scale);
  await db.exec(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  const { terminals, fees } = await insertOrganisation(db, random, anchor, customers);
  const userIds = await insertUsers(db, anchor);
  if (opts.factorKey) await enrolDemoFactor(db, userIds, opts.factorKey, timestamp(addDays(anchor, -30), 10 * 3600));
  log(`organisation of ${customers.length} customers, ${terminals.length} terminals in service, and ${USERS.length} users in ${Date.now() - started} ms`);

  const generator = new TransactionGenerator(random, anchor, nowSecond, terminals, fees, customers);
  const total = await generator.insertAll(db, opts.transactions, opts.months);
  log(`${total} transactions in ${Date.now() - started} ms`);

  await insertRefundRequests(db, random, anchor, userIds, generator);
  await deriveSettlement(db, anchor);
  await insertTotalAssets(db, random, anchor, customers);
  await insertServiceApplications(db, anchor, userIds);
  await insertNotifications(db, anchor);
  await insertDocuments(db, anchor);
  await db.query(
    `SELECT setval(pg_get_serial_sequence('transactions', 'id'), (SELECT max(id) FROM transactions))`,
  );
  await db.query('INSERT INTO seed_info (id, seeded_at, anchor_day, transactions, prng_seed) VALUES (1, $1, $2, $3, $4)', [
    timestamp(anchor, nowSecond), toIsoDay(anchor), generator.count, opts.seed,
  ]);
  // Fresh statistics and visibility map: the planner picks the indexes at once, not after autovacuum.
  await db.exec('VACUUM ANALYZE');
  log(`seeded in ${Date.now() - started} ms`);
  return { transactions: generator.count, anchor: toIsoDay(anchor) };
}

async function insertOrganisation(db: Database, random: Random, anchor: CalendarDay, customers: readonly CustomerSeed[]) {
  const terminals: Terminal[] = [];
  const fees = new Map<string, MerchantFees>();
  await db.query('INSERT INTO partners (partner_no, name, cname, cname_hans) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])', [
    PARTNERS.map((p) => p.partner_no), PARTNERS.map((p) => p.name), PARTNERS.map((p) => p.cname), PARTNERS.map((p) => p.cname_hans),
  ]);
  for (const bank of BANKS) {
    await db.query('INSERT INTO banks (bic8, eng_name, ch_name, ch_name_hans) VALUES ($1, $2, $3, $4)', [bank.bic8, bank.eng_name, bank.ch_name, bank.ch_name_hans]);
  }
  let merchantSeq = 0;
  let storeSeq = 0;
  let terminalSeq = 0;
  for (const customer of customers) {
    await db.query('INSERT INTO customers (customer_no, customer_name, customer_cname, customer_cname_hans, partner_no) VALUES ($1, $2, $3, $4, $5)', [
      customer.customer_no, customer.customer_name, customer.customer_cname, customer.customer_cname_hans, customer.partner_no,
    ]);
    const groupId = `G${customer.customer_no.slice(1)}`;
    await db.query('INSERT INTO merchant_groups VALUES ($1, $2, $3, $4, $5)', [
      groupId, customer.customer_no, `${customer.customer_name} group`, `${customer.customer_cname}商戶組`, `${customer.customer_cname_hans}商户组`,
    ]);
    for (const merchant of customer.merchants) {
      merchantSeq += 1;
      const merchantNo = `8520001${pad(merchantSeq, 8)}`;
      const cardRate = [1.45, 1.6, 1.75][merchantSeq % 3] as number;
      const walletRate = [1.2, 1.4][merchantSeq % 2] as number;
      const rates: MerchantFees = new Map();
      fees.set(merchantNo, rates);
      const slug = merchant.business_name.toLowerCase().replace(/[^a-z]+/g, '-');
      await db.query(
        `INSERT INTO merchants VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'Active', $11, $12)`,
        [
          merchantNo, customer.customer_no, groupId, merchant.business_name, merchant.business_cname,
          toIsoDay(addDays(anchor, -900 - merchantSeq * 37)), `852${pad(21000000 + merchantSeq * 1357, 8)}`,
          `accounts@${slug}.demo.test`, walletRate.toFixed(4), cardRate.toFixed(4), toIsoDay(addDays(anchor, 200 + merchantSeq * 45)),
          merchant.business_cname_hans,
        ],
      );
      await db.query('INSERT INTO bank_accounts VALUES ($1, $2, $3, $4, $5, $6)', [
        merchantNo, '香港上海滙豐銀行有限公司', 'The Hongkong and Shanghai Banking Corporation Limited',
        `004-${pad(100000 + merchantSeq * 7919, 6)}-${pad(merchantSeq, 3)}`, merchant.business_name.toUpperCase(), 'HSBCHKHHHKH',
      ]);
      await db.query('INSERT INTO contacts (merchant_no, name, mobile_no, email) VALUES ($1, $2, $3, $4)', [
        merchantNo, `${merchant.business_name} Manager`, `8526${pad(1000000 + merchantSeq * 4321, 7)}`, `manager@${slug}.demo.test`,
      ]);
      for (const paymentType of ['VISA', 'MASTER', 'UNIONPAY', 'JCB', 'AMEX', 'ALIPAY', 'WECHAT']) {
        const wallet = isWallet(paymentType);
        const fee: FeeRates = {
          fee_cn: wallet ? walletRate : 2.1, fee_hk: wallet ? walletRate : cardRate, fee_hk_master: cardRate, fee_hk_visa: cardRate,
          fee_overseas_visa: 2.95, fee_overseas_master: 2.95,
        };
        rates.set(paymentType, fee);
        await db.query(
          `INSERT INTO payment_services VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'HSBC', $13, $14, 'HSBCHKHHHKH')`,
          [
            merchantNo, paymentType, paymentType === 'AMEX' && merchantSeq % 2 === 0 ? 'N' : 'Y',
            toIsoDay(addDays(anchor, -800 - merchantSeq * 11)), fee.fee_cn.toFixed(4), fee.fee_hk.toFixed(4), fee.fee_hk_master.toFixed(4),
            fee.fee_hk_visa.toFixed(4), fee.fee_overseas_visa.toFixed(4), fee.fee_overseas_master.toFixed(4),
            `accounts@${slug}.demo.test`, `${merchant.business_name} Manager`, merchant.business_name.toUpperCase(),
            `004-${pad(100000 + merchantSeq * 7919, 6)}-${pad(merchantSeq, 3)}`,
          ],
        );
      }
      for (let s = 0; s < merchant.stores; s++) {
        storeSeq += 1;
        const storeCode = `S${pad(storeSeq, 6)}`;
        const place = DISTRICTS[storeSeq % DISTRICTS.length] as (typeof DISTRICTS)[number];
        // A chain's stores share districts: a branch number keeps each name its own.
        const branch = merchant.stores > DISTRICTS.length ? ` ${s + 1}` : '';
        const storeName = `${merchant.business_name} (${place.district}${branch})`;
        const status = storeSeq % 11 === 0 ? 'Inactive' : 'Active';
        await db.query('INSERT INTO stores VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)', [
          storeCode, merchantNo, storeName, place.province, place.city, place.district,
          `${10 + storeSeq} ${place.street}, ${place.district}, Hong Kong`, `${place.cn}${10 + storeSeq}號`,
          `${10 + storeSeq} ${place.street}`, status, toIsoDay(addDays(anchor, -700 - (storeSeq % 100) * 13)),
          `${merchant.business_cname}（${place.district_cname}${branch}）`, `${merchant.business_cname_hans}（${place.district_cname_hans}${branch}）`,
          `${place.cn_hans}${10 + storeSeq}号`,
        ]);
        const storeTerminals = Array.from({ length: merchant.terminalsPerStore }, () => `T${pad(10000000 + (terminalSeq += 1), 8)}`);
        await db.query('INSERT INTO terminals SELECT t, $2, $3 FROM unnest($1::text[]) t', [storeTerminals, storeCode, merchantNo]);
        if (status === 'Active') {
          for (const terminalNo of storeTerminals) terminals.push({ customer_no: customer.customer_no, merchant_no: merchantNo, store_code: storeCode, store_name: storeName, terminal_no: terminalNo });
        }
      }
    }
  }
  await insertMerchantStates(db, anchor);
  for (const role of ROLES) {
    await db.query('INSERT INTO roles VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      role.role_id, role.role_name, role.role_cname, role.role_tname, role.can_apply, role.can_approve, role.has_op_password, role.single_search_only,
    ]);
  }
  for (const [index, menu] of MENUS.entries()) {
    await db.query('INSERT INTO menus (code, parent_code, sort, customer_only) VALUES ($1, $2, $3, $4)', [menu.code, menu.parent, index * 10, menu.customerOnly]);
  }
  for (const role of ROLES) {
    const leaves = role.menus === 'all' ? MENUS.filter((m) => !MENUS.some((c) => c.parent === m.code)).map((m) => m.code) : role.menus;
    for (const code of leaves) await db.query('INSERT INTO role_menus VALUES ($1, $2)', [role.role_id, code]);
  }
  return { terminals, fees };
}

/**
 * The first customer shows every state its merchant screens name: an applying store (no terminal
 * yet, as new branches are) and a closed one beside the active ones, and business registrations
 * that are valid, expire within 30 days and have expired (lib/merchants/br-expiry.ts).
 */
async function insertMerchantStates(db: Database, anchor: CalendarDay) {
  await db.query(
    `INSERT INTO stores SELECT 'S999001', merchant_no, business_name || ' (Tsim Sha Tsui, opening soon)', 'Hong Kong', 'Kowloon',
       'Yau Tsim Mong', '1 Canton Road, Tsim Sha Tsui, Hong Kong', '廣東道1號', '1 Canton Road', 'Applying', NULL,
       business_cname || '（尖沙咀，即將開業）', business_cname_hans || '（尖沙咀，即将开业）', '广东道1号'
     FROM merchants WHERE customer_no = 'C0001' ORDER BY merchant_no LIMIT 1`,
  );
  await db.query(
    `INSERT INTO stores SELECT 'S999002', merchant_no, business_name || ' (Causeway Bay, closed)', 'Hong Kong', 'Hong Kong Island',
       'Wan Chai', '500 Hennessy Road, Causeway Bay, Hong Kong', '軒尼詩道500號', '500 Hennessy Road', 'Inactive', $1,
       business_cname || '（銅鑼灣，已結業）', business_cname_hans || '（铜锣湾，已结业）', '轩尼诗道500号'
     FROM merchants WHERE customer_no = 'C0001' ORDER BY merchant_no OFFSET 1 LIMIT 1`,
    [toIsoDay(addDays(anchor, -1200))],
  );
  for (const [offset, days] of [[1, 12], [2, -20]] as const) {
    await db.query(
      `UPDATE merchants SET br_expiry_date = $1 WHERE merchant_no = (SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY merchant_no OFFSET $2 LIMIT 1)`,
      [toIsoDay(addDays(anchor, days)), offset],
    );
  }
}

async function insertUsers(db: Database, anchor: CalendarDay): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const created = timestamp(addDays(anchor, -400), 9 * 3600);
  for (const user of USERS) {
    const role = ROLES.find((r) => r.role_id === user.role_id);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const opHash = role?.has_op_password ? await hashPassword(DEMO_PASSWORD) : null;
    const admin = USERS.find((u) => u.type_no === user.type_no && u.role_id === 1);
    const [row] = await db.query<{ user_id: number }>(
      `INSERT INTO users (account, type, type_no, name, contact_name, contact_email, contact_number, is_admin, role_id,
         password_hash, op_password_hash, pwd_flag, op_pwd_flag, last_pwd_date, assigned_by, auth_by, job_title, department,
         appellation, ref_no, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING user_id`,
      [
        user.account, user.type, user.type_no, user.name, user.name, user.email, user.contact_number, user.is_admin ?? false,
        user.role_id, passwordHash, opHash, user.pwd_flag ?? false, user.op_pwd_flag ?? false,
        user.pwd_flag ? null : timestamp(addDays(anchor, -30), 10 * 3600),
        admin && admin !== user ? `${admin.name} (${admin.email})` : 'EFT Payments Operations ()',
        admin && admin !== user ? `${admin.name} (${admin.email})` : 'EFT Payments Operations ()',
        user.job_title, user.department, user.appellation, `REF${String(ids.size + 1).padStart(5, '0')}`, created,
      ],
    );
    const userId = (row as { user_id: number }).user_id;
    ids.set(user.account, userId);
    await db.query(`INSERT INTO password_history (user_id, kind, password_hash, created_at) VALUES ($1, 'login', $2, $3)`, [userId, passwordHash, created]);
    if (opHash) {
      await db.query(`INSERT INTO password_history (user_id, kind, password_hash, created_at) VALUES ($1, 'op', $2, $3)`, [userId, opHash, created]);
    }
  }
  return ids;
}

const COLUMNS = [
  ['id', 'bigint'], ['customer_no', 'text'], ['merchant_no', 'text'], ['store_code', 'text'], ['store_name', 'text'],
  ['terminal_no', 'text'], ['order_no', 'text'], ['trade_no', 'text'], ['out_trade_no', 'text'], ['trans_amount', 'numeric'],
  ['trans_type', 'text'], ['category', 'text'], ['trade_status', 'text'], ['resp_code', 'text'], ['payment_type', 'text'],
  ['payment_inst', 'text'], ['trans_currency', 'text'], ['remark', 'text'], ['trans_date', 'text'], ['gmt_payment', 'timestamp'],
  ['traceno', 'text'], ['invoice_no', 'text'], ['refno', 'text'], ['subject', 'text'], ['sett_currency', 'text'],
  ['settledate', 'date'], ['exchange_rate', 'numeric'], ['orgtransamount', 'numeric'], ['orgtrans_currency', 'text'],
  ['mdr_fee', 'numeric'], ['original_id', 'bigint'], ['settle_file_id', 'text'],
] as const;

type Row = unknown[];

const INSERT_SQL = `INSERT INTO transactions (${COLUMNS.map(([name]) => name).join(', ')})
  SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;

/** Inserts rows (arrays in COLUMNS order) with one statement per column-array batch. */
export async function insertTransactionRows(db: Queryable, rows: Row[]) {
  if (rows.length === 0) return;
  const columns = COLUMNS.map((_, i) => rows.map((row) => row[i]));
  await db.query(INSERT_SQL, columns);
}

const PAYMENT_WEIGHTS: [PaymentType, number][] = [
  ['VISA', 30], ['MASTER', 25], ['UNIONPAY', 10], ['JCB', 3], ['AMEX', 4], ['ALIPAY', 15], ['WECHAT', 13],
];
const HOUR_WEIGHTS: [number, number][] = [
  [8, 2], [9, 3], [10, 4], [11, 6], [12, 10], [13, 10], [14, 6], [15, 5], [16, 5], [17, 6], [18, 9], [19, 10], [20, 8], [21, 5], [22, 2],
];
/**
 * How the first customer's recent weeks are shaped so that every kind of Transaction Smart Tip
 * shows in the demo and the tests whatever the seed size (thresholds: lib/tips/rules.ts): a terminal
 * and a whole store silent for ten days (their sales go to another terminal of the merchant), a day
 * three days ago with a single sale, a last week in which every second sale is Alipay and every third
 * brings a refund, and a few sales every day of the five weeks a day is compared with.
 */
const TIP_SHAPES = {
  customer: 'C0001',
  silentTerminals: ['T10000003'],
  silentStores: ['S000005'],
  silentDays: 10,
  lowDay: 3,
  recentDays: 7,
  alipayEvery: 2,
  refundEvery: 3,
  guaranteedDays: 36,
  /** Enough sales for the week's shares and rates to count (TIP_RULES.minSales) at any seed size. */
  guaranteedSales: 5,
};

/** Whether a terminal is one of the shaped silent ones (TIP_SHAPES), itself or by its store. */
const silentInShape = (t: Terminal) => TIP_SHAPES.silentTerminals.includes(t.terminal_no) || TIP_SHAPES.silentStores.includes(t.store_code);

const SUBJECTS = ['Dining', 'Bakery goods', 'Tea and dim sum', 'Online order', 'Groceries', 'Outdoor equipment', 'Medicine', 'Coffee'];

interface SaleRef {
  id: number;
  cents: number;
  refundedCents: number;
  terminal: Terminal;
  paymentType: PaymentType;
  day: CalendarDay;
  orderNo: string;
  refno: string;
  traceno: string;
}

/** Generates transactions day by day, oldest first, inserting in batches. */
class TransactionGenerator {
  count = 0;
  private seq = 0;
  private batch: Row[] = [];
  /** Recent sales per merchant that later refunds may reference. */
  readonly recentSales = new Map<string, SaleRef[]>();
  private readonly byCustomer: Map<string, Terminal[]>;
  /** The terminal that takes a silent terminal's transactions (TIP_SHAPES). */
  private readonly standIns = new Map<string, Terminal>();
  /** The first customer's sales of the last week so far (TIP_SHAPES). */
  private shapedSales = 0;

  constructor(
    private readonly random: Random,
    private readonly anchor: CalendarDay,
    private readonly nowSecond: number,
    terminals: Terminal[],
    private readonly fees: Map<string, MerchantFees>,
    private readonly customers: readonly CustomerSeed[],
  ) {
    this.byCustomer = new Map();
    for (const terminal of terminals) {
      const list = this.byCustomer.get(terminal.customer_no) ?? [];
      list.push(terminal);
      this.byCustomer.set(terminal.customer_no, list);
    }
    for (const terminal of terminals.filter(silentInShape)) {
      const standIn = terminals.find((t) => t.merchant_no === terminal.merchant_no && !silentInShape(t));
      if (standIn) this.standIns.set(terminal.terminal_no, standIn);
    }
  }

  /** The terminal a transaction of that day is made at: a silent one's stand-in in its silent days. */
  private inService(terminal: Terminal, day: CalendarDay): Terminal {
    return daysBetween(day, this.anchor) < TIP_SHAPES.silentDays ? (this.standIns.get(terminal.terminal_no) ?? terminal) : terminal;
  }

  /** Whether a sale of that day is the first customer's in its shaped last week. */
  private shapedWeek(terminal: Terminal, day: CalendarDay): boolean {
    return terminal.customer_no === TIP_SHAPES.customer && daysBetween(day, this.anchor) < TIP_SHAPES.recentDays;
  }

  async insertAll(db: Database, target: number, months: number): Promise<number> {
    const start = addDays(this.anchor, -Math.round(months * 30.44));
    const days = daysBetween(start, this.anchor) + 1;
    const weights = Array.from({ length: days }, (_, i) => {
      const day = addDays(start, i);
      const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
      const growth = 0.7 + 0.3 * (i / days);
      const todayShare = i === days - 1 ? this.nowSecond / 86400 : 1;
      return growth * (weekday === 0 || weekday === 6 ? 1.25 : 1) * todayShare;
    });
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const customerWeights = [...this.byCustomer.keys()].map((no) => [no, this.customers.find((c) => c.customer_no === no)?.weight ?? 1] as const);
    // About 3.4% of sales bring a void or refund with them; aim the sales so the total lands on target.
    const salesTarget = target / 1.034;
    let carry = 0;
    for (let i = 0; i < days; i++) {
      const day = addDays(start, i);
      carry += (salesTarget * (weights[i] as number)) / weightSum;
      const sales = Math.floor(carry);
      carry -= sales;
      const limit = i === days - 1 ? this.nowSecond : 86399;
      // The last eight days have a few sales of every customer whatever the size, so that today and
      // the seven days before always show data; the first customer's five weeks before too, the
      // weeks its recent days are compared with (TIP_SHAPES).
      const guaranteedCustomers = days - i <= 8 ? [...this.byCustomer.keys()] : days - i <= TIP_SHAPES.guaranteedDays ? [TIP_SHAPES.customer] : [];
      const guaranteed = guaranteedCustomers.flatMap((no) => Array<string>(no === TIP_SHAPES.customer ? TIP_SHAPES.guaranteedSales : 3).fill(no));
      const drawn = [...guaranteed, ...Array.from({ length: Math.max(0, sales - guaranteed.length) }, () => this.random.weighted(customerWeights))];
      const lowDay = days - 1 - i === TIP_SHAPES.lowDay;
      const customers = lowDay ? [...drawn.filter((no) => no !== TIP_SHAPES.customer), TIP_SHAPES.customer] : drawn;
      const timed = customers.map((customer) => ({ customer, second: this.secondOfDay(limit) })).sort((a, b) => a.second - b.second);
      for (const { customer, second } of timed) {
        this.sale(day, second, this.inService(this.random.pick(this.byCustomer.get(customer) as Terminal[]), day), limit);
      }
      if (this.batch.length >= 20_000) await this.flush(db);
    }
    await this.flush(db);
    return this.count;
  }

  private secondOfDay(limit: number): number {
    for (let attempt = 0; attempt < 20; attempt++) {
      const hour = this.random.weighted(HOUR_WEIGHTS);
      const second = hour * 3600 + this.random.int(0, 3599);
      if (second <= limit) return second;
    }
    return this.random.int(0, limit);
  }

  private amountCents(): number {
    const cents = Math.round(Math.exp(Math.log(15_000) + 0.9 * this.random.normal()));
    return Math.min(2_000_000, Math.max(500, cents));
  }

  private sale(day: CalendarDay, second: number, terminal: Terminal, limit: number) {
    const drawnType = this.random.weighted(PAYMENT_WEIGHTS);
    const shaped = this.shapedWeek(terminal, day);
    if (shaped) this.shapedSales += 1;
    const paymentType: PaymentType = shaped && this.shapedSales % TIP_SHAPES.alipayEvery === 0 ? 'ALIPAY' : drawnType;
    const wallet = isWallet(paymentType);
    const type: TransactionTypeCode = wallet
      ? '01'
      : this.random.weighted<TransactionTypeCode>([['11', 94], ['41', 3], ['43', 1], ['61', 2]]);
    const cents = this.amountCents();
    const row = this.push(type, day, second, terminal, paymentType, cents, null);
    if (type === '61') return;
    const ref: SaleRef = { id: row.id, cents, refundedCents: 0, terminal, paymentType, day, orderNo: row.orderNo, refno: row.refno, traceno: row.traceno };
    if (!wallet && this.random.chance(0.03)) {
      const voidSecond = Math.min(limit, second + this.random.int(30, 1800));
      if (voidSecond > second) {
        this.push(type === '41' ? '42' : '21', day, voidSecond, terminal, paymentType, cents, row.id);
        return;
      }
    }
    if (this.random.chance(0.015) || (shaped && this.shapedSales % TIP_SHAPES.refundEvery === 0)) this.terminalRefund(day, second, terminal);
    const list = this.recentSales.get(terminal.merchant_no) ?? [];
    list.push(ref);
    if (list.length > 400) list.shift();
    this.recentSales.set(terminal.merchant_no, list);
  }

  /** A refund made at the terminal for an earlier sale of the same merchant. */
  private terminalRefund(day: CalendarDay, second: number, terminal: Terminal) {
    const candidates = (this.recentSales.get(terminal.merchant_no) ?? []).filter(
      (sale) => sale.refundedCents === 0 && daysBetween(sale.day, day) >= 1,
    );
    if (candidates.length === 0) return;
    const sale = this.random.pick(candidates);
    const cents = this.random.chance(0.6) ? sale.cents : Math.max(100, Math.round((sale.cents * this.random.int(10, 90)) / 100));
    sale.refundedCents += cents;
    this.push(isWallet(sale.paymentType) ? '02' : '31', day, second, sale.terminal, sale.paymentType, cents, sale.id);
  }

  /** Queues one transaction row and returns its identifiers. */
  push(type: TransactionTypeCode, day: CalendarDay, second: number, saleTerminal: Terminal, paymentType: PaymentType, cents: number, originalId: number | null) {
    // A refund of an earlier sale is made at the stand-in while the sale's terminal is silent.
    const terminal = this.inService(saleTerminal, day);
    this.seq += 1;
    this.count += 1;
    const id = this.seq;
    const category = TRANSACTION_TYPES[type].category;
    const wallet = isWallet(paymentType);
    const compact = toCompactDay(day);
    const { orderNo, tradeNo, outTradeNo, refno, traceno, invoiceNo } = transactionNumbers(id, compact, paymentType);
    const overseas = !wallet && id % 9 === 0;
    const paymentInst = wallet ? `${paymentType}_${id % 4 === 0 ? 'CN' : 'HK'}` : paymentType;
    const rates = this.fees.get(terminal.merchant_no)?.get(paymentType) as FeeRates;
    const mdr = category === 'SALE' ? mdrCents(cents, rates, paymentType, paymentInst, overseas) : 0;
    // Today's activity is unsettled; each earlier day settles the next day (yesterday's today).
    const settleDay = category === 'OTHER' || daysBetween(day, this.anchor) < 1 ? null : addDays(day, 1);
    this.batch.push([
      id, terminal.customer_no, terminal.merchant_no, terminal.store_code, terminal.store_name, terminal.terminal_no,
      orderNo, tradeNo, outTradeNo,
      centsToDecimal(cents), type, category, category === 'OTHER' ? 'AUTHORISED' : 'SUCCESS', '00', paymentType,
      paymentInst, 'HKD', '', compact, timestamp(day, second),
      traceno, invoiceNo, refno, this.random.pick(SUBJECTS), 'HKD',
      settleDay ? toIsoDay(settleDay) : null, overseas ? '1.000000' : '1.000000', centsToDecimal(cents), overseas ? 'USD' : 'HKD',
      centsToDecimal(mdr), originalId, settleDay ? `${terminal.merchant_no}-${toCompactDay(settleDay)}-${paymentType}` : null,
    ]);
    return { id, orderNo, refno, traceno };
  }

  async flush(db: Queryable) {
    const rows = this.batch;
    this.batch = [];
    await insertTransactionRows(db, rows);
  }
}

/** A checker's reasons for the seed's rejected requests (every rejection has one, migration 0016). */
const REJECT_REASONS = ['The goods were not returned to the store.', 'The customer was refunded at the terminal already.', 'The amount does not match the receipt.'];

/** Refund requests in every approval state, for the first and the second customer. */
async function insertRefundRequests(db: Database, random: Random, anchor: CalendarDay, users: Map<string, number>, generator: TransactionGenerator) {
  const plan: [string, string, string, ('10' | '20' | '30' | '40' | '50')[]][] = [
    ['C0001', 'maker@demo.test', 'checker@demo.test', ['10', '10', '10', '10', '10', '10', '20', '20', '20', '30', '30', '30', '30', '30', '40', '40', '40', '50', '50']],
    ['C0002', 'other-maker@demo.test', 'other-checker@demo.test', ['10', '10', '10', '20', '30', '30', '40', '50']],
  ];
  let refundSeq = 0;
  for (const [customerNo, maker, checker, states] of plan) {
    const sales = [...generator.recentSales.values()]
      .flat()
      // Not a silent terminal's sale: paying an approved refund later makes a transaction at the sale's terminal, which would end its silence.
      .filter((sale) => sale.terminal.customer_no === customerNo && !silentInShape(sale.terminal) && sale.refundedCents === 0 && daysBetween(sale.day, anchor) <= 20 && daysBetween(sale.day, anchor) >= 2)
      .sort((a, b) => a.id - b.id);
    for (const state of states) {
      if (sales.length === 0) break;
      const sale = sales.splice(random.int(0, sales.length - 1), 1)[0] as SaleRef;
      refundSeq += 1;
      const cents = random.chance(0.5) ? sale.cents : Math.max(100, Math.round((sale.cents * random.int(20, 80)) / 100));
      sale.refundedCents += cents;
      const createdDay = addDays(sale.day, 1);
      const created = timestamp(createdDay, 10 * 3600 + refundSeq * 97);
      const decided = state === '10' || state === '50' ? null : timestamp(createdDay, 15 * 3600 + refundSeq * 61);
      let refundTransactionId: number | null = null;
      if (state === '30') {
        const paidDay = addDays(createdDay, 1);
        const row = generator.push('50', paidDay, 11 * 3600 + refundSeq * 53, sale.terminal, sale.paymentType, cents, sale.id);
        refundTransactionId = row.id;
        await generator.flush(db);
      }
      await db.query(
        `INSERT INTO refunds (refund_no, refund_batch_no, transaction_id, customer_no, merchant_no, store_code, terminal_no,
           refund_amount, reason, reason_type, apply_user_id, approve_user_id, create_date, approve_date, finish_date,
           approve_status, refund_transaction_id, reject_reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [
          `RF${toCompactDay(createdDay)}${pad(refundSeq, 6)}`, `RB${toCompactDay(createdDay)}${pad(Math.ceil(refundSeq / 3), 4)}`,
          sale.id, customerNo, sale.terminal.merchant_no, sale.terminal.store_code, sale.terminal.terminal_no,
          centsToDecimal(cents), random.pick(['Customer returned goods', 'Duplicate charge', 'Order cancelled', 'Wrong amount charged']),
          random.pick(['RETURN', 'DUPLICATE', 'CANCELLED', 'AMOUNT']), users.get(maker), decided ? users.get(checker) : null,
          created, decided, state === '30' ? timestamp(addDays(createdDay, 1), 11 * 3600) : null, state, refundTransactionId,
          // By sequence, not drawn: a draw here would move every later draw of the seed.
          state === '40' ? REJECT_REASONS[refundSeq % REJECT_REASONS.length] : null,
        ],
      );
    }
  }
}

/** The wallet a payment type is remitted under: ALIPAY and WECHAT each, every card scheme as CARD. */
const WALLET_OF = (paymentType: string) => `CASE WHEN ${paymentType} IN ('ALIPAY', 'WECHAT') THEN ${paymentType} ELSE 'CARD' END`;

/**
 * Settlement files and fund-settlement records, aggregated from the transactions they settle, so
 * every figure adds up (tests/integration/upstream/settlements.test.ts proves it from the rows):
 * - a file is one merchant's settled transactions of one day and payment type: count, net volume
 *   (sales less voids and refunds) and the sum of the sales' MDR fees;
 * - a remittance pays one merchant's files of one day and wallet: receivable = net volume less
 *   fees; real + not remitted = receivable. Today's files (yesterday's activity) are not remitted yet;
 * - merchants with an even number have their Saturday, Sunday and Monday remittances merged into one
 *   (merge_remit) that names them as members (merged_into);
 * - a few earlier ones are split (10: part remitted, the rest follows; pending for two weeks),
 *   supplementary (20: sent again after a returned transfer) or failed (the last ten days).
 */
async function deriveSettlement(db: Database, anchor: CalendarDay) {
  const today = toIsoDay(anchor);
  await db.query(
    `INSERT INTO settlement_files (file_id, customer_no, merchant_no, settledate, file_name, payment_type, batch_no, total_volume, total_count, mdr_fee)
     SELECT settle_file_id, customer_no, merchant_no, settledate,
            'SETTLE_' || merchant_no || '_' || to_char(settledate, 'YYYYMMDD') || '_' || payment_type,
            payment_type, to_char(settledate, 'YYYYMMDD') || right(merchant_no, 3),
            sum(CASE WHEN category = 'SALE' THEN trans_amount ELSE -trans_amount END), count(*)::int, sum(mdr_fee)
       FROM transactions WHERE settle_file_id IS NOT NULL
      GROUP BY settle_file_id, customer_no, merchant_no, settledate, payment_type`,
  );
  await db.query(
    `INSERT INTO remittances (customer_no, merchant_no, reconciliation_date, wallet, receivable_amount, fee, rate, bank_name,
       account_no, account_name, swift_code, remit_order_type, merge_remit, real_remit_amount, not_remit_amount, remit_status)
     SELECT f.customer_no, f.merchant_no, f.settledate, w.wallet, sum(f.total_volume - f.mdr_fee), sum(f.mdr_fee), p.fee_hk,
            b.eng_name, b.account_no, b.account_name, b.swiftcode, '00', false,
            CASE WHEN f.settledate < $1::date THEN sum(f.total_volume - f.mdr_fee) ELSE 0 END,
            CASE WHEN f.settledate < $1::date THEN 0 ELSE sum(f.total_volume - f.mdr_fee) END,
            CASE WHEN f.settledate < $1::date THEN 'REMITTED' ELSE 'PENDING' END
       FROM settlement_files f
       CROSS JOIN LATERAL (SELECT ${WALLET_OF('f.payment_type')} AS wallet) w
       JOIN bank_accounts b ON b.merchant_no = f.merchant_no
       JOIN payment_services p ON p.merchant_no = f.merchant_no AND p.payment_type = CASE w.wallet WHEN 'CARD' THEN 'VISA' ELSE w.wallet END
      GROUP BY f.customer_no, f.merchant_no, f.settledate, w.wallet, p.fee_hk, b.eng_name, b.account_no, b.account_name, b.swiftcode
      ORDER BY f.settledate, f.merchant_no, w.wallet`,
    [today],
  );
  await db.query(
    `UPDATE settlement_files f SET remittance_id = r.id FROM remittances r
      WHERE r.merchant_no = f.merchant_no AND r.reconciliation_date = f.settledate AND r.wallet = ${WALLET_OF('f.payment_type')}`,
  );
  // Weekend merges: one remittance on Monday pays Saturday's, Sunday's and Monday's (ISO days 6, 7, 1).
  await db.query(
    `INSERT INTO remittances (customer_no, merchant_no, reconciliation_date, wallet, receivable_amount, fee, rate, bank_name,
       account_no, account_name, swift_code, remit_order_type, merge_remit, real_remit_amount, not_remit_amount, remit_status)
     SELECT customer_no, merchant_no, monday, wallet, sum(receivable_amount), sum(fee), max(rate), max(bank_name), max(account_no),
            max(account_name), max(swift_code), '00', true, sum(receivable_amount), 0, 'REMITTED'
       FROM (SELECT r.*, r.reconciliation_date + (8 - extract(isodow FROM r.reconciliation_date)::int) % 7 AS monday
               FROM remittances r
              WHERE right(r.merchant_no, 1)::int % 2 = 0 AND extract(isodow FROM r.reconciliation_date) IN (6, 7, 1)) d
      WHERE monday < $1::date
      GROUP BY customer_no, merchant_no, monday, wallet HAVING count(*) > 1
      ORDER BY monday, merchant_no, wallet`,
    [today],
  );
  await db.query(
    `UPDATE remittances r SET merged_into = p.id FROM remittances p
      WHERE p.merge_remit AND NOT r.merge_remit AND r.merchant_no = p.merchant_no AND r.wallet = p.wallet
        AND r.reconciliation_date BETWEEN p.reconciliation_date - 2 AND p.reconciliation_date`,
  );
  const standalone = `merged_into IS NULL AND NOT merge_remit AND reconciliation_date < $1::date`;
  await db.query(
    `UPDATE remittances SET remit_order_type = '10',
            real_remit_amount = CASE WHEN reconciliation_date >= $1::date - 14 THEN round(receivable_amount * 0.6, 2) ELSE receivable_amount END,
            not_remit_amount = CASE WHEN reconciliation_date >= $1::date - 14 THEN receivable_amount - round(receivable_amount * 0.6, 2) ELSE 0 END,
            remit_status = CASE WHEN reconciliation_date >= $1::date - 14 THEN 'PENDING' ELSE 'REMITTED' END
      WHERE ${standalone} AND id % 23 = 0`,
    [today],
  );
  await db.query(`UPDATE remittances SET remit_order_type = '20' WHERE ${standalone} AND id % 31 = 0 AND id % 23 <> 0`, [today]);
  await db.query(
    `UPDATE remittances SET real_remit_amount = 0, not_remit_amount = receivable_amount, remit_status = 'FAILED'
      WHERE ${standalone} AND remit_order_type = '00' AND id % 17 = 0 AND reconciliation_date >= $1::date - 10`,
    [today],
  );
}

/** Margin, deposit and refund-pool movements; each balance is the sum of its movements. */
async function insertTotalAssets(db: Database, random: Random, anchor: CalendarDay, customers: readonly CustomerSeed[]) {
  for (const customer of customers) {
    const movements: [string, string, number, string, string, string][] = [];
    const add = (daysAgo: number, asset: string, cents: number, type: string, direction: string, source: string) =>
      movements.push([timestamp(addDays(anchor, -daysAgo), 10 * 3600 + movements.length * 600), asset, cents, type, direction, source]);
    const scale = Math.round(customer.weight * 10_000);
    add(380, 'MARGIN', scale * 100, 'INITIAL_MARGIN', 'INCREASE', 'CONTRACT');
    add(200, 'MARGIN', scale * 20, 'MARGIN_TOP_UP', 'INCREASE', 'BANK_TRANSFER');
    add(90, 'MARGIN', scale * 15, 'MARGIN_RELEASE', 'DECREASE', 'RISK_REVIEW');
    add(370, 'DEPOSIT', scale * 50, 'SECURITY_DEPOSIT', 'INCREASE', 'CONTRACT');
    for (let month = 12; month >= 1; month--) {
      add(month * 30, 'REFUND_POOL', scale * random.int(5, 12), 'REFUND_POOL_TOP_UP', 'INCREASE', 'BANK_TRANSFER');
      add(month * 30 - 12, 'REFUND_POOL', scale * random.int(2, 6), 'REFUNDS_PAID', 'DECREASE', 'REFUND');
    }
    for (const [date, asset, cents, type, direction, source] of movements) {
      await db.query(
        `INSERT INTO total_asset_history (customer_no, operation_date, amount, operation_type, asset_type, operation_source, direction, operator)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [customer.customer_no, date, centsToDecimal(cents), type, asset, source, direction, SYSTEM_OPERATOR],
      );
    }
    await db.query(
      `INSERT INTO total_assets (customer_no, margin, deposit, refund_pool, unavailable_balance, updated_at)
       SELECT $1,
              coalesce(sum(CASE WHEN asset_type = 'MARGIN' THEN s END), 0),
              coalesce(sum(CASE WHEN asset_type = 'DEPOSIT' THEN s END), 0),
              coalesce(sum(CASE WHEN asset_type = 'REFUND_POOL' THEN s END), 0),
              $2, $3
         FROM (SELECT asset_type, CASE direction WHEN 'INCREASE' THEN amount ELSE -amount END AS s
                 FROM total_asset_history WHERE customer_no = $1) movements`,
      [customer.customer_no, centsToDecimal(scale * 3), timestamp(anchor, 0)],
    );
  }
}

/**
 * Applications for a payment service, consistent with payment_services: the first customer's was
 * approved (its first merchant has American Express) and its last one rejected (that merchant
 * still lacks it); the second customer's is waiting.
 */
async function insertServiceApplications(db: Database, anchor: CalendarDay, users: Map<string, number>) {
  const plan = [
    ['C0001', 0, 'admin', 'APPROVED', '', 120, 110],
    ['C0001', 3, 'admin', 'REJECTED', 'The business registration copy sent with it could not be read; please apply again with a clear copy.', 40, 35],
    ['C0002', 1, 'other@demo.test', 'SUBMITTED', '', 2, 2],
  ] as const;
  for (const [customerNo, merchantIndex, account, status, rejectReason, createdDaysAgo, updatedDaysAgo] of plan) {
    const [merchant] = await db.query<{ merchant_no: string; stores: string[] }>(
      `SELECT m.merchant_no, array(SELECT store_code FROM stores s WHERE s.merchant_no = m.merchant_no ORDER BY store_code) AS stores
         FROM merchants m WHERE m.customer_no = $1 ORDER BY m.merchant_no OFFSET $2 LIMIT 1`,
      [customerNo, merchantIndex],
    );
    const user = USERS.find((u) => u.account === account) as UserSeed;
    await insertApplication(db, {
      customerNo, merchantNo: merchant?.merchant_no as string, paymentType: 'AMEX', storeCodes: merchant?.stores ?? [], contactName: user.name, contactNumber: user.contact_number,
      monthlyVolume: '250000.00', remark: '', status, rejectReason, applicantUserId: users.get(account) as number,
      createdAt: timestamp(addDays(anchor, -createdDaysAgo), 11 * 3600), updatedAt: timestamp(addDays(anchor, -updatedDaysAgo), 15 * 3600),
    });
  }
}

/** The one demo user with a second factor: its authenticator secret (sealed) and recovery codes (hashed). */
async function enrolDemoFactor(db: Database, userIds: Map<string, number>, factorKey: string, at: string) {
  const userId = userIds.get(DEMO_FACTOR_ACCOUNT);
  if (userId === undefined) return;
  await db.query('INSERT INTO factor_totp (user_id, secret_sealed, confirmed_at, created_at) VALUES ($1, $2, $3, $3)', [userId, sealSecret(DEMO_FACTOR_SECRET, factorKey), at]);
  for (const code of DEMO_RECOVERY_CODES) {
    await db.query('INSERT INTO factor_recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)', [userId, hashFactorToken(code, factorKey), at]);
  }
}
