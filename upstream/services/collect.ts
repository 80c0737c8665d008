import Big from 'big.js';
import { z } from 'zod';
import { EXPIRY_MINUTES, overRequestMaximum, PAY_METHODS, PAY_TOKEN, PAYMENT_REQUEST_MAX_AMOUNT, PAYMENT_REQUEST_STATUSES, STORE_QR_EXPIRY, type PayMethod } from '../../lib/collect/codes';
import { toCompactDay, wallClock } from '../../lib/format/date';
import { amountRuleProblem } from '../../lib/refunds/codes';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { authedCall, type Endpoint, type PublicContext } from '../http/endpoint';
import { notFound, ServiceError } from '../http/errors';
import { amount, optionalText, pageOf, pageOffset, paging, text, timestamp14, wholeNumber } from '../http/inputs';
import { newToken } from '../http/principal';
import { mdrCents, type FeeRates } from '../rules/mdr';
import { centsToDecimal } from '../rules/money';
import { transactionNumbers } from '../rules/numbers';
import { timeSpan } from './scope-checks';

/**
 * Designed: collect payment (issue 15). Each store's payment QR code, and payment requests whose
 * pay link a customer pays once on the provider's payment page (served by these services in demo
 * and test mode, upstream/pay/page.ts). Customers only (the collect menus); scope from the token.
 */

/** A request's status as answered: an open request past its expiry (`$now`, the services' clock) is EXPIRED. */
const STATUS = (now: string) => `CASE WHEN p.status = 'OPEN' AND p.expires_at <= ${now}::timestamp THEN 'EXPIRED' ELSE p.status END`;

const refusal = (code: string, description: string) => new ServiceError(422, code, description);
const tooLarge = () => refusal('COLLECT_AMOUNT_TOO_LARGE', `A payment request is for at most HKD ${PAYMENT_REQUEST_MAX_AMOUNT}`);

/** A store of the scope that can take payments: active, of an active merchant of the caller's. */
const COLLECTING_STORES = `stores s JOIN merchants m ON m.merchant_no = s.merchant_no
  WHERE s.merchant_no = ANY($1::text[]) AND s.status = 'Active' AND m.status = 'Active'`;

/**
 * The stores' payment QR codes. A store's token is issued on first use and stays (a printed code
 * keeps working); issuing is a state change, logged with the stores it covered.
 */
const storeCodes = authedCall({
  method: 'GET',
  path: '/api/Collect/GetStoreCodes',
  rank: 'CUSTOMER',
  // Also the create form's store choices: a user with either collect menu may read them.
  menus: ['merchantCode', 'createTransaction'],
  writes: true,
  input: z.object({ merchant_no: optionalText(30), store_code: optionalText(30) }),
  async handle(context, input) {
    const { merchants } = await context.scope();
    const params = [merchants, input.merchant_no || null, input.store_code || null];
    const filter = `${COLLECTING_STORES} AND ($2::text IS NULL OR s.merchant_no = $2) AND ($3::text IS NULL OR s.store_code = $3)`;
    const missing = await context.db.query<{ store_code: string }>(
      `SELECT s.store_code FROM ${filter} AND NOT EXISTS (SELECT 1 FROM store_qr_codes q WHERE q.store_code = s.store_code) ORDER BY s.store_code`,
      params,
    );
    if (missing.length) {
      const codes = missing.map((row) => row.store_code);
      await context.db.query(
        'INSERT INTO store_qr_codes (store_code, token, issued_at) SELECT code, token, $3 FROM unnest($1::text[], $2::text[]) AS x(code, token) ON CONFLICT (store_code) DO NOTHING',
        [codes, codes.map(() => newToken()), context.clock.timestamp()],
      );
      await context.log('collect.code.issue', codes.join(' '), { stores: codes.length });
    }
    const data = await context.db.query(
      `SELECT s.merchant_no, m.business_name, m.business_cname, m.business_cname_hans, s.store_code, s.store_name, s.store_cname, s.store_cname_hans, q.token
         FROM ${filter.replace('stores s JOIN', 'stores s JOIN store_qr_codes q ON q.store_code = s.store_code JOIN')}
        ORDER BY s.merchant_no, s.store_code`,
      params,
    );
    if (input.store_code && data.length === 0) throw notFound('No such store');
    return { data };
  },
});

/**
 * Makes a payment request. The amount (> 0, at most 2 decimals) and the expiry (5 minutes to 7
 * days) are checked again here; the merchant must be the caller's and the store that merchant's.
 * The same `requestKey` of the same customer and merchant answers the request already made (a double
 * click, a replay), even when both arrive together: the unique key makes the second insert wait and
 * yield. Another merchant's key is as good as an unused one (migration 0013).
 */
const createRequest = authedCall({
  method: 'POST',
  path: '/api/Collect/CreatePaymentRequest',
  rank: 'CUSTOMER',
  menus: ['createTransaction'],
  input: z.object({
    merchantNo: text(30).min(1),
    storeCode: text(30).min(1),
    amount,
    description: optionalText(200),
    expiresInMinutes: wholeNumber(EXPIRY_MINUTES.min, EXPIRY_MINUTES.max),
    requestKey: z.string().regex(/^[A-Za-z0-9-]{8,100}$/),
  }),
  async handle(context, input) {
    if (new Big(input.amount).lte(0)) throw refusal('COLLECT_AMOUNT_INVALID', 'The amount must be greater than 0');
    if (overRequestMaximum(input.amount)) throw tooLarge();
    const { merchants } = await context.scope();
    const [store] = await context.db.query<{ customer_no: string }>(`SELECT m.customer_no FROM ${COLLECTING_STORES} AND s.merchant_no = $2 AND s.store_code = $3`, [
      merchants,
      input.merchantNo,
      input.storeCode,
    ]);
    if (!store) throw notFound('No such store of this merchant');
    const made = await insertRequest(context.db, context.clock, {
      customerNo: store.customer_no,
      merchantNo: input.merchantNo,
      storeCode: input.storeCode,
      amount: input.amount,
      description: input.description ?? '',
      minutes: input.expiresInMinutes,
      createdBy: context.principal.userId,
      requestKey: input.requestKey,
    });
    if (!made.replayed) await context.log('collect.request', made.requestNo, { amount: input.amount, merchantNo: input.merchantNo, storeCode: input.storeCode });
    return { success: 1, ...made };
  },
});

interface NewRequest {
  customerNo: string;
  merchantNo: string;
  storeCode: string;
  amount: string;
  description: string;
  minutes: number;
  createdBy: number | null;
  requestKey: string | null;
}

async function insertRequest(db: Database, clock: Clock, request: NewRequest) {
  const [seq] = await db.query<{ n: number }>("SELECT nextval('payment_request_no_seq')::int AS n");
  const requestNo = `PR${toCompactDay(wallClock(clock.now()).day)}${String(seq?.n ?? 0).padStart(8, '0')}`;
  const [row] = await db.query<{ id: number; token: string; expiresAt: string }>(
    `INSERT INTO payment_requests (request_no, token, customer_no, merchant_no, store_code, amount, description, created_at, created_by, expires_at, request_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8::timestamp + make_interval(mins => $10::int), $11)
     ON CONFLICT (customer_no, merchant_no, request_key) DO NOTHING
     RETURNING id::int AS id, token, to_char(expires_at, 'YYYYMMDDHH24MISS') AS "expiresAt"`,
    [requestNo, newToken(), request.customerNo, request.merchantNo, request.storeCode, request.amount, request.description, clock.timestamp(), request.createdBy, request.minutes, request.requestKey],
  );
  if (row) return { id: row.id, requestNo, token: row.token, expiresAt: row.expiresAt, replayed: false };
  const [earlier] = await db.query<{ id: number; requestNo: string; token: string; expiresAt: string; same: boolean }>(
    `SELECT id::int AS id, request_no AS "requestNo", token, to_char(expires_at, 'YYYYMMDDHH24MISS') AS "expiresAt",
            merchant_no = $3 AND store_code = $4 AND amount = $5::numeric AS same
       FROM payment_requests WHERE customer_no = $1 AND merchant_no = $3 AND request_key = $2`,
    [request.customerNo, request.requestKey, request.merchantNo, request.storeCode, request.amount],
  );
  if (!earlier) throw new ServiceError(409, 'REQUEST_KEY_REUSED', 'This request key was used for another payment request');
  if (!earlier.same) throw new ServiceError(409, 'REQUEST_KEY_REUSED', 'This request key was used for another payment request');
  return { id: earlier.id, requestNo: earlier.requestNo, token: earlier.token, expiresAt: earlier.expiresAt, replayed: true };
}

const SORTS = { createdAt: 'p.created_at', amount: 'p.amount', expiresAt: 'p.expires_at', status: 'status' } as const;

/** The scope's payment requests, by creation time (at most 366 days apart; the last 30 by default). */
const listRequests = authedCall({
  method: 'GET',
  path: '/api/Collect/GetPaymentRequests',
  rank: 'CUSTOMER',
  menus: ['createTransaction'],
  input: z.object({
    ...paging,
    sort: z.enum(Object.keys(SORTS) as [keyof typeof SORTS]).default('createdAt'),
    status: z.enum(PAYMENT_REQUEST_STATUSES).optional(),
    merchant_no: optionalText(30),
    store_code: optionalText(30),
    requestNo: optionalText(30),
    createdFrom: timestamp14.optional(),
    createdTo: timestamp14.optional(),
  }),
  async handle(context, input) {
    const { customers, merchants } = await context.scope();
    const span = timeSpan(context, input.createdFrom, input.createdTo, 30);
    const where = `FROM payment_requests p JOIN merchants m ON m.merchant_no = p.merchant_no JOIN stores s ON s.store_code = p.store_code
        LEFT JOIN users u ON u.user_id = p.created_by LEFT JOIN transactions t ON t.id = p.transaction_id
      WHERE p.customer_no = ANY($1::text[]) AND p.merchant_no = ANY($2::text[]) AND p.created_at BETWEEN $3 AND $4
        AND ($6::text IS NULL OR ${STATUS('$5')} = $6) AND ($7::text IS NULL OR p.merchant_no = $7)
        AND ($8::text IS NULL OR p.store_code = $8) AND ($9::text IS NULL OR p.request_no = $9)`;
    const params = [customers, merchants, span.start, span.end, context.clock.timestamp(), input.status ?? null, input.merchant_no || null, input.store_code || null, input.requestNo || null];
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total ${where}`, params);
    const direction = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT p.id::int AS id, p.request_no AS "requestNo", p.token, p.merchant_no, m.business_name, m.business_cname, m.business_cname_hans,
              p.store_code, s.store_name, s.store_cname, s.store_cname_hans,
              p.amount, p.currency, p.description, ${STATUS('$5')} AS status, to_char(p.created_at, 'YYYYMMDDHH24MISS') AS "createdAt",
              to_char(p.expires_at, 'YYYYMMDDHH24MISS') AS "expiresAt", coalesce(u.account, '') AS "createdBy",
              coalesce(to_char(p.paid_at, 'YYYYMMDDHH24MISS'), '') AS "paidAt", coalesce(p.payment_type, '') AS "paymentType",
              coalesce(t.refno, '') AS refno, coalesce(to_char(p.cancelled_at, 'YYYYMMDDHH24MISS'), '') AS "cancelledAt"
         ${where} ORDER BY ${SORTS[input.sort]} ${direction}, p.id ${direction} LIMIT $10 OFFSET $11`,
      [...params, input.limit, offset],
    );
    return { data, ...pageOf(total, input.limit, input.page) };
  },
});

/** Cancels an open request of the scope; one conditional UPDATE, so a payment and a cancel cannot both win. */
const cancelRequest = authedCall({
  method: 'POST',
  path: '/api/Collect/CancelPaymentRequest',
  rank: 'CUSTOMER',
  menus: ['createTransaction'],
  input: z.object({ id: wholeNumber(1) }),
  async handle(context, input) {
    const { customers, merchants } = await context.scope();
    const now = context.clock.timestamp();
    const [done] = await context.db.query<{ request_no: string }>(
      `UPDATE payment_requests SET status = 'CANCELLED', cancelled_at = $4, cancelled_by = $5
        WHERE id = $1 AND customer_no = ANY($2::text[]) AND merchant_no = ANY($3::text[]) AND status = 'OPEN' AND expires_at > $4::timestamp
        RETURNING request_no`,
      [input.id, customers, merchants, now, context.principal.userId],
    );
    if (!done) {
      const [existing] = await context.db.query('SELECT 1 FROM payment_requests WHERE id = $1 AND customer_no = ANY($2::text[]) AND merchant_no = ANY($3::text[])', [input.id, customers, merchants]);
      if (!existing) throw notFound('No such payment request');
      throw new ServiceError(409, 'COLLECT_NOT_OPEN', 'Only an open payment request can be cancelled');
    }
    await context.log('collect.cancel', done.request_no);
    return { success: 1 };
  },
});

export const COLLECT_ENDPOINTS: Endpoint[] = [storeCodes, createRequest, listRequests, cancelRequest];

/** The merchant's and the store's names in every language, as the payment pages show them (`m` merchants, `s` stores). */
const PAY_NAMES = `m.business_name AS "merchantName", m.business_cname AS "merchantCName", m.business_cname_hans AS "merchantCNameHans",
  s.store_name AS "storeName", s.store_cname AS "storeCName", s.store_cname_hans AS "storeCNameHans"`;

export interface PayNames {
  merchantName: string;
  merchantCName: string;
  merchantCNameHans: string | null;
  storeName: string;
  storeCName: string | null;
  storeCNameHans: string | null;
}

/** What the payment page shows of a request (by its token), with its status by the services' clock. */
export interface PayableRequest extends PayNames {
  id: number;
  requestNo: string;
  amount: string;
  description: string;
  status: (typeof PAYMENT_REQUEST_STATUSES)[number];
  expiresAt: string;
  refno: string;
}

export async function requestByToken(db: Database, clock: Clock, token: string, lock = false): Promise<PayableRequest | null> {
  if (!PAY_TOKEN.test(token)) return null;
  const [row] = await db.query<PayableRequest>(
    `SELECT p.id::int AS id, p.request_no AS "requestNo", ${PAY_NAMES},
            p.amount::text AS amount, p.description, ${STATUS('$2')} AS status, to_char(p.expires_at, 'YYYY-MM-DD HH24:MI') AS "expiresAt",
            coalesce((SELECT t.refno FROM transactions t WHERE t.id = p.transaction_id), '') AS refno
       FROM payment_requests p JOIN merchants m ON m.merchant_no = p.merchant_no JOIN stores s ON s.store_code = p.store_code
      WHERE p.token = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
    [token, clock.timestamp()],
  );
  return row ?? null;
}

/** A store's QR code page: the store and its merchant, while the store can take payments. */
export async function storeByToken(db: Database, token: string) {
  if (!PAY_TOKEN.test(token)) return null;
  const [row] = await db.query<{ customer_no: string; merchant_no: string; store_code: string } & PayNames>(
    `SELECT m.customer_no, s.merchant_no, s.store_code, ${PAY_NAMES}
       FROM store_qr_codes q JOIN stores s ON s.store_code = q.store_code JOIN merchants m ON m.merchant_no = s.merchant_no
      WHERE q.token = $1 AND s.status = 'Active' AND m.status = 'Active'`,
    [token],
  );
  return row ?? null;
}

/** The payer typed an amount on a store's QR page: a request of that store, paid on the next page. */
export async function requestFromStoreCode(context: PublicContext, token: string, value: string) {
  const store = await storeByToken(context.db, token);
  if (!store) throw notFound('No such store code');
  if (amountRuleProblem(value)) throw refusal('COLLECT_AMOUNT_INVALID', 'The amount must be greater than 0 with at most 2 decimals');
  if (overRequestMaximum(value)) throw tooLarge();
  const made = await insertRequest(context.db, context.clock, {
    customerNo: store.customer_no,
    merchantNo: store.merchant_no,
    storeCode: store.store_code,
    amount: value,
    description: '',
    minutes: STORE_QR_EXPIRY,
    createdBy: null,
    requestKey: null,
  });
  await context.log('collect.request', made.requestNo, { amount: value, merchantNo: store.merchant_no, storeCode: store.store_code, from: 'store code' });
  return made;
}

/**
 * Pays an open request: one SALE transaction of today (Hong Kong) at the store's first terminal,
 * numbered as the seed numbers its transactions, and the request marked paid with it. The request's
 * row is locked first, so of two payments racing the second sees it paid; the final UPDATE is
 * conditional as well, and the database allows one request per transaction.
 */
export async function payRequest(context: PublicContext, token: string, method: PayMethod) {
  const { db, clock } = context;
  const request = await requestByToken(db, clock, token, true);
  if (!request) throw notFound('No such payment request');
  if (request.status === 'PAID') throw new ServiceError(409, 'COLLECT_ALREADY_PAID', 'This payment request is already paid');
  if (request.status === 'CANCELLED') throw new ServiceError(409, 'COLLECT_CANCELLED', 'This payment request was cancelled');
  if (request.status === 'EXPIRED') throw new ServiceError(409, 'COLLECT_EXPIRED', 'This payment request has expired');
  const { paymentType, transType } = PAY_METHODS[method];
  const paymentInst = paymentType === 'VISA' ? paymentType : `${paymentType}_HK`;
  const [service] = await db.query<FeeRates & { customer_no: string; merchant_no: string; store_code: string; store_name: string; terminal_no: string | null }>(
    `SELECT p.customer_no, p.merchant_no, p.store_code, s.store_name,
            (SELECT min(terminal_no) FROM terminals x WHERE x.store_code = p.store_code AND x.status = 'Active') AS terminal_no,
            ps.fee_cn::float8 AS fee_cn, ps.fee_hk::float8 AS fee_hk, ps.fee_hk_master::float8 AS fee_hk_master, ps.fee_hk_visa::float8 AS fee_hk_visa,
            ps.fee_overseas_visa::float8 AS fee_overseas_visa, ps.fee_overseas_master::float8 AS fee_overseas_master
       FROM payment_requests p JOIN stores s ON s.store_code = p.store_code
       JOIN payment_services ps ON ps.merchant_no = p.merchant_no AND ps.payment_type = $2 AND ps.status = 'Y'
      WHERE p.id = $1`,
    [request.id, paymentType],
  );
  if (!service) throw refusal('COLLECT_METHOD_UNAVAILABLE', 'This merchant does not accept this payment method');
  if (!service.terminal_no) throw refusal('COLLECT_METHOD_UNAVAILABLE', 'This store has no terminal to take the payment');
  const now = wallClock(clock.now());
  const day = toCompactDay(now.day);
  const [seq] = await db.query<{ id: number }>("SELECT nextval(pg_get_serial_sequence('transactions', 'id'))::int AS id");
  const id = seq?.id as number;
  // Marked paid before the sale is written (the reference is checked at commit): a refusal here
  // leaves nothing behind, where a refusal after the insert would commit the sale (see runWrites).
  const [paid] = await db.query(
    "UPDATE payment_requests SET status = 'PAID', paid_at = $2, transaction_id = $3, payment_type = $4 WHERE id = $1 AND status = 'OPEN' AND expires_at > $2::timestamp RETURNING id",
    [request.id, now.time, id, paymentType],
  );
  if (!paid) throw new ServiceError(409, 'COLLECT_ALREADY_PAID', 'This payment request is already paid');
  const numbers = transactionNumbers(id, day, paymentType);
  const cents = Number(new Big(request.amount).times(100).toFixed(0));
  await db.query(
    `INSERT INTO transactions (id, customer_no, merchant_no, store_code, store_name, terminal_no, order_no, trade_no, out_trade_no, trans_amount, trans_type,
       category, trade_status, resp_code, payment_type, payment_inst, trans_currency, remark, trans_date, gmt_payment, traceno, invoice_no, refno, subject,
       sett_currency, exchange_rate, orgtransamount, orgtrans_currency, mdr_fee)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'SALE', 'SUCCESS', '00', $12, $13, 'HKD', $14, $15, $16, $17, $18, $19, $20, 'HKD', 1, $10, 'HKD', $21)`,
    [
      id, service.customer_no, service.merchant_no, service.store_code, service.store_name, service.terminal_no, numbers.orderNo, numbers.tradeNo, numbers.outTradeNo,
      request.amount, transType, paymentType, paymentInst, `Payment request ${request.requestNo}`, day, now.time, numbers.traceno, numbers.invoiceNo, numbers.refno,
      request.description || 'Payment request', centsToDecimal(mdrCents(cents, service, paymentType, paymentInst, false)),
    ],
  );
  await context.log('collect.pay', request.requestNo, { amount: request.amount, paymentType, refno: numbers.refno });
  return { ...request, status: 'PAID' as const, refno: numbers.refno, paymentType };
}
