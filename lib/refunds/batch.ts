import { z } from 'zod';
import { REASON_MAX, REASON_TYPES, type BatchValues } from './codes';

export { BATCH_COLUMNS, BATCH_LIMITS, type BatchColumn, type BatchValues } from './codes';
import { refundAmountSchema, refundRequestSchema, type RefundRequest } from './rules';

/**
 * Batch refund upload (spec section 5): the template's columns, the limits stated on the page,
 * and the check of one row. The row becomes a single request and passes the same schema as the
 * form's; the services then apply the rules that need the database to each row.
 */
/** One example row of the template. */
export const BATCH_EXAMPLE: BatchValues = {
  merchantNo: '100000000000001',
  transDate: '20261120',
  transTime: '143005',
  orderNo: 'ORD20261120000001',
  rrn: '',
  refundAmount: '12.50',
  reasonType: 'RETURN',
  reason: 'Customer returned goods',
};

const required = (key: string) => z.string().trim().min(1, key);

/** A row's format: required, numeric, date (yyyyMMdd) and time (HHmmss) columns. */
export const batchRowSchema = z
  .object({
    merchantNo: required('refund.errors.merchantRequired').max(30, 'refund.errors.merchantRequired').regex(/^\d+$/, 'refund.errors.merchantNumeric'),
    transDate: required('refund.errors.dateRequired').regex(/^\d{8}$/, 'refund.errors.dateFormat').refine(isCalendarDay, 'refund.errors.dateFormat'),
    transTime: required('refund.errors.timeRequired').regex(/^([01]\d|2[0-3])[0-5]\d[0-5]\d$/, 'refund.errors.timeFormat'),
    orderNo: z.string().trim().max(64),
    rrn: z.string().trim().max(64),
    refundAmount: refundAmountSchema,
    // A file has no list to choose from: its problem names the codes it may use (the route adds them, translated).
    reasonType: z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((code, context) => {
        if (!(REASON_TYPES as readonly string[]).includes(code)) context.addIssue({ code: 'custom', message: code ? 'refund.errors.batchReasonType' : 'refund.errors.batchReasonTypeMissing' });
      }),
    reason: required('refund.errors.reasonRequired').max(REASON_MAX, 'refund.errors.reasonTooLong'),
  })
  .refine((row) => row.orderNo || row.rrn, { message: 'refund.errors.orderOrRrnRequired', path: ['orderNo'] });

function isCalendarDay(text: string): boolean {
  const [year, month, day] = [Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8))];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A row checked: its values as read, the request it makes when good, else its problems' message keys (and their values). */
export interface CheckedRow {
  line: number;
  values: BatchValues;
  request?: RefundRequest;
  errors: string[];
  /** The values of the problems' messages. */
  params?: Record<string, string | number>;
  /** A good row weighed against its sale (batch-sales.ts): what the sale has left after it. */
  left?: string;
}

/**
 * Checks one row: its format first, then the single request's rules (the form's schema). The
 * request's key ties it to the file and the line, so the same file twice makes no second refund.
 */
export function checkBatchRow(values: BatchValues, line: number, fileKey: string): CheckedRow {
  const format = batchRowSchema.safeParse(values);
  if (!format.success) return { line, values, errors: [...new Set(format.error.issues.map((i) => i.message))], params: { given: values.reasonType.trim() } };
  const row = format.data;
  const request = refundRequestSchema.safeParse({
    merchantNo: row.merchantNo,
    alipayOrder: row.orderNo || undefined,
    oldRefNo: row.rrn || undefined,
    transDate: row.transDate,
    transTime: row.transTime,
    refundAmount: row.refundAmount,
    reason: row.reason,
    reasonType: row.reasonType,
    requestKey: `batch-${fileKey}-${line}`,
  });
  return request.success ? { line, values, request: request.data, errors: [] } : { line, values, errors: [...new Set(request.error.issues.map((i) => i.message))] };
}
