import Big from 'big.js';
import { z } from 'zod';
import { REFUND_SPAN_DAYS } from '../../lib/format/span';
import { REASON_MAX, REASON_TYPES } from '../../lib/refunds/codes';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { authedCall, type AuthedContext, type Endpoint } from '../http/endpoint';
import { forbidden, notFound, ServiceError } from '../http/errors';
import { amount, optionalText, pageOf, pageOffset, paging, text, timestamp14, wholeNumber } from '../http/inputs';
import { verifyPassword } from '../rules/password-hash';
import { proofFields } from '../../lib/two-step/rules';
import { factorsOf, hasFactor, stepUp } from './factor-proof';
import { passwordColumn, STALE, untilStable } from './passwords';
import { storeNames } from './names';
import { checkUserId, timeSpan } from './scope-checks';
import { TRANSACTION_COLUMNS } from './transactions';

export const APPROVAL = { pending: '10', approvedUnpaid: '20', approvedPaid: '30', rejected: '40', cancelled: '50' } as const;

/**
 * What can still be refunded of a sale: its amount less voids and refunds already made and less
 * requests still waiting (10) or approved but unpaid (20). Paid requests (30) have become refund
 * transactions and count through those.
 */
const REFUND_BALANCE = (t: string) => `(${t}.trans_amount
  - coalesce((SELECT sum(x.trans_amount) FROM transactions x WHERE x.original_id = ${t}.id AND x.category IN ('REFUND', 'VOID')), 0)
  - coalesce((SELECT sum(r.refund_amount) FROM refunds r WHERE r.transaction_id = ${t}.id AND r.approve_status IN ('10', '20')), 0))::numeric(18,2)`;

/** What voids took of a sale and when the last was made (14 digits, empty when none): a voided sale is told as one. */
const VOIDED = (t: string) => `
  coalesce((SELECT sum(v.trans_amount) FROM transactions v WHERE v.original_id = ${t}.id AND v.category = 'VOID'), 0)::numeric(18,2) AS "voidedAmount",
  coalesce((SELECT to_char(max(v.gmt_payment), 'YYYYMMDDHH24MISS') FROM transactions v WHERE v.original_id = ${t}.id AND v.category = 'VOID'), '') AS "voidTime"`;

const findTransaction = authedCall({
  method: 'GET',
  path: '/transaction/api/v1/refund/getEpaTrans',
  menus: ['refundRequest'],
  input: z
    .object({
      merchantNo: optionalText(30),
      terminalNo: optionalText(30),
      alipayOrder: optionalText(64),
      eftOrder: optionalText(64),
      refno: optionalText(64),
      traceNo: optionalText(20),
      userid: wholeNumber(1).optional(),
    })
    .refine((i) => i.alipayOrder || i.eftOrder || i.refno || (i.traceNo && i.terminalNo), 'give an order, EFT or RRN number, or a terminal and trace number'),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const { customers, merchants } = await context.scope();
    const data = await context.db.query(
      `SELECT ${TRANSACTION_COLUMNS}, ${storeNames('t')}, ${REFUND_BALANCE('t')} AS "refundBalance",
              (t.trans_amount - ${REFUND_BALANCE('t')})::numeric(18,2) AS "hasRefundAmount",
              ${VOIDED('t')}
         FROM transactions t
        WHERE t.customer_no = ANY($1) AND t.merchant_no = ANY($2) AND t.category = 'SALE'
          AND ($3::text IS NULL OR t.merchant_no = $3) AND ($4::text IS NULL OR t.terminal_no = $4)
          AND ($5::text IS NULL OR t.order_no = $5) AND ($6::text IS NULL OR t.out_trade_no = $6)
          AND ($7::text IS NULL OR t.refno = $7) AND ($8::text IS NULL OR t.traceno = $8)
        ORDER BY t.gmt_payment DESC LIMIT 20`,
      [customers, merchants, input.merchantNo || null, input.terminalNo || null, input.alipayOrder || null, input.eftOrder || null, input.refno || null, input.traceNo || null],
    );
    return { data };
  },
});

const refusal = (code: string, description: string, params?: Record<string, unknown>) => new ServiceError(422, code, description, params);

const createRefund = authedCall({
  method: 'POST',
  path: '/transaction/api/v1/refund/epaRefunds',
  menus: ['refundRequest'],
  input: z.object({
    transDate: z.string().regex(/^\d{8}$/, 'must be yyyyMMdd').optional(),
    transTime: z.string().regex(/^\d{6}$/, 'must be HHmmss').optional(),
    alipayOrder: optionalText(64),
    customerNo: optionalText(30),
    merchantNo: text(30).min(1),
    terminalNo: optionalText(30),
    traceNo: optionalText(20),
    oldRefNo: optionalText(64),
    ercrfn: optionalText(64),
    reason: text(500).trim().min(1, 'is required'),
    reasonType: z.enum(REASON_TYPES),
    refundAmount: amount,
    platform: z.literal('EPA').default('EPA'),
    /** Idempotency: the same key of the same customer and merchant answers the request it already made. */
    requestKey: z.string().regex(/^[A-Za-z0-9-]{8,100}$/).optional(),
  }),
  async handle(context, input) {
    const { db, clock, principal } = context;
    if (!principal.canApply) throw forbidden('This role cannot request refunds');
    if (!input.alipayOrder && !input.oldRefNo) throw new ServiceError(400, 'INVALID_INPUT', 'Give the order number (alipayOrder) or the reference number (oldRefNo)');
    if (Number(input.refundAmount) <= 0) throw refusal('REFUND_AMOUNT_INVALID', 'The refund amount must be greater than 0');
    const { customers, merchants } = await context.scope();
    const result = await db.transaction(async (tx) => {
      const [sale] = await tx.query<{ id: number; customer_no: string; merchant_no: string; store_code: string; terminal_no: string; category: string; trans_amount: string; day: string; time: string }>(
        `SELECT id, customer_no, merchant_no, store_code, terminal_no, category, trans_amount,
                to_char(gmt_payment, 'YYYYMMDD') AS day, to_char(gmt_payment, 'HH24MISS') AS time
           FROM transactions
          WHERE customer_no = ANY($1) AND merchant_no = ANY($2) AND merchant_no = $3
            AND ($4::text IS NULL OR order_no = $4) AND ($5::text IS NULL OR refno = $5)
            AND ($6::text IS NULL OR terminal_no = $6) AND ($7::text IS NULL OR traceno = $7)
          ORDER BY id LIMIT 1 FOR UPDATE`,
        [customers, merchants, input.merchantNo, input.alipayOrder || null, input.oldRefNo || null, input.terminalNo || null, input.traceNo || null],
      );
      if (!sale || (input.transDate && input.transDate !== sale.day) || (input.transTime && input.transTime !== sale.time)) {
        throw new ServiceError(404, 'TRANSACTION_NOT_FOUND', 'The transaction does not exist');
      }
      // Checked under the sale's row lock: a concurrent twin of this request has committed by now.
      // Keys are the merchant's own (migration 0013): another merchant's key is as good as an unused one.
      /** The request this key already made, answered again; 409 when the key made another one. */
      const earlierByKey = async () => {
        const [earlier] = await tx.query<{ refund_id: number; refund_no: string; transaction_id: number; refund_amount: string }>(
          'SELECT refund_id, refund_no, transaction_id, refund_amount FROM refunds WHERE customer_no = $1 AND merchant_no = $2 AND request_key = $3',
          [sale.customer_no, sale.merchant_no, input.requestKey],
        );
        if (!earlier) return null;
        if (Number(earlier.transaction_id) !== Number(sale.id) || !new Big(earlier.refund_amount).eq(input.refundAmount)) {
          throw new ServiceError(409, 'REQUEST_KEY_REUSED', 'This request key was used for another refund request');
        }
        return { refundId: earlier.refund_id, refundNo: earlier.refund_no, replayed: true };
      };
      if (input.requestKey) {
        const replayed = await earlierByKey();
        if (replayed) return replayed;
      }
      if (sale.category !== 'SALE' || Number(sale.trans_amount) === 0) throw refusal('NOT_REFUNDABLE', 'This transaction cannot be refunded');
      const [balance] = await tx.query<{ balance: string; exceeds_amount: boolean; exceeds_balance: boolean }>(
        `SELECT ${REFUND_BALANCE('t')} AS balance, $2::numeric > t.trans_amount AS exceeds_amount, $2::numeric > ${REFUND_BALANCE('t')} AS exceeds_balance
           FROM transactions t WHERE t.id = $1`,
        [sale.id, input.refundAmount],
      );
      if (!balance || Number(balance.balance) <= 0) throw refusal('NO_REFUNDABLE_BALANCE', 'Nothing of this transaction is left to refund', { balance: balance?.balance ?? '0.00' });
      if (balance.exceeds_amount) throw refusal('REFUND_EXCEEDS_AMOUNT', 'The refund amount exceeds the transaction amount', { transAmount: sale.trans_amount });
      if (balance.exceeds_balance) throw refusal('REFUND_EXCEEDS_BALANCE', `The refund amount exceeds the refundable balance of ${balance.balance}`, { balance: balance.balance });
      const [seq] = await tx.query<{ n: number }>("SELECT nextval('refund_no_seq')::int AS n");
      const stamp = clock.timestamp().slice(0, 10).replace(/-/g, '');
      const refundNo = `RF${stamp}P${String(seq?.n ?? 0).padStart(8, '0')}`;
      const [row] = await tx.query<{ refund_id: number }>(
        `INSERT INTO refunds (refund_no, refund_batch_no, transaction_id, customer_no, merchant_no, store_code, terminal_no,
           refund_amount, reason, reason_type, apply_user_id, create_date, approve_status, platform, request_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '10', $13, $14)
         ON CONFLICT (customer_no, merchant_no, request_key) WHERE request_key IS NOT NULL DO NOTHING RETURNING refund_id`,
        [
          refundNo, `RB${stamp}${String(principal.userId).padStart(4, '0')}`, sale.id, sale.customer_no, sale.merchant_no, sale.store_code, sale.terminal_no,
          input.refundAmount, input.reason, input.reasonType, principal.userId, clock.timestamp(), input.platform, input.requestKey ?? null,
        ],
      );
      // The same key on another sale of the merchant, committed meanwhile (a row lock of its own): answered as a reuse, not a fault.
      if (!row) {
        const replayed = await earlierByKey();
        if (!replayed) throw new Error('A refund request key conflicted with no request');
        return replayed;
      }
      return { refundId: row.refund_id, refundNo, replayed: false };
    });
    if (!result.replayed) await context.log('refund.request', result.refundNo, { amount: input.refundAmount, merchantNo: input.merchantNo });
    return { success: 1, ...result };
  },
});

const voidRefund = authedCall({
  method: 'DELETE',
  path: '/transaction/api/v1/refund/epaRefunds',
  menus: ['refundRequest'],
  input: z.object({ refundId: wholeNumber(1) }),
  async handle(context, input) {
    const { customers, merchants } = await context.scope();
    const { principal } = context;
    const [done] = await context.db.query<{ refund_no: string }>(
      `UPDATE refunds SET approve_status = '50', finish_date = $4
        WHERE refund_id = $1 AND customer_no = ANY($2) AND merchant_no = ANY($6) AND approve_status = '10' AND (apply_user_id = $3 OR $5)
        RETURNING refund_no`,
      [input.refundId, customers, principal.userId, context.clock.timestamp(), principal.roleId === 1, merchants],
    );
    if (!done) {
      // Scoped as the UPDATE and the lists are: a request of a merchant outside the caller's scope answers as a missing one.
      const [existing] = await context.db.query<{ approve_status: string }>(
        'SELECT approve_status FROM refunds WHERE refund_id = $1 AND customer_no = ANY($2) AND merchant_no = ANY($3)',
        [input.refundId, customers, merchants],
      );
      if (!existing) throw notFound('No such refund request');
      if (existing.approve_status !== '10') throw new ServiceError(409, 'REFUND_NOT_PENDING', 'Only a request still waiting for approval can be cancelled');
      throw forbidden('Only the requester or the administrator can cancel this request');
    }
    await context.log('refund.cancel', done.refund_no);
    return { success: 1 };
  },
});

const REFUND_SORTS = { transTime: 't.gmt_payment', createDate: 'r.create_date', refundAmount: 'r.refund_amount', approveDate: 'r.approve_date' } as const;

const REFUND_RECORD = `
  to_char(t.gmt_payment, 'YYYYMMDDHH24MISS') AS "transTime", r.refund_amount AS "refundAmount", t.trans_amount AS "transAmount",
  r.merchant_no AS "merchantNo", m.business_name AS "merchantName", m.business_cname AS "merchantCName", m.business_cname_hans AS "merchantCNameHans",
  r.store_code AS "storeNo", t.store_name AS "storeName", ${storeNames('t', { hant: 'storeCName', hans: 'storeCNameHans' })},
  r.terminal_no AS "terminalNo", t.trans_type AS "transType", t.order_no AS "alipayOrder", t.out_trade_no AS "eftOrder",
  t.traceno AS "traceNo", t.trans_currency AS "transCurrency", t.trade_status AS "tradeStatus", t.payment_type AS "paymentType",
  t.payment_inst AS "paymentInst", t.remark, t.invoice_no AS "invoiceNo", t.refno, r.refund_id AS "refundId", r.refund_no AS "refundNo",
  r.refund_batch_no AS "refundBatchNo", r.reason, r.reason_type AS "reasonType", coalesce(r.reject_reason, '') AS "rejectReason", au.account AS "applyUser", au.name AS "applyUserName",
  pu.account AS "approveUser", pu.name AS "approveUserName", to_char(r.create_date, 'YYYYMMDDHH24MISS') AS "createDate",
  coalesce(to_char(r.approve_date, 'YYYYMMDDHH24MISS'), '') AS "approveDate", coalesce(to_char(r.finish_date, 'YYYYMMDDHH24MISS'), '') AS "finishDate",
  r.approve_status AS "approveStatus", CASE WHEN r.approve_status = '50' THEN 'not applied' ELSE 'applied' END AS "applyStatus",
  r.platform, ${REFUND_BALANCE('t')} AS "refundBalance", r.customer_no AS "customerNo", c.customer_name AS "customerName",
  c.customer_cname AS "customerCName", c.customer_cname_hans AS "customerCNameHans"`;

const REFUND_FROM = `refunds r JOIN transactions t ON t.id = r.transaction_id JOIN merchants m ON m.merchant_no = r.merchant_no
  JOIN customers c ON c.customer_no = r.customer_no JOIN users au ON au.user_id = r.apply_user_id LEFT JOIN users pu ON pu.user_id = r.approve_user_id`;

const listRefunds = authedCall({
  method: 'GET',
  path: '/transaction/api/v1/refund/epaRefunds',
  menus: ['refundRequest', 'reviewRefund'],
  input: z.object({
    ...paging,
    rftype: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform(Number),
    sorting: z.enum(Object.keys(REFUND_SORTS) as [keyof typeof REFUND_SORTS]).default('transTime'),
    orderBy: z.enum(['asc', 'desc']).default('desc'),
    transStartDate: timestamp14.optional(),
    transEndDate: timestamp14.optional(),
    transAmountMin: amount.optional(),
    transAmountMax: amount.optional(),
    midSource: optionalText(30),
    merchantNo: optionalText(30),
    storeNo: optionalText(30),
    terminalNo: optionalText(30),
    alipayOrder: optionalText(64),
    eftOrder: optionalText(64),
    refundNo: optionalText(64),
    refundBatchNo: optionalText(64),
    approveStatus: z.enum(['', '10', '20', '30', '40', '50']).optional(),
    platform: optionalText(10),
    refno: optionalText(64),
    userid: wholeNumber(1).optional(),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    if (input.rftype === 2 && !context.principal.canApprove) throw forbidden('This role cannot review refunds');
    const span = timeSpan(context, input.transStartDate, input.transEndDate, 1, REFUND_SPAN_DAYS);
    const { customers, merchants } = await context.scope();
    const status = input.rftype === 2 ? APPROVAL.pending : input.approveStatus || null;
    const params = [
      customers, merchants, span.start, span.end, status, input.transAmountMin ?? null, input.transAmountMax ?? null,
      input.merchantNo || input.midSource || null, input.storeNo || null, input.terminalNo || null, input.alipayOrder || null,
      input.eftOrder || null, input.refundNo || null, input.refundBatchNo || null, input.refno || null,
    ];
    const where = `r.customer_no = ANY($1) AND r.merchant_no = ANY($2) AND r.create_date BETWEEN $3 AND $4
      AND ($5::text IS NULL OR r.approve_status = $5) AND ($6::numeric IS NULL OR t.trans_amount >= $6) AND ($7::numeric IS NULL OR t.trans_amount <= $7)
      AND ($8::text IS NULL OR r.merchant_no = $8) AND ($9::text IS NULL OR r.store_code = $9) AND ($10::text IS NULL OR r.terminal_no = $10)
      AND ($11::text IS NULL OR t.order_no = $11) AND ($12::text IS NULL OR t.out_trade_no = $12) AND ($13::text IS NULL OR r.refund_no = $13)
      AND ($14::text IS NULL OR r.refund_batch_no = $14) AND ($15::text IS NULL OR t.refno = $15)`;
    const [totals] = await context.db.query<{ total: number; amount: string }>(
      `SELECT count(*)::int AS total, coalesce(sum(r.refund_amount), 0)::numeric(18,2) AS amount FROM ${REFUND_FROM} WHERE ${where}`,
      params,
    );
    const limit = input.ispaging === false ? 1000 : input.limit;
    const offset = pageOffset(totals?.total ?? 0, limit, input.page);
    const data =
      offset === null
        ? []
        : await context.db.query(
            `SELECT ${REFUND_RECORD} FROM ${REFUND_FROM} WHERE ${where}
              ORDER BY ${REFUND_SORTS[input.sorting]} ${input.orderBy === 'asc' ? 'ASC' : 'DESC'}, r.refund_id DESC LIMIT ${limit} OFFSET ${offset}`,
            params,
          );
    return { data, totalAmount: totals?.amount ?? '0.00', ...pageOf(totals?.total ?? 0, limit, input.page) };
  },
});

const approvals = authedCall({
  method: 'GET',
  path: '/transaction/api/v1/refund/getRefundApprovals',
  menus: ['reviewRefund'],
  input: z.object({ ...paging, apprStartDate: timestamp14.optional(), apprEndDate: timestamp14.optional(), userid: wholeNumber(1).optional() }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const span = timeSpan(context, input.apprStartDate, input.apprEndDate, REFUND_SPAN_DAYS, REFUND_SPAN_DAYS);
    const { customers, merchants } = await context.scope();
    const where = "r.customer_no = ANY($1) AND r.merchant_no = ANY($4) AND r.approve_status IN ('20', '30', '40') AND r.approve_date BETWEEN $2 AND $3";
    const params = [customers, span.start, span.end, merchants];
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM refunds r WHERE ${where}`, params);
    const offset = pageOffset(total, input.limit, input.page);
    const data =
      offset === null
        ? []
        : await context.db.query(
            `SELECT ${REFUND_RECORD} FROM ${REFUND_FROM} WHERE ${where} ORDER BY r.approve_date ${input.order === 'asc' ? 'ASC' : 'DESC'}, r.refund_id DESC
              LIMIT ${input.limit} OFFSET ${offset}`,
            params,
          );
    return { data, ...pageOf(total, input.limit, input.page) };
  },
});

const approvalLocked = (lockedUntil: string) =>
  new ServiceError(423, 'APPROVAL_LOCKED', 'Approvals are locked after too many wrong passwords; try again later', { lockedUntil });

/**
 * The approver's password (management password where the role has one, else the login password),
 * with wrong entries counted like sign-ins: after `lockoutFailures` of them in a row, approvals
 * lock for `lockoutMinutes`. The hash is checked before the decisions' transaction (it holds no
 * connection or lock); the transaction then locks the approver's row, refuses if approvals locked
 * or the password changed meanwhile (checked again), and counts a wrong one in one statement, so
 * concurrent guesses cannot skip the lock.
 */
async function checkApprovalPassword(context: AuthedContext, password: string) {
  const { db, clock, principal } = context;
  const kind = principal.hasOpPassword ? 'op' : 'login';
  const [state] = await db.query<{ approval_locked_until: string | null; hash: string | null }>(
    `SELECT approval_locked_until, ${passwordColumn(kind)} AS hash FROM users WHERE user_id = $1`,
    [principal.userId],
  );
  if (state?.approval_locked_until && state.approval_locked_until > clock.timestamp()) throw approvalLocked(state.approval_locked_until);
  const hash = state?.hash ?? null;
  return { kind, hash, matches: hash !== null && (await verifyPassword(password, hash)) } as const;
}

/** In the decisions' transaction: the password check's outcome written, or STALE when it must be made again. */
async function recordApprovalPassword(step: AuthedContext, checked: Awaited<ReturnType<typeof checkApprovalPassword>>, refundIds: readonly number[]) {
  const { db, clock, config, principal } = step;
  const now = clock.timestamp();
  const [row] = await db.query<{ approval_locked_until: string | null; hash: string | null }>(
    `SELECT approval_locked_until, ${passwordColumn(checked.kind)} AS hash FROM users WHERE user_id = $1 FOR UPDATE`,
    [principal.userId],
  );
  if (row?.approval_locked_until && row.approval_locked_until > now) throw approvalLocked(row.approval_locked_until);
  if ((row?.hash ?? null) !== checked.hash) return STALE;
  if (checked.matches) {
    await db.query('UPDATE users SET approval_failures = 0 WHERE user_id = $1 AND approval_failures <> 0', [principal.userId]);
    return 'ok' as const;
  }
  const lockUntil = clock.timestamp(config.lockoutMinutes);
  const [after] = await db.query<{ locked: boolean; failures: number }>(
    `UPDATE users SET approval_failures = CASE WHEN approval_failures + 1 >= $2 THEN 0 ELSE approval_failures + 1 END,
                      approval_locked_until = CASE WHEN approval_failures + 1 >= $2 THEN $3::timestamp ELSE approval_locked_until END
      WHERE user_id = $1 RETURNING approval_locked_until IS NOT NULL AND approval_locked_until > $4 AS locked, approval_failures AS failures`,
    [principal.userId, config.lockoutFailures, lockUntil, now],
  );
  // Refused, not done: the log's outcome says so, and names the requests the approver tried to decide.
  await step.log(after?.locked ? 'refund.approve.locked' : 'refund.approve.password_failed', '', { refundIds: [...refundIds] }, undefined, 'refused');
  if (after?.locked) throw approvalLocked(lockUntil);
  throw new ServiceError(422, 'APPROVAL_PASSWORD_WRONG', 'The password is incorrect', { remaining: config.lockoutFailures - (after?.failures ?? 0) });
}

/** Approve (20) or reject (40) pending requests; each item on its own, atomically. */
const decide = authedCall({
  method: 'POST',
  path: '/transaction/api/v1/postRefundApprovals',
  menus: ['reviewRefund'],
  input: z.object({
    refundArray: z.array(wholeNumber(1)).min(1).max(50),
    result: z.enum(['approve', 'reject', '20', '40']).transform((v) => (v === 'approve' || v === '20' ? APPROVAL.approvedUnpaid : APPROVAL.rejected)),
    // The password where the approver has no second factor; else the factor (issue 26: step-up).
    password: text(256).optional(),
    ...proofFields,
    /** Designed (the spec's answer is refundArray and result): why a rejection, which the maker reads. Required to reject. */
    reason: optionalText(REASON_MAX),
    userid: wholeNumber(1).optional(),
  }),
  // The approval password (scrypt) is checked before the decisions' short transaction.
  outsideTransaction: true,
  async handle(context, input) {
    const { principal } = context;
    checkUserId(context, input.userid);
    if (!principal.canApprove) throw forbidden('This role cannot approve refunds');
    // Before the password is weighed: a rejection without its reason is refused whatever the password.
    const rejectReason = input.result === APPROVAL.rejected ? input.reason?.trim() || null : null;
    if (input.result === APPROVAL.rejected && !rejectReason) throw refusal('REJECT_REASON_REQUIRED', 'A rejection needs its reason');
    return untilStable(async () => {
      const factor = hasFactor(await factorsOf(context.db, principal.userId));
      if (!factor && !input.password) throw new ServiceError(422, 'APPROVAL_PASSWORD_REQUIRED', 'The password is required');
      const checked = factor ? null : await checkApprovalPassword(context, input.password ?? '');
      return context.writes(async (step) => {
        if (checked ? (await recordApprovalPassword(step, checked, input.refundArray)) === STALE : !(await stepUp(step, input))) return STALE;
        const { db, clock } = step;
        const { customers, merchants } = await step.scope();
        const result = [];
        for (const refundId of [...new Set(input.refundArray)]) {
          const [done] = await db.query<{ refund_no: string }>(
            `UPDATE refunds SET approve_status = $2, approve_user_id = $3, approve_date = $4, reject_reason = $7
              WHERE refund_id = $1 AND approve_status = '10' AND customer_no = ANY($5) AND merchant_no = ANY($6) AND apply_user_id <> $3 RETURNING refund_no`,
            [refundId, input.result, principal.userId, clock.timestamp(), customers, merchants, rejectReason],
          );
          if (done) {
            if (rejectReason) await step.log('refund.reject', done.refund_no, { reason: rejectReason });
            else await step.log('refund.approve', done.refund_no);
            result.push({ refundId, success: true });
            continue;
          }
          // Scoped as the UPDATE is: a request of a merchant outside the caller's scope is NOT_FOUND, as a missing one is.
          const [existing] = await db.query<{ approve_status: string; apply_user_id: number }>(
            'SELECT approve_status, apply_user_id FROM refunds WHERE refund_id = $1 AND customer_no = ANY($2) AND merchant_no = ANY($3)',
            [refundId, customers, merchants],
          );
          const code = !existing ? 'NOT_FOUND' : existing.approve_status !== '10' ? 'REFUND_NOT_PENDING' : 'OWN_REQUEST';
          result.push({ refundId, success: false, code });
        }
        return { result, succeeded: result.filter((r) => r.success).length, failed: result.filter((r) => !r.success).length };
      });
    });
  },
});

const approvalCount = authedCall({
  method: 'GET',
  path: '/api/TransRefund/Get_RefundApprovalCount',
  input: z.object({ userid: wholeNumber(1).optional(), approve_status: z.literal('10').default('10') }),
  async handle(context: AuthedContext, input) {
    checkUserId(context, input.userid);
    const { customers, merchants } = await context.scope();
    const [row] = await context.db.query<{ raCount: number }>(
      `SELECT count(*)::int AS "raCount" FROM refunds WHERE customer_no = ANY($1) AND merchant_no = ANY($3) AND approve_status = $2`,
      [customers, input.approve_status, merchants],
    );
    return [{ raCount: row?.raCount ?? 0 }];
  },
});

/**
 * Pays approved refunds (20 to 30): each becomes a portal-refund transaction (type 50) against
 * its sale. The acquirer runs this in batches; demo mode every few minutes, tests on demand.
 */
export async function payApprovedRefunds(db: Database, clock: Clock, approvedBefore: string): Promise<number> {
  return db.transaction(async (tx: Queryable) => {
    const due = await tx.query<{ refund_id: number; transaction_id: number; refund_amount: string; refund_no: string }>(
      "SELECT refund_id, transaction_id, refund_amount, refund_no FROM refunds WHERE approve_status = '20' AND approve_date <= $1 ORDER BY refund_id FOR UPDATE",
      [approvedBefore],
    );
    for (const refund of due) {
      const now = clock.timestamp();
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO transactions (customer_no, merchant_no, store_code, store_name, terminal_no, order_no, trade_no, out_trade_no,
           trans_amount, trans_type, category, trade_status, resp_code, payment_type, payment_inst, trans_currency, remark, trans_date,
           gmt_payment, traceno, invoice_no, refno, subject, sett_currency, exchange_rate, orgtransamount, orgtrans_currency, original_id)
         SELECT customer_no, merchant_no, store_code, store_name, terminal_no, $2, trade_no, 'EFTR' || $2, $3, '50', 'REFUND', 'SUCCESS', '00',
                payment_type, payment_inst, trans_currency, 'Portal refund ' || $2, to_char($4::timestamp, 'YYYYMMDD'), $4, traceno,
                invoice_no, $5, subject, sett_currency, exchange_rate, $3, trans_currency, id
           FROM transactions WHERE id = $1 RETURNING id`,
        // A refund is a transaction of its own: its own reference number (RRN), so a search by the sale's RRN finds the sale alone.
        [refund.transaction_id, refund.refund_no, refund.refund_amount, now, `R${String(refund.refund_id).padStart(11, '0')}`],
      );
      await tx.query("UPDATE refunds SET approve_status = '30', finish_date = $2, refund_transaction_id = $3 WHERE refund_id = $1", [refund.refund_id, now, created?.id]);
    }
    return due.length;
  });
}

export const REFUND_ENDPOINTS: Endpoint[] = [findTransaction, createRefund, voidRefund, listRefunds, approvals, decide, approvalCount];
