import { z } from 'zod';
import { addDays, toIsoDay, wallClock, type CalendarDay } from '../../lib/format/date';
import { TIP_KINDS, TIP_RULES, type TipKind } from '../../lib/tips/rules';
import type { AuthedContext, Endpoint } from '../http/endpoint';
import { optionalText, wholeNumber } from '../http/inputs';
import { SUMMED_NET, summedTransactions, type Span, type TransactionFilters } from './daily-summary';
import { storeNames } from './names';
import { checkUserId } from './scope-checks';
import { rowsWhere, transactionFilters, withPartnerVariant } from './transactions';

/**
 * Transaction Smart Tips (issue 15): what the merchant's own transactions say, each tip with the
 * figures behind it and the realtime query that shows them. Computed by SQL from the rows and the
 * daily summary within the caller's scope (the realtime call's own filters, so the list a tip links
 * to counts the same transactions); the thresholds are lib/tips/rules.ts.
 */
const tipsInput = z.object({
  userid: wholeNumber(1).optional(),
  /** A partner narrows the tips to one of its customers; without it they cover all its customers. */
  customer_no: optionalText(30),
});

/** The realtime list's filters that show a tip: whole days, and the subject's keys. */
interface TipFilters {
  from: string;
  to: string;
  merchant_no?: string;
  storeCode?: string;
  terminal?: string;
  payment_type?: string;
}

interface Tip {
  kind: TipKind;
  subject: Record<string, string | number>;
  figures: Record<string, string | number>;
  filters: TipFilters;
}

const wholeDays = (from: string, to: string): Span => ({ start: `${from} 00:00:00`, end: `${to} 23:59:59` });

/** A query on summed transactions with more parameters after the derived table's own. */
function withParams(summed: { sql: string; params: unknown[] }, ...values: unknown[]) {
  const params = [...summed.params, ...values];
  const first = summed.params.length + 1;
  return { sql: summed.sql, params, p: (i: number) => `$${first + i}` };
}

async function busiest(context: AuthedContext, filters: TransactionFilters, from: string, to: string): Promise<Tip[]> {
  const link = { from, to };
  // The hour is not in the daily summary: the rows answer it, 28 days of one scope.
  const rows = rowsWhere(filters, wholeDays(from, to));
  const hours = await context.db.query<{ hour: number; count: number; amount: string; share: string }>(
    `SELECT extract(hour FROM gmt_payment)::int AS hour, count(*)::int AS count, sum(trans_amount)::numeric(18,2)::text AS amount,
            round(100.0 * count(*) / sum(count(*)) OVER (), 1)::text AS share
       FROM transactions t WHERE ${rows.where} AND category = 'SALE'
      GROUP BY 1 ORDER BY count DESC, sum(trans_amount) DESC, hour LIMIT ${TIP_RULES.busiestHours}`,
    rows.params,
  );
  const summed = summedTransactions(filters, wholeDays(from, to));
  const weekdays = await context.db.query<{ weekday: number; count: number; amount: string; share: string }>(
    `SELECT extract(isodow FROM day)::int AS weekday, sum(count)::int AS count, sum(amount)::numeric(18,2)::text AS amount,
            round(100.0 * sum(count) / sum(sum(count)) OVER (), 1)::text AS share
       FROM (${summed.sql}) s WHERE category = 'SALE'
      GROUP BY 1 ORDER BY count DESC, sum(amount) DESC, weekday LIMIT ${TIP_RULES.busiestWeekdays}`,
    summed.params,
  );
  return [
    ...hours.map(({ hour, ...figures }) => ({ kind: 'BUSY_HOUR' as const, subject: { hour }, figures, filters: link })),
    ...weekdays.map(({ weekday, ...figures }) => ({ kind: 'BUSY_WEEKDAY' as const, subject: { weekday }, figures, filters: link })),
  ];
}

async function paymentMix(context: AuthedContext, filters: TransactionFilters, baselineFrom: string, recentFrom: string, today: string): Promise<Tip[]> {
  const q = withParams(summedTransactions(filters, wholeDays(baselineFrom, today)), recentFrom, TIP_RULES.minSales, TIP_RULES.mixPoints);
  const change = '(100.0 * recent / recent_total - 100.0 * before / before_total)';
  const rows = await context.db.query<{ payment_type: string; recentCount: number; recentTotal: number; recentShare: string; baselineCount: number; baselineTotal: number; baselineShare: string; change: string }>(
    `WITH by_type AS (
       SELECT payment_type, coalesce(sum(count) FILTER (WHERE day >= ${q.p(0)}::date), 0) AS recent,
              coalesce(sum(count) FILTER (WHERE day < ${q.p(0)}::date), 0) AS before
         FROM (${q.sql}) s WHERE category = 'SALE' GROUP BY payment_type),
     shares AS (SELECT *, sum(recent) OVER () AS recent_total, sum(before) OVER () AS before_total FROM by_type)
     SELECT payment_type, recent::int AS "recentCount", recent_total::int AS "recentTotal", round(100.0 * recent / recent_total, 1)::text AS "recentShare",
            before::int AS "baselineCount", before_total::int AS "baselineTotal", round(100.0 * before / before_total, 1)::text AS "baselineShare",
            round(${change}, 1)::text AS change
       FROM shares WHERE recent_total >= ${q.p(1)} AND before_total >= ${q.p(1)} AND abs(${change}) >= ${q.p(2)}::numeric
      ORDER BY abs(${change}) DESC, payment_type`,
    q.params,
  );
  return rows.map(({ payment_type, ...figures }) => ({ kind: 'PAYMENT_MIX', subject: { paymentType: payment_type }, figures, filters: { from: recentFrom, to: today, payment_type } }));
}

async function refundRate(context: AuthedContext, filters: TransactionFilters, baselineFrom: string, recentFrom: string, today: string): Promise<Tip[]> {
  const q = withParams(summedTransactions(filters, wholeDays(baselineFrom, today)), recentFrom, TIP_RULES.minSales, TIP_RULES.refundPoints);
  const rate = (w: string) => `100.0 * (${w}.voids + ${w}.refunds) / ${w}.sales`;
  const rows = await context.db.query<Record<string, string | number>>(
    `WITH windows AS (
       SELECT day >= ${q.p(0)}::date AS recent, coalesce(sum(count) FILTER (WHERE category = 'SALE'), 0) AS sales,
              coalesce(sum(count) FILTER (WHERE category = 'VOID'), 0) AS voids, coalesce(sum(count) FILTER (WHERE category = 'REFUND'), 0) AS refunds
         FROM (${q.sql}) s GROUP BY 1)
     SELECT r.sales::int AS "recentSales", r.voids::int AS "recentVoids", r.refunds::int AS "recentRefunds", round(${rate('r')}, 1)::text AS "recentRate",
            b.sales::int AS "baselineSales", b.voids::int AS "baselineVoids", b.refunds::int AS "baselineRefunds", round(${rate('b')}, 1)::text AS "baselineRate",
            round(${rate('r')} - ${rate('b')}, 1)::text AS change
       FROM windows r, windows b
      WHERE r.recent AND NOT b.recent AND r.sales >= ${q.p(1)} AND b.sales >= ${q.p(1)} AND ${rate('r')} - ${rate('b')} >= ${q.p(2)}::numeric`,
    q.params,
  );
  return rows.map((figures) => ({ kind: 'REFUND_RATE', subject: {}, figures, filters: { from: recentFrom, to: today } }));
}

interface SilentRow {
  merchant_no: string;
  store_code: string;
  store_name: string;
  store_cname: string | null;
  store_cname_hans: string | null;
  terminal_no: string | null;
  lastDay: string;
  days: number;
  baselineCount: number;
}

/** How many silent stores and terminals there are beyond the ones shown as tips. */
export type SilentMore = Record<'SILENT_STORE' | 'SILENT_TERMINAL', number>;

/**
 * Stores and terminals of active stores that had transactions in the 28 days before the silent
 * window and none since, the longest silent first, at most TIP_RULES.silentShown of each; the rest
 * counted. A silent store's terminals are that store's tip, not one tip each.
 */
async function silent(context: AuthedContext, filters: TransactionFilters, baselineFrom: string, silentFrom: string, today: string): Promise<{ tips: Tip[]; more: SilentMore }> {
  const shown = TIP_RULES.silentShown;
  const q = withParams(summedTransactions(filters, wholeDays(baselineFrom, today)), silentFrom, today, shown);
  // One pass over the span: each terminal's figures, a store silent when all its terminals are, the
  // terminals of stores still selling; only the shown few of each kind are named, the rest counted.
  const rows = await context.db.query<SilentRow & { kind: 'SILENT_STORE' | 'SILENT_TERMINAL'; total: number }>(
    `WITH terminals AS (
       SELECT merchant_no, store_code, terminal_no, max(store_name) AS store_name, max(day) AS last_day, sum(count) AS count,
              coalesce(sum(count) FILTER (WHERE day >= ${q.p(0)}::date), 0) AS recent
         FROM (${q.sql}) s WHERE store_code IN (SELECT store_code FROM stores WHERE status = 'Active')
        GROUP BY merchant_no, store_code, terminal_no),
     quiet_stores AS (
       SELECT merchant_no, store_code, NULL::text AS terminal_no, max(store_name) AS store_name, max(last_day) AS last_day, sum(count) AS count
         FROM terminals GROUP BY merchant_no, store_code HAVING sum(recent) = 0),
     quiet AS (
       SELECT 'SILENT_STORE' AS kind, * FROM quiet_stores
       UNION ALL
       SELECT 'SILENT_TERMINAL', merchant_no, store_code, terminal_no, store_name, last_day, count FROM terminals t
        WHERE recent = 0 AND NOT EXISTS (SELECT 1 FROM quiet_stores q WHERE q.store_code = t.store_code)),
     ranked AS (
       SELECT *, row_number() OVER (PARTITION BY kind ORDER BY last_day, merchant_no, store_code, terminal_no) AS rank,
              count(*) OVER (PARTITION BY kind) AS total
         FROM quiet)
     SELECT kind, merchant_no, store_code, terminal_no, store_name, ${storeNames('ranked')}, to_char(last_day, 'YYYY-MM-DD') AS "lastDay",
            (${q.p(1)}::date - last_day)::int AS days, count::int AS "baselineCount", total::int AS total
       FROM ranked WHERE rank <= ${q.p(2)} ORDER BY kind, rank`,
    q.params,
  );
  const of = (kind: TipKind) => rows.filter((row) => row.kind === kind);
  const more = (kind: TipKind) => Math.max(0, (of(kind)[0]?.total ?? 0) - shown);
  const tip = (kind: TipKind, { merchant_no, store_code, store_name, store_cname, store_cname_hans, terminal_no, lastDay, ...figures }: SilentRow): Tip => ({
    kind,
    // The store's name in every language: the portal shows the reader's.
    subject: { merchantNo: merchant_no, storeCode: store_code, storeName: store_name, storeCName: store_cname ?? '', storeCNameHans: store_cname_hans ?? '', ...(terminal_no ? { terminalNo: terminal_no } : {}) },
    figures: { lastDay, ...figures },
    // From the last day with transactions to today: the list shows the last ones and nothing after.
    filters: { from: lastDay, to: today, merchant_no, storeCode: store_code, ...(terminal_no ? { terminal: terminal_no } : {}) },
  });
  return {
    tips: [...of('SILENT_STORE'), ...of('SILENT_TERMINAL')].map(({ kind, total: _total, ...row }) => tip(kind, row)),
    more: { SILENT_STORE: more('SILENT_STORE'), SILENT_TERMINAL: more('SILENT_TERMINAL') },
  };
}

/**
 * Recent whole days far below the median of the same weekday in the weeks before: the count of
 * transactions and the net amount the realtime list shows for that day.
 */
async function lowDays(context: AuthedContext, filters: TransactionFilters, today: CalendarDay): Promise<Tip[]> {
  const weeks = TIP_RULES.lowDayWeeks;
  const recentFirst = toIsoDay(addDays(today, -TIP_RULES.recentDays));
  const first = toIsoDay(addDays(today, -TIP_RULES.recentDays - 7 * weeks));
  const yesterday = toIsoDay(addDays(today, -1));
  const q = withParams(summedTransactions(filters, wholeDays(first, yesterday)), first, yesterday, recentFirst, weeks, TIP_RULES.lowDayMinCount, TIP_RULES.lowDayShare);
  // The median of the sorted values: the middle one, or the mean of the middle two. The day is compared
  // with the median itself; the usual count is told as a whole number of transactions (half up).
  const median = (values: string) => `(${values}[(${q.p(3)}::int + 1) / 2] + ${values}[${q.p(3)}::int / 2 + 1]) / 2.0`;
  const rows = await context.db.query<{ day: string; weekday: number; count: number; net: string; medianCount: number; medianNet: string }>(
    `WITH per_day AS (
       SELECT d.day, coalesce(sum(s.count), 0)::int AS count, ${SUMMED_NET} AS net
         FROM (SELECT generate_series(${q.p(0)}::date, ${q.p(1)}::date, interval '1 day')::date AS day) d
         LEFT JOIN (${q.sql}) s ON s.day = d.day GROUP BY d.day),
     compared AS (
       SELECT r.day, r.count, r.net, array_agg(b.count ORDER BY b.count) AS counts, array_agg(b.net ORDER BY b.net) AS nets
         FROM per_day r JOIN per_day b ON (r.day - b.day) % 7 = 0 AND r.day - b.day BETWEEN 7 AND 7 * ${q.p(3)}::int
        WHERE r.day >= ${q.p(2)}::date GROUP BY r.day, r.count, r.net)
     SELECT to_char(day, 'YYYY-MM-DD') AS day, extract(isodow FROM day)::int AS weekday, count, net::text,
            round(${median('counts')})::int AS "medianCount", round(${median('nets')}, 2)::text AS "medianNet"
       FROM compared
      WHERE ${median('counts')} >= ${q.p(4)}
        AND (count < ${q.p(5)}::numeric * ${median('counts')} OR net < ${q.p(5)}::numeric * ${median('nets')})
      ORDER BY day DESC`,
    q.params,
  );
  return rows.map(({ day, weekday, ...figures }) => ({ kind: 'LOW_DAY', subject: { day, weekday }, figures, filters: { from: day, to: day } }));
}

const smartTips = withPartnerVariant({
  method: 'GET',
  path: '/api/Transaction/GetSmartTips',
  menus: ['smartTips'],
  input: tipsInput,
  async handle(context, input) {
    checkUserId(context, input.userid);
    const todayDay = wallClock(context.clock.now()).day;
    const day = (offset: number) => toIsoDay(addDays(todayDay, offset));
    const today = day(0);
    const recentFrom = day(1 - TIP_RULES.recentDays);
    const baselineFrom = day(1 - TIP_RULES.recentDays - TIP_RULES.baselineDays);
    const silentFrom = day(1 - TIP_RULES.silentDays);
    const silentBaselineFrom = day(1 - TIP_RULES.silentDays - TIP_RULES.baselineDays);
    // The realtime call's scope and default transaction types: the list a tip links to counts the same rows.
    const filters = await transactionFilters(context, { customer_no: input.customer_no });
    const [busy, mix, refunds, quiet, low] = await Promise.all([
      busiest(context, filters, day(-TIP_RULES.busyDays), day(-1)),
      paymentMix(context, filters, baselineFrom, recentFrom, today),
      refundRate(context, filters, baselineFrom, recentFrom, today),
      silent(context, filters, silentBaselineFrom, silentFrom, today),
      lowDays(context, filters, todayDay),
    ]);
    // A stable sort: the silent ones keep their longest-silent-first order within their kind.
    const data = [...busy, ...mix, ...refunds, ...quiet.tips, ...low].sort((a, b) => TIP_KINDS.indexOf(a.kind) - TIP_KINDS.indexOf(b.kind));
    return { day: today, data, more: quiet.more };
  },
});

export const TIP_ENDPOINTS: Endpoint[] = [...smartTips];
