import { z } from 'zod';
import { PAYMENT_TYPES, WALLETS } from '../../lib/domain/transaction-types';
import type { AuthedContext, Endpoint } from '../http/endpoint';
import { notFound } from '../http/errors';
import { flag, optionalText, pageOf, pageOffset, paging, timestamp14, wholeNumber } from '../http/inputs';
import { bankNames, storeNames } from './names';
import { checkUserId, customersIn, timeSpan } from './scope-checks';
import { TRANSACTION_COLUMNS, withPartnerVariant } from './transactions';

/**
 * Settlement files (the "Reconciliation" screens) and fund-settlement records, i.e. remittances
 * (the "Fund settlement" screens), for cards and for the Alipay and WeChat Pay wallets. Designed
 * here (spec section 7 names them without details); upstream/README.md documents them.
 */

/** Settlement lists default to the last 30 days including today. */
const SETTLEMENT_DAYS = 30;

/** The screens that show every payment type; without them (role 6) a caller sees the wallets only. */
const FILE_MENUS = { all: 'reconciliation', wallets: 'reconWxAli' } as const;
const REMIT_MENUS = { all: 'settles', wallets: 'settleWxAli' } as const;

const REMIT_WALLETS = ['CARD', ...WALLETS] as const;
const REMIT_STATUSES = ['REMITTED', 'PENDING', 'FAILED'] as const;

/**
 * Spec section 6: a detail post's merchant id, when empty, is replaced by the user's allowed merchant
 * ids (partners) or null; so it arrives as one id, a list of ids, or nothing. It only narrows: the
 * token's scope applies whatever it says.
 */
const merchantIds = z
  .union([z.string().max(30), z.array(z.string().max(30)).max(5000), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined || value === '' ? null : Array.isArray(value) ? value : [value]));

/** SQL conditions and their parameters, numbered as they are added. */
class Where {
  readonly params: unknown[] = [];
  private readonly clauses: string[] = [];
  add(clause: string, ...values: unknown[]) {
    let text = clause;
    for (const value of values) {
      this.params.push(value);
      text = text.replace('?', `$${this.params.length}`);
    }
    this.clauses.push(text);
    return this;
  }
  get sql() {
    return this.clauses.join(' AND ');
  }
}

/**
 * The caller's scope on a table with customer_no and merchant_no columns: the token's customers and
 * merchants, the partner's chosen customer, and the merchant ids a detail post names.
 */
async function scoped(context: AuthedContext, alias: string, customerNo: string | undefined, merchants: string[] | null = null) {
  const scope = await context.scope();
  const customers = await customersIn(context, customerNo);
  const where = new Where().add(`${alias}.customer_no = ANY(?)`, customers).add(`${alias}.merchant_no = ANY(?)`, scope.merchants);
  if (merchants) where.add(`${alias}.merchant_no = ANY(?)`, merchants);
  return where;
}

/** Role 6 (or a WxAli screen asking for it) sees the ALIPAY and WECHAT wallets only. */
async function walletsOnly(context: AuthedContext, menus: { all: string }, asked: boolean | undefined) {
  return asked === true || !(await context.menus()).includes(menus.all);
}

const dayOf = (timestamp: string) => timestamp.slice(0, 10);

// ---------------------------------------------------------------- settlement files

const FILE_SORTS = {
  settledate: 'f.settledate',
  merchant_no: 'f.merchant_no',
  payment_type: 'f.payment_type',
  batch_no: 'f.batch_no',
  file_name: 'f.file_name',
  total_count: 'f.total_count',
  total_volume: 'f.total_volume',
  mdr_fee: 'f.mdr_fee',
} as const;

const FILE_COLUMNS = `f.file_id, f.file_name, to_char(f.settledate, 'YYYYMMDD') AS settledate, f.merchant_no, m.business_name, m.business_cname, m.business_cname_hans,
  f.payment_type, f.batch_no, f.total_count, f.total_volume, f.mdr_fee, (f.total_volume - f.mdr_fee)::numeric(18,2) AS net_amount`;

const fileListInput = z.object({
  ...paging,
  sort: z.enum(Object.keys(FILE_SORTS) as [keyof typeof FILE_SORTS]).default('settledate'),
  userid: wholeNumber(1).optional(),
  customer_no: optionalText(30),
  settleDateFrom: timestamp14.optional(),
  settleDateTo: timestamp14.optional(),
  merchant_no: optionalText(30),
  payment_type: z.enum(PAYMENT_TYPES).optional(),
  batch_no: optionalText(30),
  walletsOnly: flag.optional(),
});

async function fileWhere(context: AuthedContext, input: { customer_no?: string; walletsOnly?: boolean }, merchants: string[] | null = null) {
  const where = await scoped(context, 'f', input.customer_no, merchants);
  if (await walletsOnly(context, FILE_MENUS, input.walletsOnly)) where.add('f.payment_type = ANY(?)', [...WALLETS]);
  return where;
}

const fileList = withPartnerVariant({
  method: 'GET',
  path: '/api/Settlement/GetSettleFileList',
  menus: [FILE_MENUS.all, FILE_MENUS.wallets],
  input: fileListInput,
  async handle(context, input) {
    checkUserId(context, input.userid);
    const span = timeSpan(context, input.settleDateFrom, input.settleDateTo, SETTLEMENT_DAYS);
    const where = (await fileWhere(context, input)).add('f.settledate BETWEEN ?::date AND ?::date', dayOf(span.start), dayOf(span.end));
    if (input.merchant_no) where.add('f.merchant_no = ?', input.merchant_no);
    if (input.payment_type) where.add('f.payment_type = ?', input.payment_type);
    if (input.batch_no) where.add('f.batch_no = ?', input.batch_no);
    const [totals] = await context.db.query<{ total: number; count: number; volume: string; fee: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(f.total_count), 0)::int AS count, coalesce(sum(f.total_volume), 0)::numeric(18,2) AS volume,
              coalesce(sum(f.mdr_fee), 0)::numeric(18,2) AS fee
         FROM settlement_files f WHERE ${where.sql}`,
      where.params,
    );
    const total = totals?.total ?? 0;
    const order = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT ${FILE_COLUMNS} FROM settlement_files f JOIN merchants m ON m.merchant_no = f.merchant_no WHERE ${where.sql}
        ORDER BY ${FILE_SORTS[input.sort]} ${order}, f.file_id ${order} LIMIT ${input.limit} OFFSET ${offset}`,
      where.params,
    );
    return {
      data,
      totalCount: totals?.count ?? 0,
      totalVolume: totals?.volume ?? '0.00',
      totalMdrFee: totals?.fee ?? '0.00',
      ...pageOf(total, input.limit, input.page),
      resulttext: total === 0 ? 'No data' : 'Success',
    };
  },
});

/** One file of the caller's scope (404 otherwise, the same answer whether it exists or not). */
async function visibleFile(context: AuthedContext, input: { file_id: string; merchant_no: string[] | null; walletsOnly?: boolean }) {
  const where = (await fileWhere(context, input, input.merchant_no)).add('f.file_id = ?', input.file_id);
  const [file] = await context.db.query<Record<string, unknown>>(
    `SELECT ${FILE_COLUMNS} FROM settlement_files f JOIN merchants m ON m.merchant_no = f.merchant_no WHERE ${where.sql}`,
    where.params,
  );
  if (!file) throw notFound('No such settlement file');
  return file;
}

const fileDetail = withPartnerVariant({
  method: 'POST',
  path: '/api/Settlement/GetSettleFileDetail',
  menus: [FILE_MENUS.all, FILE_MENUS.wallets],
  input: z.object({ ...paging, userid: wholeNumber(1).optional(), file_id: z.string().min(1).max(80), merchant_no: merchantIds, walletsOnly: flag.optional() }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const file = await visibleFile(context, input);
    const order = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(Number(file.total_count), input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT ${TRANSACTION_COLUMNS}, ${storeNames('transactions')} FROM transactions WHERE settle_file_id = $1
        ORDER BY id ${order} LIMIT ${input.limit} OFFSET ${offset}`,
      [input.file_id],
    );
    return { file, data, ...pageOf(Number(file.total_count), input.limit, input.page) };
  },
});

/** One download call answers at most this many rows; the next continues after the last id. */
const FILE_EXPORT_LIMIT = 5000;

const fileExport = withPartnerVariant({
  method: 'GET',
  path: '/api/Settlement/ExportSettleFileDetail',
  menus: [FILE_MENUS.all, FILE_MENUS.wallets],
  input: z.object({
    userid: wholeNumber(1).optional(),
    file_id: z.string().min(1).max(80),
    merchant_no: merchantIds,
    walletsOnly: flag.optional(),
    after: wholeNumber(0).optional(),
    limit: wholeNumber(1, FILE_EXPORT_LIMIT).default(FILE_EXPORT_LIMIT),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const file = await visibleFile(context, input);
    // Keyset on the (settle_file_id, id) index: a large file streams without OFFSET.
    const rows = await context.db.query<Record<string, unknown> & { id: number }>(
      `SELECT ${TRANSACTION_COLUMNS}, ${storeNames('transactions')} FROM transactions WHERE settle_file_id = $1 AND id > $2 ORDER BY id LIMIT ${input.limit + 1}`,
      [input.file_id, input.after ?? 0],
    );
    const data = rows.slice(0, input.limit);
    return { file, data, next: rows.length > input.limit ? Number(data.at(-1)?.id) : null };
  },
});

// ---------------------------------------------------------------- remittances

const REMIT_SORTS = {
  reconciliation_date: 'r.reconciliation_date',
  merchant_no: 'r.merchant_no',
  wallet: 'r.wallet',
  receivable_amount: 'r.receivable_amount',
  fee: 'r.fee',
  real_remit_amount: 'r.real_remit_amount',
  not_remit_amount: 'r.not_remit_amount',
  remit_status: 'r.remit_status',
} as const;

const REMIT_COLUMNS = `r.id, to_char(r.reconciliation_date, 'YYYYMMDD') AS reconciliation_date, r.merchant_no, m.business_name, m.business_cname,
  m.business_cname_hans, r.wallet, r.receivable_amount, r.fee, r.rate, ${bankNames('k', 'r.bank_name')}, r.account_no, r.account_name, r.swift_code, r.remit_order_type,
  r.merge_remit, r.real_remit_amount, r.not_remit_amount, r.remit_status,
  (SELECT count(*)::int FROM remittances c WHERE c.merged_into = r.id) AS member_count`;

/** A remittance with its merchant and its bank (named from the banks table, as everywhere). */
const REMIT_FROM = 'remittances r JOIN merchants m ON m.merchant_no = r.merchant_no LEFT JOIN banks k ON k.bic8 = left(r.swift_code, 8)';

const remitListInput = z.object({
  ...paging,
  sort: z.enum(Object.keys(REMIT_SORTS) as [keyof typeof REMIT_SORTS]).default('reconciliation_date'),
  userid: wholeNumber(1).optional(),
  customer_no: optionalText(30),
  reconDateFrom: timestamp14.optional(),
  reconDateTo: timestamp14.optional(),
  merchant_no: optionalText(30),
  wallet: z.enum(REMIT_WALLETS).optional(),
  remit_order_type: z.string().regex(/^\d{2}$/).optional(),
  remitStatus: z.enum(REMIT_STATUSES).optional(),
  walletsOnly: flag.optional(),
});

async function remitWhere(context: AuthedContext, input: { customer_no?: string; walletsOnly?: boolean }, merchants: string[] | null = null) {
  const where = await scoped(context, 'r', input.customer_no, merchants);
  if (await walletsOnly(context, REMIT_MENUS, input.walletsOnly)) where.add('r.wallet = ANY(?)', [...WALLETS]);
  return where;
}

const remitList = withPartnerVariant({
  method: 'GET',
  path: '/api/Settlement/GetRemitList',
  menus: [REMIT_MENUS.all, REMIT_MENUS.wallets],
  input: remitListInput,
  async handle(context, input) {
    checkUserId(context, input.userid);
    const span = timeSpan(context, input.reconDateFrom, input.reconDateTo, SETTLEMENT_DAYS);
    // Members of a merged remittance are listed under it (details), never beside it.
    const where = (await remitWhere(context, input))
      .add('r.merged_into IS NULL')
      .add('r.reconciliation_date BETWEEN ?::date AND ?::date', dayOf(span.start), dayOf(span.end));
    if (input.merchant_no) where.add('r.merchant_no = ?', input.merchant_no);
    if (input.wallet) where.add('r.wallet = ?', input.wallet);
    // 00 normal and 10 split by their code; any other code is a supplementary remittance.
    if (input.remit_order_type) where.add('r.remit_order_type = ?', input.remit_order_type);
    if (input.remitStatus) where.add('r.remit_status = ?', input.remitStatus);
    const [totals] = await context.db.query<{ total: number; receivable: string; fee: string; remitted: string; notRemitted: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(r.receivable_amount), 0)::numeric(18,2) AS receivable, coalesce(sum(r.fee), 0)::numeric(18,2) AS fee,
              coalesce(sum(r.real_remit_amount), 0)::numeric(18,2) AS remitted, coalesce(sum(r.not_remit_amount), 0)::numeric(18,2) AS "notRemitted"
         FROM remittances r WHERE ${where.sql}`,
      where.params,
    );
    const total = totals?.total ?? 0;
    const order = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT ${REMIT_COLUMNS} FROM ${REMIT_FROM} WHERE ${where.sql}
        ORDER BY ${REMIT_SORTS[input.sort]} ${order}, r.id ${order} LIMIT ${input.limit} OFFSET ${offset}`,
      where.params,
    );
    return {
      data,
      totalReceivable: totals?.receivable ?? '0.00',
      totalFee: totals?.fee ?? '0.00',
      totalRemitted: totals?.remitted ?? '0.00',
      totalNotRemitted: totals?.notRemitted ?? '0.00',
      ...pageOf(total, input.limit, input.page),
      resulttext: total === 0 ? 'No data' : 'Success',
    };
  },
});

const remitDetail = withPartnerVariant({
  method: 'POST',
  path: '/api/Settlement/GetRemitDetail',
  menus: [REMIT_MENUS.all, REMIT_MENUS.wallets],
  input: z.object({ userid: wholeNumber(1).optional(), id: wholeNumber(1), merchant_no: merchantIds, walletsOnly: flag.optional() }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const where = (await remitWhere(context, input, input.merchant_no)).add('r.id = ?', input.id);
    const [remittance] = await context.db.query(
      `SELECT ${REMIT_COLUMNS} FROM ${REMIT_FROM} WHERE ${where.sql}`,
      where.params,
    );
    if (!remittance) throw notFound('No such remittance');
    const members = await context.db.query(
      `SELECT ${REMIT_COLUMNS} FROM ${REMIT_FROM} WHERE r.merged_into = $1 ORDER BY r.reconciliation_date, r.id`,
      [input.id],
    );
    // The files it pays: its own, or its members'.
    const files = await context.db.query(
      `SELECT ${FILE_COLUMNS} FROM settlement_files f JOIN merchants m ON m.merchant_no = f.merchant_no
        WHERE f.remittance_id = $1 OR f.remittance_id IN (SELECT id FROM remittances WHERE merged_into = $1)
        ORDER BY f.settledate, f.payment_type`,
      [input.id],
    );
    return { remittance, members, files };
  },
});

export const SETTLEMENT_ENDPOINTS: Endpoint[] = [...fileList, ...fileDetail, ...fileExport, ...remitList, ...remitDetail];

export { FILE_EXPORT_LIMIT, SETTLEMENT_DAYS };
