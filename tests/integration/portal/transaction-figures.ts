import type { Database } from '@/upstream/db/database';

/**
 * Expected transaction figures, computed by SQL straight from the reference database with the
 * rules of upstream/README.md, written out here rather than taken from the services' code:
 * the category comes from the transaction type (not from the stored `category` column), the net
 * amount is sales less voids and refunds, pre-authorisations (61) move no money and are not in
 * the default type list, and days are Hong Kong days (times are stored as Hong Kong wall-clock).
 */

/** upstream/README.md, "Transaction codes and identifiers". */
const TYPES_BY_CATEGORY = {
  SALE: ['11', '41', '43', '01'],
  VOID: ['21', '42'],
  REFUND: ['31', '02', '50'],
  OTHER: ['61'],
} as const;

/** Spec section 9: the realtime call's types when none are given. */
export const SPEC_DEFAULT_TYPES = ['11', '21', '31', '41', '42', '43', '01', '02', '50'];

const list = (codes: readonly string[]) => codes.map((c) => `'${c}'`).join(', ');

const CATEGORY = `CASE WHEN trans_type IN (${list(TYPES_BY_CATEGORY.SALE)}) THEN 'SALE'
  WHEN trans_type IN (${list(TYPES_BY_CATEGORY.VOID)}) THEN 'VOID'
  WHEN trans_type IN (${list(TYPES_BY_CATEGORY.REFUND)}) THEN 'REFUND'
  WHEN trans_type IN (${list(TYPES_BY_CATEGORY.OTHER)}) THEN 'OTHER' END`;

/** The transactions a list shows by default, each with its category. */
const LISTED = `(SELECT t.*, ${CATEGORY} AS cat FROM transactions t WHERE t.trans_type IN (${list(SPEC_DEFAULT_TYPES)})) x`;

/** Sales less voids and refunds, two decimals, as text. */
const NET = `(coalesce(sum(x.trans_amount) FILTER (WHERE x.cat = 'SALE'), 0)
  - coalesce(sum(x.trans_amount) FILTER (WHERE x.cat IN ('VOID', 'REFUND')), 0))::numeric(18,2)::text`;
const GROSS = (category: string) => `coalesce(sum(x.trans_amount) FILTER (WHERE x.cat = '${category}'), 0)::numeric(18,2)::text`;

/** A condition with one `?` placeholder for its value. */
export type Condition = [sql: string, value: unknown];

export interface Selection {
  customers: string[];
  /** First and last Hong Kong day, yyyy-MM-dd; both or neither. */
  from?: string;
  to?: string;
  more?: Condition[];
}

function where({ customers, from, to, more = [] }: Selection): { sql: string; params: unknown[] } {
  const conditions: Condition[] = [['x.customer_no = ANY(?)', customers], ...more];
  if (from && to) conditions.push(['x.gmt_payment >= ?::date', from], ['x.gmt_payment < ?::date + 1', to]);
  const params: unknown[] = [];
  const sql = conditions
    .map(([text, value]) => {
      params.push(value);
      return text.replace('?', `$${params.length}`);
    })
    .join(' AND ');
  return { sql, params };
}

export interface Totals {
  total: number;
  totalAmount: string;
  summary: { name: string; count: number; amount: string }[];
}

export class Figures {
  constructor(private readonly db: Database) {}

  /** Count, net amount and the SALE/VOID/REFUND breakdown of the listed transactions. */
  async totals(selection: Selection): Promise<Totals> {
    const { sql, params } = where(selection);
    const [row] = await this.db.query<Record<string, string | number>>(
      `SELECT count(*)::int AS total, ${NET} AS net,
              ${['SALE', 'VOID', 'REFUND'].map((c) => `count(*) FILTER (WHERE x.cat = '${c}')::int AS "${c}_count", ${GROSS(c)} AS "${c}_amount"`).join(', ')}
         FROM ${LISTED} WHERE ${sql}`,
      params,
    );
    if (!row) throw new Error('no totals row');
    return {
      total: Number(row.total),
      totalAmount: String(row.net),
      summary: ['SALE', 'VOID', 'REFUND'].map((name) => ({ name, count: Number(row[`${name}_count`]), amount: String(row[`${name}_amount`]) })),
    };
  }

  /** Order numbers of the listed transactions in the given order (ties broken by id the same way). */
  async orders(selection: Selection, order = 'x.gmt_payment DESC, x.id DESC'): Promise<string[]> {
    const { sql, params } = where(selection);
    const rows = await this.db.query<{ order_no: string }>(`SELECT x.order_no FROM ${LISTED} WHERE ${sql} ORDER BY ${order}`, params);
    return rows.map((r) => r.order_no);
  }

  /** Dashboard: all-count and net amount. */
  async allCountAndAmount(selection: Selection) {
    const totals = await this.totals(selection);
    return { allCount: totals.total, allAmount: totals.totalAmount };
  }

  /** Dashboard: the transaction-type pie (gross amount of each category). */
  async transTypes(selection: Selection) {
    return (await this.totals(selection)).summary;
  }

  /** Dashboard: count and net amount per payment type, largest net first. */
  async paymentTypes(selection: Selection) {
    const { sql, params } = where(selection);
    return this.db.query<{ payment_type: string; count: number; amount: string }>(
      `SELECT x.payment_type, count(*)::int AS count, ${NET} AS amount FROM ${LISTED} WHERE ${sql}
        GROUP BY x.payment_type ORDER BY sum(CASE x.cat WHEN 'SALE' THEN x.trans_amount ELSE -x.trans_amount END) DESC, x.payment_type`,
      params,
    );
  }

  /** Dashboard: the five stores with the largest net amount, named from the stores table. */
  async topStores(selection: Selection) {
    const { sql, params } = where(selection);
    return this.db.query<{ store_code: string; store_name: string; store_cname: string; store_cname_hans: string; merchant_no: string; count: number; amount: string }>(
      `SELECT s.store_code, s.store_name, s.store_cname, s.store_cname_hans, s.merchant_no, count(*)::int AS count, ${NET} AS amount
         FROM ${LISTED} JOIN stores s ON s.store_code = x.store_code WHERE ${sql}
        GROUP BY s.store_code, s.store_name, s.store_cname, s.store_cname_hans, s.merchant_no
        ORDER BY sum(CASE x.cat WHEN 'SALE' THEN x.trans_amount ELSE -x.trans_amount END) DESC, s.store_code LIMIT 5`,
      params,
    );
  }

  /** Dashboard: count and net amount of each Hong Kong day from `from` to `to`, days without data included. */
  async days(customers: string[], from: string, to: string) {
    return this.db.query<{ day: string; count: number; amount: string }>(
      `SELECT to_char(d, 'YYYYMMDD') AS day, count(x.id)::int AS count, ${NET} AS amount
         FROM generate_series($2::date, $3::date, interval '1 day') d
         LEFT JOIN ${LISTED} ON x.gmt_payment::date = d::date AND x.customer_no = ANY($1)
        GROUP BY d ORDER BY d`,
      [customers, from, to],
    );
  }

  /** Dashboard: count and net amount of the Hong Kong day `day` up to `until` (HH:MM:SS), its time included. */
  async dayUntil(customers: string[], day: string, until: string) {
    const [row] = await this.db.query<{ day: string; count: number; amount: string }>(
      `SELECT to_char($2::date, 'YYYYMMDD') AS day, count(x.id)::int AS count, ${NET} AS amount
         FROM ${LISTED} WHERE x.customer_no = ANY($1) AND x.gmt_payment >= $2::date AND x.gmt_payment <= ($2 || ' ' || $3)::timestamp`,
      [customers, day, until],
    );
    return row;
  }

  /** Dashboard: merchants, stores and terminals of the customers. */
  async organisation(customers: string[]) {
    const [row] = await this.db.query<{ merchant_count: number; store_count: number; terminal_count: number }>(
      `SELECT (SELECT count(*) FROM merchants m WHERE m.customer_no = ANY($1))::int AS merchant_count,
              (SELECT count(*) FROM stores s JOIN merchants m ON m.merchant_no = s.merchant_no WHERE m.customer_no = ANY($1))::int AS store_count,
              (SELECT count(*) FROM terminals t JOIN merchants m ON m.merchant_no = t.merchant_no WHERE m.customer_no = ANY($1))::int AS terminal_count`,
      [customers],
    );
    if (!row) throw new Error('no organisation row');
    return row;
  }
}
