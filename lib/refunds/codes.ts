import Big from 'big.js';
import { parseDecimal } from '../format/decimal';
import { formatAmount } from '../format/money';

/**
 * Refund codes and the amount rule, without zod (the request form checks amounts as they are
 * typed, and its first load stays small); the schemas in rules.ts build on them.
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
 * The amount rule of every money form (a refund, a payment request): given, digits with at most 2
 * decimals, more than 0. Answers the problem's name (each form words it under its own messages), or null.
 */
export function amountRuleProblem(value: string): 'amountRequired' | 'amountFormat' | 'amountPositive' | null {
  const text = value.trim();
  if (!text) return 'amountRequired';
  // A minus sign is not a format slip: the amount must be more than 0, which is what the user needs told.
  if (/^-\d/.test(text)) return 'amountPositive';
  if (!AMOUNT_PATTERN.test(text)) return 'amountFormat';
  return (parseDecimal(text) as Big).lte(0) ? 'amountPositive' : null;
}

/**
 * Checks an amount against the transaction's figures: > 0, at most 2 decimals, at most the
 * transaction amount and the refundable balance. Answers a message key and its values, or null.
 */
export function amountProblem(value: string, limits?: { transAmount: string; balance: string }): { key: string; values?: Record<string, string> } | null {
  const problem = amountRuleProblem(value);
  if (problem) return { key: `refund.errors.${problem}` };
  if (!limits) return null;
  const amount = parseDecimal(value.trim()) as Big;
  const balance = new Big(limits.balance);
  if (new Big(limits.transAmount).lte(0) || balance.lte(0)) return { key: 'refund.errors.nothingToRefund' };
  // The balance first: it is the tighter limit (what is left after earlier refunds), and the spec's message shows it.
  if (amount.gt(balance)) return { key: 'refund.errors.overBalance', values: { balance: formatAmount(limits.balance) } };
  if (amount.gt(limits.transAmount)) return { key: 'refund.errors.overAmount', values: { amount: formatAmount(limits.transAmount) } };
  return null;
}


/** Batch refund upload (spec section 5): the limits stated on the page, and the template's columns in order (the file is read by these header names). */
export const BATCH_LIMITS = { rows: 200, bytes: 1024 * 1024 } as const;

/** The template's columns, in order: the header names are fixed (the file is read by them). */
export const BATCH_COLUMNS = ['merchantNo', 'transDate', 'transTime', 'orderNo', 'rrn', 'refundAmount', 'reasonType', 'reason'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];
export type BatchValues = Record<BatchColumn, string>;

