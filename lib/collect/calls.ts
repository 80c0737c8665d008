import 'server-only';
import { z } from 'zod';
import { DESCRIPTION_MAX, EXPIRY_MINUTES, PAY_TOKEN, PAYMENT_REQUEST_STATUSES } from './codes';
import { calls, define, list, money, page } from '../gateway/define';

const timestamp14 = z.string().regex(/^\d{14}$/);
const optional14 = z.union([timestamp14, z.literal('')]);

export const storeCodeRow = z.looseObject({
  merchant_no: z.string(),
  business_name: z.string(),
  business_cname: z.string(),
  store_code: z.string(),
  store_name: z.string(),
  token: z.string().regex(PAY_TOKEN),
});

export const paymentRequestRow = z.looseObject({
  id: z.number().int(),
  requestNo: z.string(),
  token: z.string().regex(PAY_TOKEN),
  merchant_no: z.string(),
  business_name: z.string(),
  business_cname: z.string(),
  store_code: z.string(),
  store_name: z.string(),
  amount: money,
  currency: z.string(),
  description: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  createdAt: timestamp14,
  expiresAt: timestamp14,
  createdBy: z.string(),
  paidAt: optional14,
  paymentType: z.string(),
  refno: z.string(),
  cancelledAt: optional14,
});

/** Collect payment (designed, upstream/README.md): stores' QR codes and payment requests; customers only. */
export const COLLECT_CALLS = calls({
  /** The stores that can take payments, with their QR code's token (the create form's store choices too). */
  collectStoreCodes: define({
    method: 'GET',
    path: '/api/Collect/GetStoreCodes',
    input: z.object({ merchant_no: z.string().max(30).optional(), store_code: z.string().max(30).optional() }),
    answer: z.looseObject({ data: z.array(storeCodeRow) }),
    menus: ['merchantCode', 'createTransaction'],
  }),
  /** The create route only (POST /api/collect/requests), with the form's schema checked first. */
  collectCreate: define({
    method: 'POST',
    path: '/api/Collect/CreatePaymentRequest',
    input: z.object({
      merchantNo: z.string().max(30),
      storeCode: z.string().max(30),
      amount: z.string().max(20),
      description: z.string().max(DESCRIPTION_MAX),
      expiresInMinutes: z.number().int().min(EXPIRY_MINUTES.min).max(EXPIRY_MINUTES.max),
      requestKey: z.string().max(100),
    }),
    answer: z.looseObject({ success: z.literal(1), id: z.number().int(), requestNo: z.string(), token: z.string().regex(PAY_TOKEN), expiresAt: timestamp14, replayed: z.boolean() }),
    menus: ['createTransaction'],
    guard: true,
  }),
  collectRequests: define({
    method: 'GET',
    path: '/api/Collect/GetPaymentRequests',
    input: z.object({
      ...page,
      sort: z.enum(['createdAt', 'amount', 'expiresAt', 'status']).default('createdAt'),
      order: z.enum(['asc', 'desc']).default('desc'),
      status: z.enum(PAYMENT_REQUEST_STATUSES).optional(),
      merchant_no: z.string().max(30).optional(),
      store_code: z.string().max(30).optional(),
      requestNo: z.string().max(30).optional(),
      createdFrom: timestamp14.optional(),
      createdTo: timestamp14.optional(),
    }),
    answer: list(paymentRequestRow),
    menus: ['createTransaction'],
  }),
  /** The row's cancel (confirmed in the drawer); the services refuse a request no longer open. */
  collectCancel: define({
    method: 'POST',
    path: '/api/Collect/CancelPaymentRequest',
    input: z.object({ id: z.number().int().positive() }),
    answer: z.looseObject({ success: z.literal(1) }),
    menus: ['createTransaction'],
    exposed: true,
  }),
});
