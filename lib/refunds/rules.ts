import { z } from 'zod';
import { proofFields } from '../two-step/rules';
import { amountProblem, REASON_MAX, REASON_TYPES } from './codes';

/**
 * The refund forms' schemas (spec section 5): one definition for the request form, the batch
 * upload and the route handlers. The reference services check the same again, plus what needs the
 * database (balance, scope, existence).
 */

/** A refund amount by the money forms' one rule; the form and the services weigh it against the transaction (balance, amount). */
export const refundAmountSchema = z.string({ error: 'refund.errors.amountRequired' }).superRefine((value, context) => {
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
  refundAmount: refundAmountSchema,
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

/**
 * Approve or reject one or many waiting requests, with the password re-entered, or, for an approver
 * with a second factor, its proof in place of it (issue 26); a rejection with its reason, which the
 * requester reads.
 */
export const decisionSchema = z
  .object({
    refundArray: z.array(z.number().int().positive()).min(1, 'refund.errors.selectOne').max(50),
    result: z.enum(['approve', 'reject']),
    password: z.string().max(256).optional(),
    ...proofFields,
    reason: z.string().trim().max(REASON_MAX, 'refund.errors.reasonTooLong').optional(),
  })
  .refine((decision) => Boolean(decision.password || decision.code || decision.recoveryCode || decision.assertion), { message: 'refund.errors.passwordRequired', path: ['password'] })
  .refine((d) => d.result !== 'reject' || d.reason, { message: 'refund.errors.rejectReasonRequired', path: ['reason'] });
export type Decision = z.infer<typeof decisionSchema>;
