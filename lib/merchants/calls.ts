import 'server-only';
import { z } from 'zod';
import { PAYMENT_TYPES } from '../domain/transaction-types';
import { maskTail } from '../data-table/columns';
import { MERCHANT_STATUSES, SERVICE_STATUSES, STORE_STATUSES } from './codes';
import { calls, define, list, money, page, userid } from '../gateway/define';

/**
 * Merchant management: the merchant list made at sign-in, the customer and partner cards, and the
 * three screens' calls (merchant information, payment service, store information). Partners call
 * the `_20230314` variants (spec section 6). Bank account numbers stop here: pages, browsers and
 * exports see only their last 4 characters.
 */

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const order = z.enum(['asc', 'desc']).optional();
/** Fee rates in percent, as decimal text ("1.4500" is 1.45 %). */
const rate = money;

const merchantRow = z.looseObject({
  customer_no: z.string(),
  customer_name: z.string(),
  customer_cname: z.string(),
  merchant_no: z.string(),
  business_name: z.string(),
  business_cname: z.string(),
  assigned_date: isoDay,
  status: z.enum(MERCHANT_STATUSES),
  brExpiryDate: isoDay,
  cn_fee: rate,
  hk_fee: rate,
  paymentTypeNumber: z.number().int(),
  sidNumber: z.number().int(),
  tidNumber: z.number().int(),
  bank_name: z.string().nullable(),
  bank_cname: z.string().nullable(),
  bank_cname_hans: z.string().nullable(),
  account_no: z.string().nullable().transform((value) => (value ? maskTail(value) : value)),
});

const countText = z.string().regex(/^\d+$/);

export const MERCHANT_CALLS = calls({
  merchantList: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetMerchantList',
    input: z.object({
      ...page,
      limit: z.number().int().min(1).max(100).default(10),
      sort: z.literal('merchant_no').default('merchant_no'),
      order: z.enum(['asc', 'desc']).default('asc'),
      ispaging: z.boolean().default(false),
      /** A partner's customer: the merchants of that customer only (the services check it is the partner's). */
      customer_no: z.string().max(30).optional(),
      merchant_no: z.string().optional(),
    }),
    answer: list(
      z.looseObject({
        merchant_no: z.string(),
        paymentType: z.string(),
        /** The merchant's customer. */
        pid: z.string(),
        business_name: z.string().optional(),
        business_cname: z.string().nullish(),
        business_cname_hans: z.string().nullish(),
      }),
    ),
    inject: userid,
  }),
  customerInfo: define({
    method: 'GET',
    path: '/hk/api/MerchantInfo/GetCustomerInfo',
    partnerVariant: true,
    input: z.object({ customer_no: z.string().max(30).optional() }),
    answer: z.array(z.looseObject({ customer_no: z.string(), customer_name: z.string(), customer_cname: z.string(), customer_cname_hans: z.string().nullish(), store_count: z.number().int().optional() })),
    inject: userid,
    exposed: true,
  }),
  partnerList: define({
    method: 'GET',
    path: '/hk/api/PartnerInfo/GetPartnerList',
    input: z.object({}),
    answer: z.array(z.looseObject({ name: z.string(), cname: z.string().optional(), cname_hans: z.string().nullish(), partner_no: z.string(), midNumber: z.number().int() })),
    inject: userid,
  }),
  /** Merchant information (spec section 3): the merchants with their counts, bank account and the view's totals. */
  merchantInfo: define({
    method: 'GET',
    path: '/hk/api/MerchantInfo/GetMerchantInfo',
    partnerVariant: true,
    input: z.object({
      ...page,
      sort: z.enum(['merchant_no', 'business_name', 'assigned_date', 'status']).optional(),
      order,
      customer_no: z.string().max(30).optional(),
      merchant_no: z.string().max(30).optional(),
      status: z.enum(MERCHANT_STATUSES).optional(),
    }),
    answer: list(merchantRow).extend({ paymentTypeNumber: countText, midNumber: countText, sidNumber: countText, tidNumber: countText }),
    menus: ['merchants'],
    inject: userid,
  }),
  /** A merchant's contacts, for its details drawer. */
  merchantContacts: define({
    method: 'GET',
    path: '/hk/api/MerchantInfo/GetMerchantContacts',
    partnerVariant: true,
    input: z.object({ merchant_no: z.string().min(1).max(30) }),
    answer: z.looseObject({ data: z.array(z.looseObject({ id: z.number().int(), name: z.string(), mobile_no: z.string(), email: z.string() })) }),
    menus: ['merchants'],
    inject: userid,
    exposed: true,
  }),
  paymentServices: define({
    method: 'GET',
    path: '/hk/api/MerchantInfo/GetPaymentService',
    partnerVariant: true,
    input: z.object({
      ...page,
      sort: z.enum(['merchant_no', 'payment_type', 'status', 'activation_date']).optional(),
      order,
      customer_no: z.string().max(30).optional(),
      merchant_no: z.string().max(30).optional(),
      payment_type: z.enum(PAYMENT_TYPES).optional(),
      status: z.enum(SERVICE_STATUSES).optional(),
    }),
    answer: list(
      z.looseObject({
        merchant_no: z.string(),
        business_name: z.string(),
        business_cname: z.string(),
        payment_type: z.string(),
        status: z.enum(SERVICE_STATUSES),
        activation_date: isoDay,
        fee_cn: rate,
        fee_hk: rate,
        fee_hk_master: rate,
        fee_hk_visa: rate,
        fee_overseas_visa: rate,
        fee_overseas_master: rate,
        primary_email: z.string(),
        primary_contact: z.string(),
        bank_name: z.string(),
        payee: z.string(),
        account_no: z.string().transform(maskTail),
        swift_code: z.string(),
      }),
    ).extend({ enabledCount: z.number().int(), closedCount: z.number().int() }),
    menus: ['payments'],
    inject: userid,
  }),
  /** Choices of customer, merchant, store or terminal as the user types (designed, issue 29; lib/choices). */
  searchChoices: define({
    method: 'GET',
    path: '/hk/api/MerchantInfo/SearchChoices',
    input: z.object({
      kind: z.enum(['customer', 'merchant', 'store', 'terminal']),
      q: z.string().max(60).optional(),
      customer_no: z.string().max(30).optional(),
      merchant_no: z.string().max(30).optional(),
      store_code: z.string().max(30).optional(),
      values: z.array(z.string().max(30)).max(10).optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
    answer: z.object({
      data: z.array(
        z.object({
          value: z.string(),
          name: z.string().nullable(),
          cname: z.string().nullable(),
          cname_hans: z.string().nullable(),
          customer_no: z.string().nullable(),
          merchant_no: z.string().nullable(),
          store_code: z.string().nullable(),
        }),
      ),
      more: z.boolean(),
    }),
    inject: userid,
  }),
  /** Stores with their terminals: the spec's "store terminal" call, under the duplicate-request guard (section 4). */
  storeTerminals: define({
    method: 'GET',
    path: '/hk/api/MerchantInfo/GetStoreTerminal',
    partnerVariant: true,
    input: z.object({
      ...page,
      sort: z.enum(['store_code', 'store_name', 'merchant_no', 'status', 'activation_date']).optional(),
      order,
      customer_no: z.string().max(30).optional(),
      merchant_no: z.string().max(30).optional(),
      store_code: z.string().max(30).optional(),
      status: z.enum(STORE_STATUSES).optional(),
    }),
    answer: list(
      z.looseObject({
        store_code: z.string(),
        store_name: z.string().nullish(),
        store_cname: z.string().nullish(),
        store_cname_hans: z.string().nullish(),
        merchant_no: z.string().nullish(),
        /** The store's customer (through its merchant). */
        customer_no: z.string().nullish(),
        business_name: z.string().nullish(),
        business_cname: z.string().nullish(),
        business_cname_hans: z.string().nullish(),
        terminals: z.array(z.string()),
      }),
    ),
    menus: ['stores'],
    guard: true,
    inject: userid,
    exposed: true,
  }),
});
