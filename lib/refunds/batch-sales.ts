import Big from 'big.js';
import { formatTimestamp14 } from '../format/date';
import { formatAmount } from '../format/money';
import type { CheckedRow } from './batch';
import { amountProblem } from './codes';
import type { RefundRequest } from './rules';

/**
 * The batch preview's second check (issue 28): a row well formed is "Ready" only when the services
 * would take it, so each is weighed against its sale as the refund request call weighs it: the sale
 * exists among the user's own (the find call is scoped as the request is), at the date and time the
 * row gives, is not voided, and the amount fits what is left of it, after the rows above it in the
 * same file that refund the same sale. The services remain the judge when the rows are sent.
 */

/** A sale as the find call answers it (gateway `refundTransaction`), the fields weighed here. */
export interface BatchSale {
  id: number;
  gmt_payment: string;
  trans_amount: string;
  refundBalance: string;
  /** Ours: what voids took of the sale, and when (absent from services that do not say). */
  voidedAmount?: string;
  voidTime?: string;
}

/** How a row names its sale: the merchant and the order or RRN number, as the request call looks it up. */
export type SaleLookup = { merchantNo: string; alipayOrder?: string; refno?: string };

export function saleLookup(request: RefundRequest): SaleLookup {
  return { merchantNo: request.merchantNo, alipayOrder: request.alipayOrder || undefined, refno: request.oldRefNo || undefined };
}

export const lookupKey = (lookup: SaleLookup) => JSON.stringify([lookup.merchantNo, lookup.alipayOrder ?? '', lookup.refno ?? '']);

export function isVoided(sale: Pick<BatchSale, 'voidedAmount'>): boolean {
  return sale.voidedAmount !== undefined && new Big(sale.voidedAmount).gt(0);
}

const refused = (row: CheckedRow, key: string, params?: Record<string, string | number>): CheckedRow => ({ ...row, request: undefined, errors: [key], params });

/**
 * Weighs the good rows against their sales (`sales`: the find call's answer per lookup key), in
 * file order; a refused row takes nothing of its sale's balance. A good row keeps its request and
 * learns what its sale has left after it (`left`).
 */
export function weighRows(rows: readonly CheckedRow[], sales: ReadonlyMap<string, readonly BatchSale[]>): CheckedRow[] {
  /** Per sale: what the good rows above took, and their lines. */
  const taken = new Map<number, { amount: Big; lines: number[] }>();
  return rows.map((row) => {
    const request = row.request;
    if (!request) return row;
    const found = sales.get(lookupKey(saleLookup(request))) ?? [];
    if (found.length === 0) return refused(row, 'refund.errors.batchNoSale');
    // The request call finds the sale by its numbers, then refuses it when the date or time differ.
    const sale = found.find((candidate) => candidate.gmt_payment === `${request.transDate}${request.transTime}`);
    if (!sale) return refused(row, 'refund.errors.batchSaleTime', { time: found.map((candidate) => formatTimestamp14(candidate.gmt_payment)).join(', ') });
    if (isVoided(sale)) return refused(row, 'refund.errors.saleVoided', { time: formatTimestamp14(sale.voidTime) });
    // The row alone first (the request form's message), then with the rows above it.
    const problem = amountProblem(request.refundAmount, { transAmount: sale.trans_amount, balance: sale.refundBalance });
    if (problem) return refused(row, problem.key, problem.values);
    const before = taken.get(sale.id) ?? { amount: new Big(0), lines: [] };
    const left = new Big(sale.refundBalance).minus(before.amount);
    const amount = new Big(request.refundAmount);
    if (amount.gt(left)) {
      return refused(row, 'refund.errors.batchOverBalanceWithRows', { balance: formatAmount(sale.refundBalance), lines: before.lines.join(', '), count: before.lines.length, left: formatAmount(left.toFixed(2)) });
    }
    taken.set(sale.id, { amount: before.amount.plus(amount), lines: [...before.lines, row.line] });
    return { ...row, left: left.minus(amount).toFixed(2) };
  });
}
