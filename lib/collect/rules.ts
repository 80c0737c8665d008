import { z } from 'zod';
import { amountRuleProblem } from '../refunds/codes';
import { DESCRIPTION_MAX, EXPIRY_MINUTES, overRequestMaximum } from './codes';

/**
 * Collect payment (issue 15): the payment request's schema, one definition for the form and the
 * route handler; the reference services check the same again, plus scope and state.
 */

const amountField = z.string({ error: 'collect.errors.amountRequired' }).superRefine((value, context) => {
  const problem = amountRuleProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: `collect.errors.${problem}` });
  else if (overRequestMaximum(value.trim())) context.addIssue({ code: 'custom', message: 'collect.errors.amountTooLarge' });
});

/** A new payment request as the form and POST /api/collect/requests take it. */
export const paymentRequestSchema = z.object({
  merchantNo: z.string({ error: 'collect.errors.merchantRequired' }).trim().min(1, 'collect.errors.merchantRequired').max(30),
  storeCode: z.string({ error: 'collect.errors.storeRequired' }).trim().min(1, 'collect.errors.storeRequired').max(30),
  amount: amountField,
  description: z.string().trim().max(DESCRIPTION_MAX, 'collect.errors.descriptionTooLong').default(''),
  expiresInMinutes: z.number().int().min(EXPIRY_MINUTES.min, 'collect.errors.expiry').max(EXPIRY_MINUTES.max, 'collect.errors.expiry'),
  /** Idempotency: made when the form opens, kept until a request succeeds (a double click makes one request). */
  requestKey: z.string().regex(/^[A-Za-z0-9-]{8,100}$/, 'collect.errors.requestKey'),
});
export type PaymentRequestInput = z.infer<typeof paymentRequestSchema>;
