import 'server-only';
import { z } from 'zod';
import { APPROVAL_STATUSES, REASON_MAX, REASON_TYPES } from './codes';
import { proofFields } from '../two-step/rules';
import { calls, define, list, money, page, userid } from '../gateway/define';

/** The refund service of spec section 7 (the approval count stays with the shell's calls in the registry). */

const stamp14 = z.string().regex(/^\d{14}$/);
/** Spec section 3: "ercrfn (a fixed default constant)"; its value is not recorded, this is ours. */
export const ERCRFN = 'EPAPORTAL';

/** A sale as the refund screens show it: the realtime row plus what is left to refund and what was. */
const refundableTransaction = z.looseObject({
  id: z.number().int(),
  gmt_payment: stamp14,
  merchant_no: z.string(),
  store_name: z.string(),
  terminal_no: z.string(),
  order_no: z.string(),
  out_trade_no: z.string(),
  refno: z.string(),
  traceno: z.string(),
  payment_type: z.string(),
  trans_type: z.string(),
  trans_amount: money,
  trans_currency: z.string(),
  refundBalance: money,
  hasRefundAmount: money,
  /** Ours: what voids took of the sale and when, so a voided sale is called one (absent when the services do not say). */
  voidedAmount: money.optional(),
  voidTime: z.string().optional(),
});

/** A refund record (spec section 3), the fields the screens read. */
const refundRecord = z.looseObject({
  refundId: z.number().int(),
  refundNo: z.string(),
  refundBatchNo: z.string(),
  transTime: stamp14,
  createDate: stamp14,
  approveDate: z.string(),
  refundAmount: money,
  transAmount: money,
  refundBalance: money,
  merchantNo: z.string(),
  merchantName: z.string(),
  storeName: z.string(),
  terminalNo: z.string(),
  alipayOrder: z.string(),
  eftOrder: z.string(),
  refno: z.string(),
  paymentType: z.string(),
  reason: z.string(),
  reasonType: z.string(),
  applyUser: z.string(),
  applyUserName: z.string(),
  approveUser: z.string().nullable(),
  approveUserName: z.string().nullable(),
  approveStatus: z.enum(APPROVAL_STATUSES),
});

/** The refund query of spec section 3 (rftype 1 requests, 2 the review list). */
const refundQuery = z.object({
  ...page,
  rftype: z.union([z.literal(1), z.literal(2)]),
  sorting: z.enum(['transTime', 'createDate', 'refundAmount', 'approveDate']).optional(),
  orderBy: z.enum(['asc', 'desc']).optional(),
  transStartDate: stamp14.optional(),
  transEndDate: stamp14.optional(),
  transAmountMin: z.string().max(20).optional(),
  transAmountMax: z.string().max(20).optional(),
  merchantNo: z.string().max(30).optional(),
  storeNo: z.string().max(30).optional(),
  terminalNo: z.string().max(30).optional(),
  alipayOrder: z.string().max(64).optional(),
  eftOrder: z.string().max(64).optional(),
  refundNo: z.string().max(64).optional(),
  refundBatchNo: z.string().max(64).optional(),
  refno: z.string().max(64).optional(),
  approveStatus: z.enum(APPROVAL_STATUSES).optional(),
});

export const REFUND_CALLS = calls({
  approvalCount: define({
    method: 'GET',
    path: '/api/TransRefund/Get_RefundApprovalCount',
    input: z.object({}),
    answer: z.array(z.looseObject({ raCount: z.number().int() })).min(1),
    menus: ['reviewRefund'],
    inject: (session) => ({ userid: session.userId, approve_status: '10' }),
    exposed: true,
  }),
  refundTransaction: define({
    method: 'GET',
    path: '/transaction/api/v1/refund/getEpaTrans',
    input: z.object({
      // The batch preview names the row's merchant, as the request call does.
      merchantNo: z.string().max(30).optional(),
      alipayOrder: z.string().max(64).optional(),
      eftOrder: z.string().max(64).optional(),
      refno: z.string().max(64).optional(),
      terminalNo: z.string().max(30).optional(),
      traceNo: z.string().max(20).optional(),
    }),
    answer: z.looseObject({ data: z.array(refundableTransaction) }),
    menus: ['refundRequest'],
    inject: userid,
  }),
  refundList: define({
    method: 'GET',
    path: '/transaction/api/v1/refund/epaRefunds',
    input: refundQuery,
    answer: list(refundRecord).extend({ totalAmount: money }),
    menus: ['refundRequest', 'reviewRefund'],
    inject: (session) => ({ userid: session.userId, platform: 'EPA' }),
  }),
  createRefund: define({
    method: 'POST',
    path: '/transaction/api/v1/refund/epaRefunds',
    input: z.object({
      merchantNo: z.string().min(1).max(30),
      alipayOrder: z.string().max(64).optional(),
      oldRefNo: z.string().max(64).optional(),
      terminalNo: z.string().max(30).optional(),
      traceNo: z.string().max(20).optional(),
      transDate: z.string().regex(/^\d{8}$/).optional(),
      transTime: z.string().regex(/^\d{6}$/).optional(),
      refundAmount: z.string().regex(/^\d+(\.\d{1,2})?$/),
      reason: z.string().min(1).max(500),
      reasonType: z.enum(REASON_TYPES),
      requestKey: z.string().max(100),
    }),
    answer: z.looseObject({ success: z.literal(1), refundId: z.number().int(), refundNo: z.string(), replayed: z.boolean() }),
    menus: ['refundRequest'],
    inject: (session) => ({ customerNo: session.rankNo }),
    defaults: (input) => ({ ...input, ercrfn: ERCRFN, platform: 'EPA' }),
  }),
  cancelRefund: define({
    method: 'DELETE',
    path: '/transaction/api/v1/refund/epaRefunds',
    input: z.object({ refundId: z.number().int().positive() }),
    answer: z.looseObject({ success: z.literal(1) }),
    menus: ['refundRequest'],
  }),
  refundApprovals: define({
    method: 'GET',
    path: '/transaction/api/v1/refund/getRefundApprovals',
    input: z.object({ ...page, apprStartDate: stamp14.optional(), apprEndDate: stamp14.optional(), order: z.enum(['asc', 'desc']).optional() }),
    answer: list(refundRecord),
    menus: ['reviewRefund'],
    inject: userid,
  }),
  decideRefunds: define({
    method: 'POST',
    path: '/transaction/api/v1/postRefundApprovals',
    // `reason` is ours (the spec names refundArray and result): a rejection's, which the requester reads.
    input: z.object({ refundArray: z.array(z.number().int().positive()).min(1).max(50), result: z.enum(['approve', 'reject']), password: z.string().max(256).optional(), ...proofFields, reason: z.string().max(REASON_MAX).optional() }),
    answer: z.looseObject({
      result: z.array(z.looseObject({ refundId: z.number().int(), success: z.boolean(), code: z.string().optional() })),
      succeeded: z.number().int(),
      failed: z.number().int(),
    }),
    menus: ['reviewRefund'],
    inject: userid,
  }),
});
