import type { SmartTip } from './calls';
import { listSearch } from '../list-kit/url';
import { transactionsList } from '../lists/transactions';

export const TRANSACTIONS_PATH = '/transaction/transactions';

/**
 * The real-time transactions view that shows a tip: the list's own URL values (its filter keys)
 * through the list kit's serialiser, so the link reads back exactly as the list's form writes it.
 */
export function tipHref(filters: SmartTip['filters']): string {
  const search = listSearch(transactionsList, {
    from: filters.from,
    to: filters.to,
    merchant: filters.merchant_no,
    store: filters.storeCode,
    terminal: filters.terminal,
    paymentType: filters.payment_type,
  });
  return `${TRANSACTIONS_PATH}?${search}`;
}
