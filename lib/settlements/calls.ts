import 'server-only';
import { z } from 'zod';
import { PAYMENT_TYPES } from '../domain/transaction-types';
import { maskTail } from '../data-table/columns';
import type { SessionData } from '../session/session';
import { calls, define, list, money, page, userid } from '../gateway/define';
import { merchantIdsOf } from '../merchants/ids';

/**
 * Settlement files ("Reconciliation") and remittances ("Fund settlement"), for the four screens
 * reconciliation, settles, reconWxAli and settleWxAli. The duplicate-request guard applies to all
 * of them (spec section 4). `walletsOnly` is how a WxAli screen asks for ALIPAY and WECHAT only; a
 * user without the full screen (role 6) gets only those whatever it sends (the services decide).
 */

const FILE_MENUS = ['reconciliation', 'reconWxAli'];
const REMIT_MENUS = ['settles', 'settleWxAli'];

const day8 = z.string().regex(/^\d{8}$/);
const span14 = z.string().regex(/^\d{14}$/);

/**
 * Spec section 6: settlement and reconciliation detail posts replace an empty merchant id with the
 * user's allowed merchant ids (partners) or null.
 */
const allowedMerchants = async (input: Record<string, unknown>, session: SessionData) => {
  if (input.merchant_no || session.rank !== 'PARTNER') return { ...input, merchant_no: input.merchant_no || null };
  const ids = await merchantIdsOf(session);
  // The services scope a partner by its token whatever is sent: without the list, none narrows it further.
  return { ...input, merchant_no: ids.ok ? ids.data : null };
};

export const settlementFile = z.looseObject({
  file_id: z.string(),
  file_name: z.string(),
  settledate: day8,
  merchant_no: z.string(),
  business_name: z.string(),
  payment_type: z.string(),
  batch_no: z.string(),
  total_count: z.number().int(),
  total_volume: money,
  mdr_fee: money,
  net_amount: money,
});

/** A settled transaction as a file's details and its download show it. */
const settledTransaction = z.looseObject({
  id: z.number().int(),
  gmt_payment: span14,
  merchant_no: z.string(),
  store_name: z.string(),
  terminal_no: z.string(),
  order_no: z.string(),
  trans_type: z.string(),
  category: z.enum(['SALE', 'VOID', 'REFUND', 'OTHER']),
  payment_type: z.string(),
  trans_amount: money,
  mdr_fee: money,
  refno: z.string(),
});

/** The full account number stops here: pages, browsers and exports see only its last 4 characters. */
export const remittance = z.looseObject({
  id: z.number().int(),
  reconciliation_date: day8,
  merchant_no: z.string(),
  business_name: z.string(),
  wallet: z.enum(['CARD', 'ALIPAY', 'WECHAT']),
  receivable_amount: money,
  fee: money,
  rate: money,
  bank_name: z.string(),
  account_no: z.string().transform(maskTail),
  account_name: z.string(),
  swift_code: z.string(),
  remit_order_type: z.string(),
  merge_remit: z.boolean(),
  member_count: z.number().int(),
  real_remit_amount: money,
  not_remit_amount: money,
  remit_status: z.enum(['REMITTED', 'PENDING', 'FAILED']),
});

export const SETTLEMENT_CALLS = calls({
  settlementFiles: define({
    method: 'GET',
    path: '/api/Settlement/GetSettleFileList',
    partnerVariant: true,
    input: z.object({
      ...page,
      sort: z.string().max(30).optional(),
      order: z.enum(['asc', 'desc']).optional(),
      customer_no: z.string().max(30).optional(),
      settleDateFrom: span14.optional(),
      settleDateTo: span14.optional(),
      merchant_no: z.string().max(30).optional(),
      payment_type: z.enum(PAYMENT_TYPES).optional(),
      batch_no: z.string().max(30).optional(),
      walletsOnly: z.boolean().optional(),
    }),
    answer: list(settlementFile).extend({ totalCount: z.number().int(), totalVolume: money, totalMdrFee: money }),
    menus: FILE_MENUS,
    guard: true,
    inject: userid,
    exposed: true,
  }),
  settlementFileDetail: define({
    method: 'POST',
    path: '/api/Settlement/GetSettleFileDetail',
    partnerVariant: true,
    input: z.object({ ...page, file_id: z.string().min(1).max(80), merchant_no: z.string().max(30).optional(), walletsOnly: z.boolean().optional() }),
    answer: list(settledTransaction).extend({ file: settlementFile }),
    menus: FILE_MENUS,
    guard: true,
    inject: userid,
    defaults: allowedMerchants,
    exposed: true,
  }),
  /** A file's rows for its download, a batch at a time after the last id (the download route only). */
  settlementFileRows: define({
    method: 'GET',
    path: '/api/Settlement/ExportSettleFileDetail',
    partnerVariant: true,
    input: z.object({ file_id: z.string().min(1).max(80), walletsOnly: z.boolean().optional(), after: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(5000).default(5000) }),
    answer: z.looseObject({ file: settlementFile, data: z.array(settledTransaction), next: z.number().int().nullable() }),
    menus: FILE_MENUS,
    guard: true,
    inject: userid,
  }),
  remittances: define({
    method: 'GET',
    path: '/api/Settlement/GetRemitList',
    partnerVariant: true,
    input: z.object({
      ...page,
      sort: z.string().max(30).optional(),
      order: z.enum(['asc', 'desc']).optional(),
      customer_no: z.string().max(30).optional(),
      reconDateFrom: span14.optional(),
      reconDateTo: span14.optional(),
      merchant_no: z.string().max(30).optional(),
      wallet: z.enum(['CARD', 'ALIPAY', 'WECHAT']).optional(),
      remit_order_type: z.string().regex(/^\d{2}$/).optional(),
      remitStatus: z.enum(['REMITTED', 'PENDING', 'FAILED']).optional(),
      walletsOnly: z.boolean().optional(),
    }),
    answer: list(remittance).extend({ totalReceivable: money, totalFee: money, totalRemitted: money, totalNotRemitted: money }),
    menus: REMIT_MENUS,
    guard: true,
    inject: userid,
    exposed: true,
  }),
  remittanceDetail: define({
    method: 'POST',
    path: '/api/Settlement/GetRemitDetail',
    partnerVariant: true,
    input: z.object({ id: z.number().int().min(1), merchant_no: z.string().max(30).optional(), walletsOnly: z.boolean().optional() }),
    answer: z.looseObject({ remittance, members: z.array(remittance), files: z.array(settlementFile) }),
    menus: REMIT_MENUS,
    guard: true,
    inject: userid,
    defaults: allowedMerchants,
    exposed: true,
  }),
});
