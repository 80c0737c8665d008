import { daySpan, parseDay, today } from '../format/date';
import { textOf, type ListValues } from '../list-kit/definition';

/** Spec section 6: role 5 searches single transactions only. */
export const SINGLE_SEARCH_ROLE = 5;

/** The realtime call's filters and sort (spec section 3) for a list's values, without the page. */
export function realtimeFilters(values: ListValues) {
  const text = (key: string) => textOf(values, key);
  const from = parseDay(text('from')) ?? today();
  const to = parseDay(text('to')) ?? from;
  const span = daySpan(from, to);
  return {
    sort: values.sort,
    order: values.dir,
    gmtPaymentFrom: span.start,
    gmtPaymentTo: span.end,
    customer_no: text('customer'),
    merchant_no: text('merchant'),
    storeCode: text('store'),
    terminal: text('terminal'),
    payment_type: text('paymentType'),
    amountFrom: text('amountFrom'),
    amountTo: text('amountTo'),
    alipayOrder: text('order'),
    eftNo: text('eft'),
    rrn: text('rrn'),
  };
}

/** The realtime call's input (spec section 3) for one page of the list. */
export function realtimeQuery(values: ListValues) {
  return { limit: values.size, page: values.page, ...realtimeFilters(values) };
}
