import 'server-only';
import { z } from 'zod';
import { DEFAULT_TRANS_TYPES } from '../domain/transaction-types';
import { calls, define, list, money, page, userid } from '../gateway/define';

/** The realtime query's filters and sort (spec section 3), shared by the list and its export. */
const realtimeFilters = {
  sort: z.string().max(30).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  gmtPaymentFrom: z.string().regex(/^\d{14}$/).optional(),
  gmtPaymentTo: z.string().regex(/^\d{14}$/).optional(),
  merchant_no: z.string().max(30).optional(),
  storeCode: z.string().max(30).optional(),
  terminal: z.string().max(30).optional(),
  payment_type: z.string().max(20).optional(),
  amountFrom: z.string().max(20).optional(),
  amountTo: z.string().max(20).optional(),
  alipayOrder: z.string().max(64).optional(),
  eftNo: z.string().max(64).optional(),
  rrn: z.string().max(64).optional(),
  transType: z.string().max(200).optional(),
  /** A partner narrows the view to one of its customers (the services check it is theirs). */
  customer_no: z.string().max(30).optional(),
};
/** A transaction row as a file writes it: every field an export may ask for, all text, amounts as decimal text. */
const exportRow = z.object({
  gmt_payment: z.string().regex(/^\d{14}$/),
  trans_amount: money,
  mdr_fee: money,
  category: z.enum(['SALE', 'VOID', 'REFUND', 'OTHER']),
  merchant_no: z.string(),
  store_code: z.string(),
  store_name: z.string(),
  /** The store's Chinese names (Traditional, Simplified), for a file in Chinese. */
  store_cname: z.string().nullable(),
  store_cname_hans: z.string().nullable(),
  terminal_no: z.string(),
  order_no: z.string(),
  payment_type: z.string(),
  trans_type: z.string(),
  trade_status: z.string(),
  refno: z.string(),
  out_trade_no: z.string(),
  traceno: z.string(),
  settledate: z.string(),
});

/** The real-time transactions (spec section 3): the list and its export. */
export const TRANSACTION_CALLS = calls({
  realtimeTransactions: define({
    method: 'GET',
    path: '/api/Transaction/AsyncGetTransRealtime',
    partnerVariant: true,
    input: z.object({ ...page, ...realtimeFilters }),
    answer: list(z.looseObject({ order_no: z.string(), trans_amount: z.string() })).extend({ totalAmount: z.string(), summary: z.array(z.looseObject({ name: z.string(), count: z.number(), amount: z.string() })) }),
    menus: ['transactions'],
    inject: userid,
    defaults: (input) => ({ ...input, transType: input.transType || DEFAULT_TRANS_TYPES.join(',') }),
    exposed: true,
  }),
  /** The realtime query's rows for a file, only the fields asked for, streamed in the view's order (the export route only). */
  exportTransactions: define({
    method: 'GET',
    path: '/api/Transaction/ExportTransRealtime',
    partnerVariant: true,
    input: z.object({
      ...realtimeFilters,
      columns: z.array(z.enum(Object.keys(exportRow.shape) as [keyof typeof exportRow.shape])).min(1),
      /** At most this many rows (an xlsx worksheet's limit). */
      limit: z.number().int().min(1).optional(),
    }),
    answer: exportRow,
    stream: true,
    menus: ['transactions'],
    long: true,
    inject: userid,
    defaults: (input) => ({ ...input, transType: input.transType || DEFAULT_TRANS_TYPES.join(',') }),
  }),
});
