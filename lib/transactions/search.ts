import type { TransactionFilters } from './filters';

/**
 * The transactions view's URL, without the filter schema (`filters.ts`), so the page's browser code
 * can build links without loading zod.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const TRANSACTION_SORTS = ['gmt_payment', 'trans_amount', 'merchant_no', 'store_code', 'terminal_no', 'order_no', 'payment_type', 'trans_type'] as const;

/** The URL of a view: defaults are left out, so links stay short. */
export function transactionSearch(filters: Partial<TransactionFilters>): string {
  const defaults: Record<string, unknown> = { page: 1, size: 10, sort: 'gmt_payment', dir: 'desc' };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || defaults[key] === value) continue;
    params.set(key, String(value));
  }
  return params.toString();
}
