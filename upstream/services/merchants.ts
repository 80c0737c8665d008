import { z } from 'zod';
import { PAYMENT_TYPES } from '../../lib/domain/transaction-types';
import { MERCHANT_STATUSES, SERVICE_STATUSES, STORE_STATUSES } from '../../lib/merchants/codes';
import { authedCall, type Endpoint } from '../http/endpoint';
import { optionalText, pageOf, pageOffset, paging, wholeNumber } from '../http/inputs';
import { notFound } from '../http/errors';
import { bankNames } from './names';
import { checkUserId, customersIn } from './scope-checks';
import { withPartnerVariant } from './transactions';

/**
 * The merchant list made right after login: every merchant id with its enabled payment types, its
 * customer (`pid`) and its names in each language, which every role may read (a merchant choice
 * names the merchant for any user who may choose it). `customer_no` narrows it to one customer of
 * the caller's scope.
 */
const merchantList = authedCall({
  method: 'GET',
  path: '/api/MerchantInfo/GetMerchantList',
  input: z.object({
    ...paging,
    order: z.enum(['asc', 'desc']).default('asc'),
    sort: z.enum(['merchant_no']).default('merchant_no'),
    userid: wholeNumber(1).optional(),
    customer_no: optionalText(30),
    merchant_no: optionalText(30),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const { merchants } = await context.scope();
    const customers = await customersIn(context, input.customer_no);
    const params = [merchants, input.merchant_no || null, customers];
    const where = 'm.merchant_no = ANY($1) AND ($2::text IS NULL OR m.merchant_no = $2) AND m.customer_no = ANY($3)';
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM merchants m WHERE ${where}`, params);
    const limit = input.ispaging === false ? 10_000 : input.limit;
    const offset = pageOffset(total, limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT m.merchant_no, m.business_name, m.business_cname, m.business_cname_hans, m.customer_no AS pid,
              coalesce(string_agg(p.payment_type, ',' ORDER BY p.payment_type) FILTER (WHERE p.status = 'Y'), '') AS "paymentType"
         FROM merchants m LEFT JOIN payment_services p ON p.merchant_no = m.merchant_no
        WHERE ${where} GROUP BY m.merchant_no ORDER BY m.merchant_no ${input.order === 'asc' ? 'ASC' : 'DESC'}
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    return { data, ...pageOf(total, limit, input.page) };
  },
});

const MERCHANT_SORTS = { merchant_no: 'm.merchant_no', business_name: 'm.business_name', assigned_date: 'm.assigned_date', status: 'm.status' } as const;

const merchantInfo = withPartnerVariant({
  method: 'GET',
  path: '/hk/api/MerchantInfo/GetMerchantInfo',
  menus: ['merchants', 'payments', 'stores', 'dashboard'],
  input: z.object({
    ...paging,
    sort: z.enum(Object.keys(MERCHANT_SORTS) as [keyof typeof MERCHANT_SORTS]).default('merchant_no'),
    order: z.enum(['asc', 'desc']).default('asc'),
    userid: wholeNumber(1).optional(),
    customer_no: optionalText(30),
    merchant_no: optionalText(30),
    groupID: optionalText(30),
    status: z.enum(MERCHANT_STATUSES).optional(),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const customers = await customersIn(context, input.customer_no);
    const { merchants } = await context.scope();
    const params = [customers, merchants, input.merchant_no || null, input.groupID || null, input.status ?? null];
    const where = `m.customer_no = ANY($1) AND m.merchant_no = ANY($2) AND ($3::text IS NULL OR m.merchant_no = $3)
      AND ($4::text IS NULL OR m.group_id = $4) AND ($5::text IS NULL OR m.status = $5)`;
    const counted = `
      SELECT m.*, c.customer_name, c.customer_cname, c.customer_cname_hans, g.group_name, g.group_cname, g.group_cname_hans, c.partner_no, p.name AS partner_name, p.cname AS partner_cname,
             p.cname_hans AS partner_cname_hans, ${bankNames('k', 'b.eng_name', 'b.ch_name')}, b.account_no, b.account_name, b.swiftcode,
             (SELECT count(*) FROM payment_services ps WHERE ps.merchant_no = m.merchant_no AND ps.status = 'Y')::int AS payment_type_count,
             (SELECT count(*) FROM stores s WHERE s.merchant_no = m.merchant_no)::int AS store_count,
             (SELECT count(*) FROM terminals t WHERE t.merchant_no = m.merchant_no)::int AS terminal_count
        FROM merchants m JOIN customers c ON c.customer_no = m.customer_no
        LEFT JOIN merchant_groups g ON g.group_id = m.group_id LEFT JOIN partners p ON p.partner_no = c.partner_no
        LEFT JOIN bank_accounts b ON b.merchant_no = m.merchant_no LEFT JOIN banks k ON k.bic8 = left(b.swiftcode, 8)
       WHERE ${where}`;
    const [totals] = await context.db.query<{ total: number; payment: number; stores: number; terminals: number }>(
      `SELECT count(*)::int AS total, coalesce(sum(payment_type_count), 0)::int AS payment, coalesce(sum(store_count), 0)::int AS stores,
              coalesce(sum(terminal_count), 0)::int AS terminals FROM (${counted}) x`,
      params,
    );
    const limit = input.ispaging === false ? 10_000 : input.limit;
    const offset = pageOffset(totals?.total ?? 0, limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT customer_no, customer_name, customer_cname, customer_cname_hans, merchant_no, business_name, business_cname, business_cname_hans,
              to_char(assigned_date, 'YYYY-MM-DD') AS assigned_date,
              tel_no, cn_fee::text, hk_fee::text, status, email, to_char(br_expiry_date, 'YYYY-MM-DD') AS "brExpiryDate", group_name AS "groupName", group_cname AS "groupCName", group_cname_hans AS "groupCNameHans",
              group_id AS "groupID", partner_no AS "partnerId", partner_name AS "partnerName", partner_cname AS "partnerCName", partner_cname_hans AS "partnerCNameHans",
              payment_type_count AS "paymentTypeNumber", 1 AS "midNumber", store_count AS "sidNumber", terminal_count AS "tidNumber",
              bank_name, bank_cname, bank_cname_hans, account_no, account_name, swiftcode
         FROM (${counted}) x ORDER BY ${MERCHANT_SORTS[input.sort].replace('m.', '')} ${input.order === 'asc' ? 'ASC' : 'DESC'}, merchant_no
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    const total = totals?.total ?? 0;
    return {
      data,
      totalAmount: '0.00',
      ...pageOf(total, limit, input.page),
      resulttext: total === 0 ? 'No data' : 'Success',
      groupName: '',
      groupID: input.groupID ?? '',
      paymentTypeNumber: String(totals?.payment ?? 0),
      midNumber: String(total),
      sidNumber: String(totals?.stores ?? 0),
      tidNumber: String(totals?.terminals ?? 0),
    };
  },
});

const customerInfo = withPartnerVariant({
  method: 'GET',
  path: '/hk/api/MerchantInfo/GetCustomerInfo',
  input: z.object({ userid: wholeNumber(1).optional(), customer_no: optionalText(30) }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const customers = await customersIn(context, input.customer_no);
    const { merchants } = await context.scope();
    return context.db.query(
      `SELECT c.customer_no, c.customer_name, c.customer_cname, c.customer_cname_hans,
              count(DISTINCT m.merchant_no)::int AS merchant_count, count(DISTINCT s.store_code)::int AS store_count,
              count(DISTINCT t.terminal_no)::int AS terminal_count
         FROM customers c LEFT JOIN merchants m ON m.customer_no = c.customer_no AND m.merchant_no = ANY($2)
         LEFT JOIN stores s ON s.merchant_no = m.merchant_no LEFT JOIN terminals t ON t.store_code = s.store_code
        WHERE c.customer_no = ANY($1) GROUP BY c.customer_no ORDER BY c.customer_no`,
      [customers, merchants],
    );
  },
});

const partnerList = authedCall({
  method: 'GET',
  path: '/hk/api/PartnerInfo/GetPartnerList',
  rank: 'PARTNER',
  input: z.object({ userid: wholeNumber(1).optional() }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const { merchants } = await context.scope();
    return context.db.query(
      `SELECT p.name, p.cname, p.cname_hans, p.partner_no, count(m.merchant_no)::int AS "midNumber"
         FROM partners p LEFT JOIN customers c ON c.partner_no = p.partner_no
         LEFT JOIN merchants m ON m.customer_no = c.customer_no AND m.merchant_no = ANY($2)
        WHERE p.partner_no = $1 GROUP BY p.partner_no`,
      [context.principal.typeNo, merchants],
    );
  },
});

const STORE_SORTS = { store_code: 's.store_code', store_name: 's.store_name', merchant_no: 's.merchant_no', status: 's.status', activation_date: 's.activation_date' } as const;

/** Stores with their terminals (the "store terminal" call of spec section 7, guarded in the portal). */
const storeTerminals = withPartnerVariant({
  method: 'GET',
  path: '/hk/api/MerchantInfo/GetStoreTerminal',
  menus: ['stores'],
  input: z.object({
    ...paging,
    order: z.enum(['asc', 'desc']).default('asc'),
    sort: z.enum(Object.keys(STORE_SORTS) as [keyof typeof STORE_SORTS]).default('store_code'),
    userid: wholeNumber(1).optional(),
    customer_no: optionalText(30),
    merchant_no: optionalText(30),
    store_code: optionalText(30),
    status: z.enum(STORE_STATUSES).optional(),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const customers = await customersIn(context, input.customer_no);
    const { merchants } = await context.scope();
    const params = [merchants, input.merchant_no || null, input.store_code || null, input.status ?? null, customers];
    const where = `s.merchant_no = ANY($1) AND ($2::text IS NULL OR s.merchant_no = $2) AND ($3::text IS NULL OR s.store_code = $3) AND ($4::text IS NULL OR s.status = $4)
      AND s.merchant_no IN (SELECT merchant_no FROM merchants WHERE customer_no = ANY($5))`;
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM stores s WHERE ${where}`, params);
    // Stores not yet active have no activation date: they sort after every date, whatever the direction.
    const direction = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT s.store_code, s.store_name, s.store_cname, s.store_cname_hans, s.merchant_no, m.customer_no, m.business_name, m.business_cname, m.business_cname_hans,
              s.province, s.city, s.district, s.address, s.cn_street, s.cn_street_hans, s.en_street,
              s.status, coalesce(to_char(s.activation_date, 'YYYY-MM-DD'), '') AS "activationDate",
              coalesce(array_agg(t.terminal_no ORDER BY t.terminal_no) FILTER (WHERE t.terminal_no IS NOT NULL), '{}') AS terminals,
              count(t.terminal_no)::int AS "tidNumber"
         FROM stores s JOIN merchants m ON m.merchant_no = s.merchant_no LEFT JOIN terminals t ON t.store_code = s.store_code
        WHERE ${where} GROUP BY s.store_code, m.customer_no, m.business_name, m.business_cname, m.business_cname_hans
        ORDER BY ${STORE_SORTS[input.sort]} ${direction} NULLS LAST, s.store_code ${direction} LIMIT ${input.limit} OFFSET ${offset}`,
      params,
    );
    return { data, ...pageOf(total, input.limit, input.page) };
  },
});

const SERVICE_SORTS = { merchant_no: 'p.merchant_no', payment_type: 'p.payment_type', status: 'p.status', activation_date: 'p.activation_date' } as const;

/**
 * Payment services (designed): each merchant's card schemes and wallets, enabled (Y) or closed (N),
 * with their fee rates in percent as decimal text and the account they pay into.
 */
const paymentServices = withPartnerVariant({
  method: 'GET',
  path: '/hk/api/MerchantInfo/GetPaymentService',
  menus: ['payments'],
  input: z.object({
    ...paging,
    order: z.enum(['asc', 'desc']).default('asc'),
    sort: z.enum(Object.keys(SERVICE_SORTS) as [keyof typeof SERVICE_SORTS]).default('merchant_no'),
    userid: wholeNumber(1).optional(),
    customer_no: optionalText(30),
    merchant_no: optionalText(30),
    payment_type: z.enum(PAYMENT_TYPES).optional(),
    status: z.enum(SERVICE_STATUSES).optional(),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const customers = await customersIn(context, input.customer_no);
    const { merchants } = await context.scope();
    const params = [merchants, customers, input.merchant_no || null, input.payment_type ?? null, input.status ?? null];
    const where = `p.merchant_no = ANY($1) AND m.customer_no = ANY($2) AND ($3::text IS NULL OR p.merchant_no = $3)
      AND ($4::text IS NULL OR p.payment_type = $4) AND ($5::text IS NULL OR p.status = $5)`;
    const from = 'payment_services p JOIN merchants m ON m.merchant_no = p.merchant_no';
    const [totals] = await context.db.query<{ total: number; enabled: number; closed: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE p.status = 'Y')::int AS enabled, count(*) FILTER (WHERE p.status = 'N')::int AS closed
         FROM ${from} WHERE ${where}`,
      params,
    );
    const direction = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(totals?.total ?? 0, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT p.merchant_no, m.business_name, m.business_cname, m.business_cname_hans, m.customer_no, p.payment_type, p.status,
              to_char(p.activation_date, 'YYYY-MM-DD') AS activation_date,
              p.fee_cn::text, p.fee_hk::text, p.fee_hk_master::text, p.fee_hk_visa::text, p.fee_overseas_visa::text, p.fee_overseas_master::text,
              p.primary_email, p.primary_contact, ${bankNames('k', 'p.bank_name')}, p.payee, p.account_no, p.swift_code
         FROM ${from} LEFT JOIN banks k ON k.bic8 = left(p.swift_code, 8) WHERE ${where}
        ORDER BY ${SERVICE_SORTS[input.sort]} ${direction}, p.merchant_no ${direction}, p.payment_type ${direction}
        LIMIT ${input.limit} OFFSET ${offset}`,
      params,
    );
    return { data, ...pageOf(totals?.total ?? 0, input.limit, input.page), enabledCount: totals?.enabled ?? 0, closedCount: totals?.closed ?? 0 };
  },
});

/** A merchant's contacts (designed), for its details; a merchant outside the caller's scope is not found. */
const merchantContacts = withPartnerVariant({
  method: 'GET',
  path: '/hk/api/MerchantInfo/GetMerchantContacts',
  menus: ['merchants'],
  input: z.object({ userid: wholeNumber(1).optional(), merchant_no: z.string().min(1).max(30) }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const { merchants } = await context.scope();
    if (!merchants.includes(input.merchant_no)) throw notFound('No such merchant');
    const data = await context.db.query('SELECT id, name, mobile_no, email FROM contacts WHERE merchant_no = $1 ORDER BY id', [input.merchant_no]);
    return { merchant_no: input.merchant_no, data };
  },
});

export const MERCHANT_ENDPOINTS: Endpoint[] = [merchantList, ...merchantInfo, ...customerInfo, partnerList, ...storeTerminals, ...paymentServices, ...merchantContacts];
