import { listSearch } from '../list-kit/url';
import { transactionsList } from '../lists/transactions';

/** A tip's filters as the services answer them: the realtime query's names, whole days. */
export interface TipFilters {
  from: string;
  to: string;
  merchant_no?: string;
  storeCode?: string;
  terminal?: string;
  payment_type?: string;
}

/**
 * The real-time transactions view that shows a tip: the list's own URL values (its filter keys)
 * through the list kit's serialiser, so the link reads back exactly as the list's form writes it.
 */
export function tipHref(filters: TipFilters): string {
  const search = listSearch(transactionsList, {
    from: filters.from,
    to: filters.to,
    merchant: filters.merchant_no,
    store: filters.storeCode,
    terminal: filters.terminal,
    paymentType: filters.payment_type,
  });
  return `/transaction/transactions?${search}`;
}
