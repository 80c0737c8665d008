import { OUTGOING_CATEGORIES, PAYMENT_TYPES } from '../domain/transaction-types';
import { SEARCH_SPAN_DAYS } from '../format/span';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn } from '../list-kit/definition';

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `tx.${id}`, field, ...rest });

/**
 * What tells one transaction from another at a glance: when, where, which order, how it was paid,
 * what it was (a sale, a void, a refund), the amount (money going out with its minus sign) and its
 * status. The merchant and terminal numbers and the category (the type already says it) are in the
 * column menu and the details.
 */
const COLUMNS: ListColumn[] = [
  column('time', 'gmt_payment', { format: 'timestamp14', sort: 'gmt_payment' }),
  column('merchant', 'merchant_no', { sort: 'merchant_no', optional: true }),
  column('store', 'store_name', { sort: 'store_code', long: true }),
  column('terminal', 'terminal_no', { sort: 'terminal_no', optional: true }),
  column('order', 'order_no', { sort: 'order_no' }),
  column('paymentType', 'payment_type', { names: 'paymentType', sort: 'payment_type' }),
  column('type', 'trans_type', { label: 'tx.transType', names: 'codes.transType', sort: 'trans_type' }),
  column('category', 'category', { names: 'codes.category', optional: true }),
  column('amount', 'trans_amount', { format: 'amount', sort: 'trans_amount', pinned: true, outgoing: { field: 'category', codes: OUTGOING_CATEGORIES } }),
  column('status', 'trade_status', { names: 'codes.tradeStatus', pinned: true }),
  column('rrn', 'refno', { optional: true }),
  column('eft', 'out_trade_no', { optional: true }),
  column('trace', 'traceno', { optional: true }),
  column('settleDate', 'settledate', { format: 'day8', optional: true }),
  column('mdrFee', 'mdr_fee', { format: 'amount', optional: true }),
];

/**
 * Real-time transactions (spec section 3, the realtime query): today by default, at most 366 days,
 * exact keys that find one transaction on any day (the only search of role 5).
 */
export const transactionsList = defineList({
  id: 'transactions',
  title: 'tx.title',
  menu: 'transactions',
  filters: [
    { key: 'dates', label: 'tx.dates', kind: 'days', maxDays: SEARCH_SPAN_DAYS, defaultDays: 1 },
    { key: 'customer', label: 'list.customer', kind: 'option', source: 'customers' },
    { key: 'merchant', label: 'tx.merchant', kind: 'option', source: 'merchants', within: 'customer' },
    { key: 'store', label: 'tx.store', kind: 'option', source: 'stores', within: 'merchant' },
    { key: 'terminal', label: 'tx.terminal', kind: 'option', source: 'terminals', within: 'store' },
    { key: 'paymentType', label: 'tx.paymentType', kind: 'code', codes: PAYMENT_TYPES, names: 'paymentType' },
    { key: 'amountFrom', label: 'tx.amountFrom', kind: 'amount' },
    { key: 'amountTo', label: 'tx.amountTo', kind: 'amount', atLeast: 'amountFrom' },
    { key: 'order', label: 'tx.order', kind: 'text', max: 64, exact: true, wide: true },
    { key: 'eft', label: 'tx.eft', kind: 'text', max: 64, exact: true, wide: true },
    { key: 'rrn', label: 'tx.rrn', kind: 'text', max: 64, exact: true, wide: true },
  ],
  sorts: ['gmt_payment', 'trans_amount', 'merchant_no', 'store_code', 'terminal_no', 'order_no', 'payment_type', 'trans_type'],
  defaultSort: 'gmt_payment',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: COLUMNS,
  details: [
    ...COLUMNS.filter((c) => c.id !== 'store'),
    column('store', 'store_name'),
    column('storeCode', 'store_code'),
    column('invoice', 'invoiceNo'),
    column('tradeNo', 'trade_no'),
    column('paymentInst', 'payment_inst', { names: 'codes.paymentInst' }),
    column('currency', 'trans_currency'),
    column('respCode', 'resp_code', { names: 'codes.respCode' }),
    column('subject', 'subject'),
    column('settleCurrency', 'sett_currency'),
    column('exchangeRate', 'exchange_rate'),
    column('originalAmount', 'orgtransamount', { format: 'amount' }),
    column('originalCurrency', 'orgtrans_currency'),
    column('fixedCost', 'fixedCost', { format: 'amount' }),
    column('lateFee', 'latePresentmentFee', { format: 'amount' }),
    column('lateRate', 'latePresentmentRate'),
    column('remark', 'remark'),
  ],
  detailTitle: 'tx.detail',
  rowKey: 'id',
  exportable: true,
});
