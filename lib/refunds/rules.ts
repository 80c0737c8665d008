import Big from 'big.js';
import { z } from 'zod';
import { parseDecimal } from '../format/decimal';
import { formatAmount } from '../format/money';

/**
 * The refund rules of spec section 5 that need no database: one definition for the request form,
 * the batch upload (browser preview and server) and the route handlers. The reference services
 * check the same again, plus what needs the database (balance, scope, existence).
 */

/** Spec section 4: approval statuses, plus 50 (cancelled by the requester). */
export const APPROVAL_STATUSES = ['10', '20', '30', '40', '50'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const PENDING_STATUS: ApprovalStatus = '10';

/** Reason types (the spec names the field, not its values; these are the services' codes). */
export const REASON_TYPES = ['RETURN', 'DUPLICATE', 'CANCELLED', 'AMOUNT', 'OTHER'] as const;
export type ReasonType = (typeof REASON_TYPES)[number];

export const REASON_MAX = 200;

/** A refund amount as typed: digits, at most 2 decimals. */
export const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * Checks an amount against the transaction's figures: > 0, at most 2 decimals, at most the
 * transaction amount and the refundable balance. Answers a message key and its values, or null.
 */
export function amountProblem(value: string, limits?: { transAmount: string; balance: string }): { key: string; values?: Record<string, string> } | null {
  const text = value.trim();
  if (!text) return { key: 'refund.errors.amountRequired' };
  if (!AMOUNT_PATTERN.test(text)) return { key: 'refund.errors.amountFormat' };
  const amount = parseDecimal(text) as Big;
  if (amount.lte(0)) return { key: 'refund.errors.amountPositive' };
  if (!limits) return null;
  const balance = new Big(limits.balance);
  if (new Big(limits.transAmount).lte(0) || balance.lte(0)) return { key: 'refund.errors.nothingToRefund' };
  if (amount.gt(limits.transAmount)) return { key: 'refund.errors.overAmount', values: { amount: formatAmount(limits.transAmount) } };
  if (amount.gt(balance)) return { key: 'refund.errors.overBalance', values: { balance: formatAmount(limits.balance) } };
  return null;
}

const amountField = z.string().superRefine((value, context) => {
  const problem = amountProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem.key });
});

/** An idempotency key: a UUID from the form, or `batch-<file hash>-<row>` for a batch row. */
export const requestKeySchema = z.string().regex(/^[A-Za-z0-9-]{8,100}$/, 'refund.errors.requestKey');

/** The single request as the form and the route handler take it. */
export const refundRequestSchema = z.object({
  merchantNo: z.string().trim().min(1, 'refund.errors.transactionRequired').max(30),
  alipayOrder: z.string().trim().max(64).optional(),
  oldRefNo: z.string().trim().max(64).optional(),
  terminalNo: z.string().trim().max(30).optional(),
  traceNo: z.string().trim().max(20).optional(),
  transDate: z.string().regex(/^\d{8}$/, 'refund.errors.dateFormat').optional(),
  transTime: z.string().regex(/^\d{6}$/, 'refund.errors.timeFormat').optional(),
  refundAmount: amountField,
  reason: z.string().trim().min(1, 'refund.errors.reasonRequired').max(REASON_MAX, 'refund.errors.reasonTooLong'),
  reasonType: z.enum(REASON_TYPES, 'refund.errors.reasonTypeRequired'),
  requestKey: requestKeySchema,
}).refine((r) => r.alipayOrder || r.oldRefNo, { message: 'refund.errors.transactionRequired', path: ['alipayOrder'] });
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** How a transaction is looked up: an order, EFT or RRN number, or a terminal and trace number. */
export const findTransactionSchema = z
  .object({
    alipayOrder: z.string().trim().max(64).optional(),
    eftOrder: z.string().trim().max(64).optional(),
    refno: z.string().trim().max(64).optional(),
    terminalNo: z.string().trim().max(30).optional(),
    traceNo: z.string().trim().max(20).optional(),
  })
  .refine((i) => i.alipayOrder || i.eftOrder || i.refno || (i.terminalNo && i.traceNo), { message: 'refund.errors.findKeyRequired' });
export type FindTransaction = z.infer<typeof findTransactionSchema>;

/** Approve or reject one or many waiting requests, with the password re-entered. */
export const decisionSchema = z.object({
  refundArray: z.array(z.number().int().positive()).min(1, 'refund.errors.selectOne').max(50),
  result: z.enum(['approve', 'reject']),
  password: z.string().min(1, 'refund.errors.passwordRequired').max(256),
});
export type Decision = z.infer<typeof decisionSchema>;
