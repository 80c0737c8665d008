import { z } from 'zod';
import { PAYMENT_TYPES } from '../domain/transaction-types';
import { daySpan, parseDay, toIsoDay, today } from '../format/date';
import { checkSpan, SEARCH_SPAN_DAYS, SPAN_MESSAGE_KEYS } from '../format/span';
import { PAGE_SIZES, TRANSACTION_SORTS } from './search';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .optional()
    .transform((v) => v || undefined);
const amountText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'validation.amount').optional());
const wholeNumber = z.coerce.number().int().min(1);

/**
 * The realtime transaction query's filters (spec section 3) as they live in the URL, one schema
 * for the page (server), the filter form (browser) and the export route. Issue messages are
 * message keys.
 */
export const transactionFilterSchema = z
  .object({
    from: z.string().optional(),
    to: z.string().optional(),
    merchant: optionalText(30),
    store: optionalText(30),
    terminal: optionalText(30),
    paymentType: z.enum(PAYMENT_TYPES).optional().catch(undefined),
    amountFrom: amountText,
    amountTo: amountText,
    order: optionalText(64),
    eft: optionalText(64),
    rrn: optionalText(64),
    page: wholeNumber.default(1).catch(1),
    size: z.coerce.number().pipe(z.union(PAGE_SIZES.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<10>, z.ZodLiteral<20>, z.ZodLiteral<50>, z.ZodLiteral<100>])).default(10).catch(10),
    sort: z.enum(TRANSACTION_SORTS).default('gmt_payment').catch('gmt_payment'),
    dir: z.enum(['asc', 'desc']).default('desc').catch('desc'),
  })
  .superRefine((filters, context) => {
    const from = filters.from ?? '';
    const to = filters.to ?? '';
    if (from || to) {
      const problem = checkSpan(from || to, to || from, SEARCH_SPAN_DAYS);
      if (problem) context.addIssue({ code: 'custom', path: [problem === 'invalidDate' && !parseDay(from) ? 'from' : 'to'], message: SPAN_MESSAGE_KEYS[problem], params: { maxDays: SEARCH_SPAN_DAYS } });
    }
    if (filters.amountFrom && filters.amountTo && Number(filters.amountFrom) > Number(filters.amountTo)) {
      context.addIssue({ code: 'custom', path: ['amountTo'], message: 'validation.amountRange' });
    }
  });

export type TransactionFilters = z.output<typeof transactionFilterSchema>;

/** Filters from URL search parameters; an invalid URL gives today's first page and the issues. */
export function parseTransactionFilters(params: Record<string, string | string[] | undefined>, now = new Date()) {
  const flat = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const result = transactionFilterSchema.safeParse(flat);
  if (!result.success) {
    return { filters: withDefaultDays(transactionFilterSchema.parse({}), now), issues: result.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message })) };
  }
  return { filters: withDefaultDays(result.data, now), issues: [] };
}

/** The page's default span: one given day stands for both ends; none means today. */
export function withDefaultDays(filters: TransactionFilters, now = new Date()): TransactionFilters {
  const day = toIsoDay(today(now));
  return { ...filters, from: filters.from || filters.to || day, to: filters.to || filters.from || day };
}

/** The realtime call's input (spec section 3) for a set of filters. */
export function realtimeQuery(filters: TransactionFilters) {
  const from = parseDay(filters.from) ?? today();
  const to = parseDay(filters.to) ?? from;
  const span = daySpan(from, to);
  return {
    limit: filters.size,
    page: filters.page,
    sort: filters.sort,
    order: filters.dir,
    gmtPaymentFrom: span.start,
    gmtPaymentTo: span.end,
    merchant_no: filters.merchant,
    storeCode: filters.store,
    terminal: filters.terminal,
    payment_type: filters.paymentType,
    amountFrom: filters.amountFrom,
    amountTo: filters.amountTo,
    alipayOrder: filters.order,
    eftNo: filters.eft,
    rrn: filters.rrn,
  };
}

/** Spec section 6: role 5 searches single transactions only. */
export const SINGLE_SEARCH_ROLE = 5;

/** Role 5 searches single transactions: an order, EFT or RRN number is required. */
export function hasExactKey(filters: Partial<Pick<TransactionFilters, 'order' | 'eft' | 'rrn'>>): boolean {
  return Boolean(filters.order || filters.eft || filters.rrn);
}
