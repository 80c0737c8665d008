import type { DataColumn } from '../data-table/columns';

/** A row of the realtime call's answer (the Transaction entity of spec section 3). */
export interface TransactionRow {
  id: number;
  merchant_no: string;
  store_code: string;
  store_name: string;
  terminal_no: string;
  order_no: string;
  trans_amount: string;
  trans_type: string;
  category: string;
  trade_status: string;
  resp_code: string;
  payment_type: string;
  payment_inst: string;
  trans_currency: string;
  trade_no: string;
  remark: string;
  gmt_payment: string;
  traceno: string;
  invoiceNo: string;
  refno: string;
  out_trade_no: string;
  subject: string;
  sett_currency: string;
  settledate: string;
  exchange_rate: string;
  orgtransamount: string;
  orgtrans_currency: string;
  fixedCost: string;
  latePresentmentFee: string;
  latePresentmentRate: string;
  mdr_fee: string;
}

/** What a merchant needs at a glance; the optional ones can be shown from the column menu. */
export const TRANSACTION_COLUMNS: DataColumn<TransactionRow>[] = [
  { id: 'time', label: 'tx.time', value: (r) => r.gmt_payment, format: 'timestamp14', sort: 'gmt_payment' },
  { id: 'merchant', label: 'tx.merchant', value: (r) => r.merchant_no, sort: 'merchant_no' },
  { id: 'store', label: 'tx.store', value: (r) => r.store_name, sort: 'store_code' },
  { id: 'terminal', label: 'tx.terminal', value: (r) => r.terminal_no, sort: 'terminal_no' },
  { id: 'order', label: 'tx.order', value: (r) => r.order_no, sort: 'order_no' },
  { id: 'paymentType', label: 'tx.paymentType', value: (r) => r.payment_type, sort: 'payment_type' },
  { id: 'type', label: 'tx.transType', value: (r) => r.trans_type, sort: 'trans_type' },
  { id: 'category', label: 'tx.category', value: (r) => r.category },
  { id: 'amount', label: 'tx.amount', value: (r) => r.trans_amount, format: 'amount', sort: 'trans_amount' },
  { id: 'status', label: 'tx.status', value: (r) => r.trade_status },
  { id: 'rrn', label: 'tx.rrn', value: (r) => r.refno, optional: true },
  { id: 'eft', label: 'tx.eft', value: (r) => r.out_trade_no, optional: true },
  { id: 'trace', label: 'tx.trace', value: (r) => r.traceno, optional: true },
  { id: 'settleDate', label: 'tx.settleDate', value: (r) => r.settledate, format: 'day8', optional: true },
  { id: 'mdrFee', label: 'tx.mdrFee', value: (r) => r.mdr_fee, format: 'amount', optional: true },
];

/** Every field, for the row's details. */
export const TRANSACTION_DETAIL_COLUMNS: DataColumn<TransactionRow>[] = [
  ...TRANSACTION_COLUMNS.filter((c) => c.id !== 'store'),
  { id: 'storeName', label: 'tx.store', value: (r) => r.store_name },
  { id: 'storeCode', label: 'tx.storeCode', value: (r) => r.store_code },
  { id: 'invoice', label: 'tx.invoice', value: (r) => r.invoiceNo },
  { id: 'tradeNo', label: 'tx.tradeNo', value: (r) => r.trade_no },
  { id: 'paymentInst', label: 'tx.paymentInst', value: (r) => r.payment_inst },
  { id: 'currency', label: 'tx.currency', value: (r) => r.trans_currency },
  { id: 'respCode', label: 'tx.respCode', value: (r) => r.resp_code },
  { id: 'subject', label: 'tx.subject', value: (r) => r.subject },
  { id: 'settleCurrency', label: 'tx.settleCurrency', value: (r) => r.sett_currency },
  { id: 'exchangeRate', label: 'tx.exchangeRate', value: (r) => r.exchange_rate },
  { id: 'originalAmount', label: 'tx.originalAmount', value: (r) => r.orgtransamount, format: 'amount' },
  { id: 'originalCurrency', label: 'tx.originalCurrency', value: (r) => r.orgtrans_currency },
  { id: 'fixedCost', label: 'tx.fixedCost', value: (r) => r.fixedCost, format: 'amount' },
  { id: 'lateFee', label: 'tx.lateFee', value: (r) => r.latePresentmentFee, format: 'amount' },
  { id: 'lateRate', label: 'tx.lateRate', value: (r) => r.latePresentmentRate },
  { id: 'remark', label: 'tx.remark', value: (r) => r.remark },
];
