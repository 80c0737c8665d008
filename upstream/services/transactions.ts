import { z } from 'zod';
import { DEFAULT_TRANS_TYPES, PAYMENT_TYPES, SUMMARY_CATEGORIES, TRANSACTION_TYPES } from '../../lib/domain/transaction-types';
import { authedCall, type AuthedContext, type AuthedEndpoint, type Endpoint } from '../http/endpoint';
import { ServiceError } from '../http/errors';
import { RowStream } from '../http/ndjson';
import { amount, optionalText, pageOf, pageOffset, paging, timestamp14, wholeNumber } from '../http/inputs';
import { addDays, toCompactDay, toIsoDay, wallClock, type CalendarDay } from '../../lib/format/date';
import { SUMMED_NET, summedTransactions, type Span, type TransactionFilters } from './daily-summary';
import { storeNames } from './names';
import { checkUserId, customersIn, timeSpan } from './scope-checks';

/** Partner users call the same dashboard and transaction calls with this suffix (spec section 6). */
export const PARTNER_SUFFIX = '_20230314';

/** One definition, two endpoints: the plain call for customers and the _20230314 call for partners. */
export function withPartnerVariant<S extends z.ZodType>(endpoint: Omit<AuthedEndpoint<S>, 'rank' | 'auth'>): AuthedEndpoint[] {
  const call = authedCall(endpoint);
  return [
    { ...call, rank: 'CUSTOMER' },
    { ...call, rank: 'PARTNER', path: `${call.path}${PARTNER_SUFFIX}` },
  ];
}

const transTypeList = z
  .union([z.string().max(200), z.array(z.string().max(4)).max(20)])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((t) => t.trim()).filter(Boolean))
  .pipe(z.array(z.enum(Object.keys(TRANSACTION_TYPES) as [keyof typeof TRANSACTION_TYPES])));

const SORTS = {
  gmt_payment: 'gmt_payment',
  trans_amount: 'trans_amount',
  merchant_no: 'merchant_no',
  store_code: 'store_code',
  terminal_no: 'terminal_no',
  order_no: 'order_no',
  payment_type: 'payment_type',
  trans_type: 'trans_type',
} as const;

const realtimeInput = z.object({
  ...paging,
  sort: z.enum(Object.keys(SORTS) as [keyof typeof SORTS]).default('gmt_payment'),
  userid: wholeNumber(1).optional(),
  customer_no: optionalText(30),
  gmtPaymentFrom: timestamp14.optional(),
  gmtPaymentTo: timestamp14.optional(),
  merchant_no: optionalText(30),
  storeCode: optionalText(30),
  terminal: optionalText(30),
  payment_type: z.enum(PAYMENT_TYPES).optional(),
  amountFrom: amount.optional(),
  amountTo: amount.optional(),
  alipayOrder: optionalText(64),
  eftNo: optionalText(64),
  rrn: optionalText(64),
  transType: transTypeList.optional(),
});

type RealtimeInput = z.infer<typeof realtimeInput>;

/**
 * The conditions of a transaction query except its span, always within the caller's scope, on
 * columns the rows and the daily summary share unless an amount or an exact key is given.
 */
export async function transactionFilters(context: AuthedContext, input: Partial<RealtimeInput>): Promise<TransactionFilters> {
  const scope = await context.scope();
  const customers = await customersIn(context, input.customer_no);
  // One customer (every customer user) is compared as a value, so PostgreSQL reads the
  // (customer_no, gmt_payment, id) index in order instead of sorting the whole span for each page.
  const single = customers.length === 1;
  const params: unknown[] = [single ? customers[0] : customers, scope.merchants];
  const clauses = [single ? 'customer_no = $1' : 'customer_no = ANY($1)', 'merchant_no = ANY($2)'];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replace('?', `$${params.length}`));
  };
  if (input.merchant_no) add('merchant_no = ?', input.merchant_no);
  if (input.storeCode) add('store_code = ?', input.storeCode);
  if (input.terminal) add('terminal_no = ?', input.terminal);
  if (input.payment_type) add('payment_type = ?', input.payment_type);
  add('trans_type = ANY(?)', input.transType?.length ? input.transType : DEFAULT_TRANS_TYPES);
  const rowsOnly = clauses.length;
  if (input.amountFrom) add('trans_amount >= ?::numeric', input.amountFrom);
  if (input.amountTo) add('trans_amount <= ?::numeric', input.amountTo);
  if (input.alipayOrder) add('order_no = ?', input.alipayOrder);
  if (input.eftNo) add('out_trade_no = ?', input.eftNo);
  if (input.rrn) add('refno = ?', input.rrn);
  return { clauses, params, rowsOnly: clauses.length > rowsOnly };
}

/** WHERE clause and parameters for a query of the rows of the filters within the span. */
export function rowsWhere({ clauses, params }: TransactionFilters, span: Span) {
  const all = [...params, span.start, span.end];
  return { where: [...clauses, `gmt_payment BETWEEN $${all.length - 1} AND $${all.length}`].join(' AND '), params: all };
}

/** WHERE clause and parameters for a transaction query of the rows, within the span. */
export async function transactionWhere(context: AuthedContext, input: Partial<RealtimeInput>, span: Span) {
  return rowsWhere(await transactionFilters(context, input), span);
}

/** The columns of the Transaction entity (spec section 3), times as 14-digit text. */
export const TRANSACTION_COLUMNS = `id, customer_no, merchant_no, store_code, store_name, terminal_no, order_no, trans_amount, trans_type,
  category, trade_status, resp_code, payment_type, payment_inst, trans_currency, trade_no, remark, trans_date,
  to_char(gmt_payment, 'YYYYMMDDHH24MISS') AS gmt_payment, traceno, invoice_no AS "invoiceNo", refno, out_trade_no, subject,
  sett_currency, coalesce(to_char(settledate, 'YYYYMMDD'), '') AS settledate, exchange_rate, orgtransamount, orgtrans_currency,
  fixed_cost AS "fixedCost", late_fee AS "latePresentmentFee", late_rate AS "latePresentmentRate", mdr_fee`;

/**
 * The rules of the realtime query's span, shared by the list and its export: `userid` is the
 * caller's, role 5 must give an exact key, an exact key finds the transaction whatever its day,
 * otherwise the span applies (default today, at most 366 days).
 */
function realtimeSpan(context: AuthedContext, input: Partial<RealtimeInput>): Span {
  checkUserId(context, input.userid);
  const exactKeys = [input.alipayOrder, input.eftNo, input.rrn].filter(Boolean);
  if (context.principal.singleSearchOnly && exactKeys.length === 0) {
    throw new ServiceError(403, 'SINGLE_SEARCH_ONLY', 'This role may search single transactions only: give an order, EFT or RRN number');
  }
  return exactKeys.length ? { start: '1900-01-01 00:00:00', end: '9999-12-31 23:59:59' } : timeSpan(context, input.gmtPaymentFrom, input.gmtPaymentTo, 1);
}

/**
 * Where a page in payment-time order starts, without OFFSET over every row before it: the daily
 * counts tell on which day the page's first row lies, so the rows query starts at that day's
 * edge and skips only the rows of that day before the page. The page and limit stay the spec's.
 */
async function pageStart(context: AuthedContext, filters: TransactionFilters, span: Span, order: 'ASC' | 'DESC', offset: number) {
  const summed = summedTransactions(filters, span);
  const days = await context.db.query<{ day: string; count: number }>(
    `SELECT day, sum(count)::int AS count FROM (${summed.sql}) summed GROUP BY day ORDER BY day ${order}`,
    summed.params,
  );
  let before = 0;
  for (const { day, count } of days) {
    if (before + count > offset) {
      // Every row of the days already passed sorts before this day's rows, whatever their ids.
      const narrowed = order === 'DESC' ? { start: span.start, end: minText(span.end, `${day} 23:59:59`) } : { start: maxText(span.start, `${day} 00:00:00`), end: span.end };
      return { span: narrowed, offset: offset - before };
    }
    before += count;
  }
  return { span, offset };
}

const minText = (a: string, b: string) => (a < b ? a : b);
const maxText = (a: string, b: string) => (a > b ? a : b);

const realtime = withPartnerVariant({
  method: 'GET',
  path: '/api/Transaction/AsyncGetTransRealtime',
  menus: ['transactions'],
  input: realtimeInput,
  async handle(context, input) {
    const span = realtimeSpan(context, input);
    const filters = await transactionFilters(context, input);
    const summed = summedTransactions(filters, span);
    // Summed per category first: two sums per row of the span instead of eight filtered ones.
    const [summary] = await context.db.query<Record<string, string | number>>(
      `SELECT coalesce(sum(count), 0)::int AS total, ${SUMMED_NET} AS net,
              ${SUMMARY_CATEGORIES.map((c) => `coalesce(sum(count) FILTER (WHERE category = '${c}'), 0)::int AS "${c}_count", coalesce(sum(amount) FILTER (WHERE category = '${c}'), 0)::numeric(18,2) AS "${c}_amount"`).join(',\n')}
         FROM (SELECT category, sum(count) AS count, sum(amount) AS amount FROM (${summed.sql}) summed GROUP BY category) by_category`,
      summed.params,
    );
    const total = Number(summary?.total ?? 0);
    const limit = context.principal.singleSearchOnly ? 1 : input.ispaging === false ? 1000 : input.limit;
    const order = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(total, limit, input.page);
    const rows = async (offset: number) => {
      const start = input.sort === 'gmt_payment' && !filters.rowsOnly && offset > 0 ? await pageStart(context, filters, span, order, offset) : { span, offset };
      const { where, params } = rowsWhere(filters, start.span);
      // The sort names the table's column (t.), not the output column of the same name: unqualified,
      // ORDER BY gmt_payment sorted the 14-digit text of every row in the span instead of reading the index.
      return context.db.query(
        `SELECT ${TRANSACTION_COLUMNS}, ${storeNames('t')} FROM transactions t WHERE ${where}
          ORDER BY t.${SORTS[input.sort]} ${order}, t.id ${order} LIMIT ${limit} OFFSET ${start.offset}`,
        params,
      );
    };
    // A page past the last row is empty: answered without the rows query.
    const data = offset === null ? [] : await rows(offset);
    const breakdown = SUMMARY_CATEGORIES.map((name) => ({ name, count: Number(summary?.[`${name}_count`] ?? 0), amount: String(summary?.[`${name}_amount`] ?? '0.00') }));
    return {
      data,
      totalAmount: String(summary?.net ?? '0.00'),
      ...pageOf(total, limit, input.page),
      resulttext: total === 0 ? 'No data' : 'Success',
      summary: breakdown,
    };
  },
});

/** How a sort column's last value is compared again in SQL when the next page is read (exact text, never floats). */
const SORT_CASTS: Record<keyof typeof SORTS, string> = {
  gmt_payment: 'timestamp',
  trans_amount: 'numeric',
  merchant_no: 'text',
  store_code: 'text',
  terminal_no: 'text',
  order_no: 'text',
  payment_type: 'text',
  trans_type: 'text',
};

/** The fields a file may ask for, each as text: amounts exact, times as 14 digits, a missing date empty. */
const EXPORT_FIELDS = {
  gmt_payment: "to_char(t.gmt_payment, 'YYYYMMDDHH24MISS')",
  trans_amount: 't.trans_amount::text',
  mdr_fee: 't.mdr_fee::text',
  category: 't.category',
  merchant_no: 't.merchant_no',
  store_code: 't.store_code',
  store_name: 't.store_name',
  // The store's Chinese names, for a file in Chinese (the row keeps the English one).
  store_cname: '(SELECT s.store_cname FROM stores s WHERE s.store_code = t.store_code)',
  store_cname_hans: '(SELECT s.store_cname_hans FROM stores s WHERE s.store_code = t.store_code)',
  terminal_no: 't.terminal_no',
  order_no: 't.order_no',
  payment_type: 't.payment_type',
  trans_type: 't.trans_type',
  trade_status: 't.trade_status',
  refno: 't.refno',
  out_trade_no: 't.out_trade_no',
  traceno: 't.traceno',
  settledate: "coalesce(to_char(t.settledate, 'YYYYMMDD'), '')",
} as const;
type ExportField = keyof typeof EXPORT_FIELDS;

const exportColumns = z
  .union([z.string().max(400), z.array(z.string().max(30)).max(40)])
  .transform((value) => [...new Set((Array.isArray(value) ? value : value.split(',')).map((f) => f.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(Object.keys(EXPORT_FIELDS) as [ExportField])).min(1));

const exportInput = realtimeInput.omit({ limit: true, page: true, ispaging: true }).extend({
  columns: exportColumns,
  /** At most this many rows (an xlsx worksheet's limit, say); all of the view without it. */
  limit: wholeNumber(1).optional(),
});

/**
 * The realtime query's rows for a file, as one streamed answer (NDJSON: the columns asked for,
 * one array of text per row, then the number of rows sent). The services read the rows a page at
 * a time without OFFSET (a year can hold a million rows, and OFFSET reads every skipped row
 * again): keyset pagination in the view's sort and direction, then id, compared as a row tuple,
 * which PGlite and PostgreSQL both read. A page is read only when the reader has taken the
 * previous one, and none once it went away.
 */
const exportRows = withPartnerVariant({
  method: 'GET',
  path: '/api/Transaction/ExportTransRealtime',
  menus: ['transactions'],
  input: exportInput,
  async handle(context, input) {
    const { where, params } = await transactionWhere(context, input, realtimeSpan(context, input));
    const order = input.order === 'asc' ? 'ASC' : 'DESC';
    const column = `t.${SORTS[input.sort]}`;
    const fields = input.columns.map((field) => `${EXPORT_FIELDS[field]} AS "${field}"`).join(', ');
    // Role 5 gets one row here too, as from the list.
    let remaining = context.principal.singleSearchOnly ? 1 : (input.limit ?? Infinity);
    let last: { value: string; id: number } | undefined;
    return new RowStream(input.columns, async () => {
      if (remaining <= 0) return [];
      const limit = Math.min(context.config.exportPageRows, remaining);
      const keyset = last ? ` AND (${column}, t.id) ${order === 'ASC' ? '>' : '<'} ($${params.length + 1}::${SORT_CASTS[input.sort]}, $${params.length + 2}::bigint)` : '';
      const rows = await context.db.query<Record<string, unknown>>(
        `SELECT ${fields}, t.id AS export_id, ${column}::text AS export_after FROM transactions t WHERE ${where}${keyset}
          ORDER BY ${column} ${order}, t.id ${order} LIMIT ${limit}`,
        last ? [...params, last.value, last.id] : params,
      );
      // A short page is the last one: no empty query at the end.
      remaining = rows.length < limit ? 0 : remaining - rows.length;
      const end = rows.at(-1);
      if (end) last = { value: String(end.export_after), id: Number(end.export_id) };
      return rows.map((row) => input.columns.map((field) => row[field]));
    });
  },
});

const dashboardInput = z.object({
  userid: wholeNumber(1).optional(),
  customer_no: optionalText(30),
  gmtPaymentFrom: timestamp14.optional(),
  gmtPaymentTo: timestamp14.optional(),
});
type DashboardInput = z.infer<typeof dashboardInput>;

/** Dashboard figures default to the last seven days including today. */
const DASHBOARD_DAYS = 7;

/** The summed transactions of a dashboard call's span (default the last seven days). */
async function dashboardSummed(context: AuthedContext, input: DashboardInput) {
  checkUserId(context, input.userid);
  const span = timeSpan(context, input.gmtPaymentFrom, input.gmtPaymentTo, DASHBOARD_DAYS);
  return summedTransactions(await transactionFilters(context, { customer_no: input.customer_no }), span);
}

const dashboardCall = (path: string, handle: (context: AuthedContext, input: DashboardInput) => Promise<unknown>) =>
  withPartnerVariant({ method: 'GET', path, menus: ['dashboard'], input: dashboardInput, handle });

const allCountAndAmount = dashboardCall('/api/MerchantInfo/GetMerchantAllcountAndAmount', async (context, input) => {
  const { sql, params } = await dashboardSummed(context, input);
  const [row] = await context.db.query<{ allCount: number; allAmount: string }>(
    `SELECT coalesce(sum(count) FILTER (WHERE category <> 'OTHER'), 0)::int AS "allCount", ${SUMMED_NET} AS "allAmount" FROM (${sql}) summed`,
    params,
  );
  return { allCount: row?.allCount ?? 0, allAmount: row?.allAmount ?? '0.00' };
});

const paymentTypes = dashboardCall('/api/Transaction/GetTransPaymentType', async (context, input) => {
  const { sql, params } = await dashboardSummed(context, input);
  return context.db.query(
    `SELECT payment_type, sum(count)::int AS count, ${SUMMED_NET} AS amount FROM (${sql}) summed WHERE category <> 'OTHER'
      GROUP BY payment_type ORDER BY amount DESC, payment_type`,
    params,
  );
});

const transTypePie = dashboardCall('/api/MerchantInfo/GetPieTransTypeCount', async (context, input) => {
  const { sql, params } = await dashboardSummed(context, input);
  const rows = await context.db.query<{ name: string; count: number; amount: string }>(
    `SELECT category AS name, sum(count)::int AS count, coalesce(sum(amount), 0)::numeric(18,2) AS amount
       FROM (${sql}) summed WHERE category <> 'OTHER' GROUP BY category`,
    params,
  );
  return SUMMARY_CATEGORIES.map((name) => rows.find((r) => r.name === name) ?? { name, count: 0, amount: '0.00' });
});

const topStores = dashboardCall('/api/MerchantInfo/GetMerchantTopFiveStores', async (context, input) => {
  const { sql, params } = await dashboardSummed(context, input);
  return context.db.query(
    `SELECT top.*, ${storeNames('top')} FROM (
       SELECT store_code, max(store_name) AS store_name, max(merchant_no) AS merchant_no, sum(count)::int AS count, ${SUMMED_NET} AS amount
         FROM (${sql}) summed WHERE category <> 'OTHER'
        GROUP BY store_code ORDER BY amount DESC, store_code LIMIT 5) top
      ORDER BY top.amount DESC, top.store_code`,
    params,
  );
});

/**
 * The seven-day curve compares whole days: the last seven days before today against the seven before
 * them. Today is still filling up: a week ending with today, read just after midnight, ended with a
 * few minutes of takings and showed a fall of 44 % that was only the clock. Today so far comes on its
 * own, with the time it runs to, so that the dashboard can show it beside the comparison.
 */
const curve = dashboardCall('/api/MerchantInfo/GetCurveChartSevenDays', async (context, input) => {
  checkUserId(context, input.userid);
  const now = wallClock(context.clock.now());
  const days = Array.from({ length: 14 }, (_, i) => addDays(now.day, i - 14));
  const filters = await transactionFilters(context, { customer_no: input.customer_no });
  const perDay = async (span: { start: string; end: string }) => {
    const { sql, params } = summedTransactions(filters, span);
    return context.db.query<{ day: string; count: number; amount: string }>(
      `SELECT to_char(day, 'YYYYMMDD') AS day, coalesce(sum(count) FILTER (WHERE category <> 'OTHER'), 0)::int AS count, ${SUMMED_NET} AS amount
         FROM (${sql}) summed GROUP BY 1`,
      params,
    );
  };
  const [whole, sofar] = await Promise.all([
    perDay({ start: `${toIsoDay(days[0] as CalendarDay)} 00:00:00`, end: `${toIsoDay(days[13] as CalendarDay)} 23:59:59` }),
    perDay({ start: `${toIsoDay(now.day)} 00:00:00`, end: now.time }),
  ]);
  const figure = (rows: typeof whole, day: string) => rows.find((row) => row.day === day) ?? { day, count: 0, amount: '0.00' };
  const series = days.map((day) => figure(whole, toCompactDay(day)));
  return { previous: series.slice(0, 7), current: series.slice(7), today: { ...figure(sofar, toCompactDay(now.day)), until: now.time.slice(11) } };
});

const terminalAndStoreCount = dashboardCall('/api/MerchantInfo/GetMerchantTerAndStoCount', async (context, input) => {
  checkUserId(context, input.userid);
  const customers = await customersIn(context, input.customer_no);
  const { merchants } = await context.scope();
  const { principal } = context;
  type Names = { customer_cname: string; customer_cname_hans: string | null; customer_name: string };
  const [names] =
    principal.rank === 'PARTNER' && !input.customer_no
      ? await context.db.query<Names>('SELECT cname AS customer_cname, cname_hans AS customer_cname_hans, name AS customer_name FROM partners WHERE partner_no = $1', [principal.typeNo])
      : await context.db.query<Names>('SELECT customer_cname, customer_cname_hans, customer_name FROM customers WHERE customer_no = ANY($1) ORDER BY customer_no LIMIT 1', [customers]);
  const [counts] = await context.db.query<{ merchant_count: number; store_count: number; terminal_count: number }>(
    `SELECT count(DISTINCT m.merchant_no)::int AS merchant_count, count(DISTINCT s.store_code)::int AS store_count, count(DISTINCT t.terminal_no)::int AS terminal_count
       FROM merchants m LEFT JOIN stores s ON s.merchant_no = m.merchant_no LEFT JOIN terminals t ON t.store_code = s.store_code
      WHERE m.customer_no = ANY($1) AND m.merchant_no = ANY($2)`,
    [customers, merchants],
  );
  return { customer_cname: names?.customer_cname ?? '', customer_cname_hans: names?.customer_cname_hans ?? null, customer_name: names?.customer_name ?? '', ...counts };
});

export const TRANSACTION_ENDPOINTS: Endpoint[] = [
  ...realtime, ...exportRows, ...allCountAndAmount, ...paymentTypes, ...transTypePie, ...topStores, ...curve, ...terminalAndStoreCount,
];

export { DASHBOARD_DAYS, realtimeInput };
