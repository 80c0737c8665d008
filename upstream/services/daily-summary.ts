import { addDays, parseDay, toIsoDay, type CalendarDay } from '../../lib/format/date';

/**
 * Summed transactions: what every summary reads instead of `transactions` (issue 17). The
 * `daily_summary` table (migration 0008, kept by triggers) holds count and amount per customer,
 * merchant, store, terminal, payment type, transaction type and day; a span's whole days come
 * from it and only its partial first and last days from the rows. Filters on an amount or an
 * exact key (order, EFT, RRN) are not in the summary's key: such queries read the rows.
 *
 * The derived table has the columns below plus `day` (date), `count` and `amount`, one row per
 * summary key and day or per transaction, so one query sums both alike: `sum(count)`, `sum(amount)`.
 * Settlement and reconciliation totals can call it with their own filter clauses.
 */
export const SUMMED_COLUMNS = 'customer_no, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category';

export interface TransactionFilters {
  /** SQL conditions on the columns of both tables (SUMMED_COLUMNS), `$n` numbered into `params`. */
  clauses: string[];
  params: unknown[];
  /** True when a condition reads a column only the rows have (an amount or an exact key). */
  rowsOnly: boolean;
}

/** A span of payment times, "yyyy-MM-dd HH:mm:ss" both ends inclusive, as timeSpan gives it. */
export interface Span {
  start: string;
  end: string;
}

const FIRST_SECOND = '00:00:00';
const LAST_SECOND = '23:59:59';
const dayOf = (timestamp: string) => parseDay(timestamp.slice(0, 10)) as CalendarDay;

/**
 * The span in parts: the whole days the summary answers (none when the span holds no whole day)
 * and the pieces of partial days before and after them, which the rows answer. Payment times are
 * whole seconds (a constraint of migration 0008), so 00:00:00 to 23:59:59 is the whole day.
 */
export function splitSpan(span: Span): { days: { from: string; to: string } | null; rows: Span[] } {
  const startsWhole = span.start.slice(11) === FIRST_SECOND;
  const endsWhole = span.end.slice(11) === LAST_SECOND;
  const first = startsWhole ? dayOf(span.start) : addDays(dayOf(span.start), 1);
  const last = endsWhole ? dayOf(span.end) : addDays(dayOf(span.end), -1);
  const from = toIsoDay(first);
  const to = toIsoDay(last);
  if (from > to) return { days: null, rows: [span] };
  const rows: Span[] = [];
  if (!startsWhole) rows.push({ start: span.start, end: `${toIsoDay(addDays(first, -1))} ${LAST_SECOND}` });
  if (!endsWhole) rows.push({ start: `${toIsoDay(addDays(last, 1))} ${FIRST_SECOND}`, end: span.end });
  return { days: { from, to }, rows };
}

/** The summed transactions of the filters and span, as a derived table's SQL and its parameters. */
export function summedTransactions(filters: TransactionFilters, span: Span): { sql: string; params: unknown[] } {
  const params = [...filters.params];
  const bind = (value: string) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = filters.clauses.join(' AND ');
  const fromRows = ({ start, end }: Span) =>
    `SELECT ${SUMMED_COLUMNS}, gmt_payment::date AS day, 1::bigint AS count, trans_amount AS amount
       FROM transactions WHERE ${where} AND gmt_payment BETWEEN ${bind(start)}::timestamp AND ${bind(end)}::timestamp`;
  const { days, rows } = filters.rowsOnly ? { days: null, rows: [span] } : splitSpan(span);
  const parts = rows.map(fromRows);
  if (days) {
    parts.push(
      `SELECT ${SUMMED_COLUMNS}, day, count, amount FROM daily_summary
        WHERE ${where} AND day BETWEEN ${bind(days.from)}::date AND ${bind(days.to)}::date`,
    );
  }
  return { sql: parts.join('\nUNION ALL\n'), params };
}

/** Net amount of summed transactions: sales less voids and refunds; pre-authorisations move no money. */
export const SUMMED_NET = `coalesce(sum(CASE category WHEN 'SALE' THEN amount WHEN 'OTHER' THEN 0 ELSE -amount END), 0)::numeric(18,2)`;
