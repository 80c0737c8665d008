import Big from 'big.js';
import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

const REFUNDS = '/transaction/api/v1/refund/epaRefunds';
const APPROVE = '/transaction/api/v1/postRefundApprovals';

interface Sale {
  id: number;
  merchant_no: string;
  order_no: string;
  trans_amount: string;
}

describe.each(DATABASES)('refunds on %s', (database) => {
  let upstream: TestUpstream;
  let maker: string;
  let checker: string;
  let admin: string;
  /** Sales of the first customer nobody has refunded, voided or asked to refund. */
  let untouched: Sale[];

  beforeAll(async () => {
    upstream = await startTestUpstream(database);
    [maker, checker, admin] = (await Promise.all(['maker@demo.test', 'checker@demo.test', 'admin'].map((a) => upstream.client.login(a)))).map((s) => s.token) as [string, string, string];
    untouched = await upstream.db.query<Sale>(
      `SELECT id, merchant_no, order_no, trans_amount FROM transactions t
        WHERE customer_no = 'C0001' AND category = 'SALE' AND trans_amount > 20
          AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.original_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.transaction_id = t.id)
        ORDER BY id DESC LIMIT 40`,
    );
  });
  afterAll(() => upstream.stop());

  const nextSale = () => {
    const sale = untouched.shift();
    if (!sale) throw new Error('no sale left');
    return sale;
  };
  const request = (token: string, sale: Sale, refundAmount: string, extra: Record<string, unknown> = {}) =>
    upstream.client.call<{ success?: number; refundId?: number; refundNo?: string; replayed?: boolean; error?: { code: string; params?: { balance?: string } } }>(
      'POST', REFUNDS, { merchantNo: sale.merchant_no, alipayOrder: sale.order_no, reason: 'Customer returned goods', reasonType: 'RETURN', refundAmount, ...extra }, { token },
    );
  const status = async (refundId: number) =>
    (await upstream.db.query<{ approve_status: string }>('SELECT approve_status FROM refunds WHERE refund_id = $1', [refundId]))[0]?.approve_status;
  const balanceOf = async (sale: Sale, token = maker) => {
    const answer = await upstream.client.call<{ data: { refundBalance: string }[] }>('GET', '/transaction/api/v1/refund/getEpaTrans', { alipayOrder: sale.order_no }, { token });
    return answer.body.data[0]?.refundBalance;
  };

  it('walks 10 -> 20 -> 30: requested, approved with the password, then paid as a refund transaction', async () => {
    const sale = nextSale();
    const created = await request(maker, sale, '10.00');
    expect(created.status).toBe(200);
    const refundId = created.body.refundId as number;
    expect(await status(refundId)).toBe('10');

    const decided = await upstream.client.call<{ result: { refundId: number; success: boolean }[] }>('POST', APPROVE, { refundArray: [refundId], result: 'approve', password: 'Portal#2026' }, { token: checker });
    expect(decided.body.result).toEqual([{ refundId, success: true }]);
    expect(await status(refundId)).toBe('20');

    expect(await upstream.client.dev<{ paid: number }>('POST', '/dev/refunds/pay')).toEqual({ paid: expect.any(Number) });
    expect(await status(refundId)).toBe('30');
    const [paid] = await upstream.db.query<{ trans_type: string; trans_amount: string; original_id: number; own_rrn: boolean }>(
      `SELECT t.trans_type, t.trans_amount, t.original_id, t.refno <> s.refno AS own_rrn
         FROM refunds r JOIN transactions t ON t.id = r.refund_transaction_id JOIN transactions s ON s.id = r.transaction_id WHERE r.refund_id = $1`,
      [refundId],
    );
    expect(paid).toEqual({ trans_type: '50', trans_amount: '10.00', original_id: sale.id, own_rrn: true });
    // The merchant sees it among its real-time transactions as a portal refund, and the balance is lower by it.
    const refundNo = created.body.refundNo as string;
    const realtime = await upstream.client.call<{ data: { trans_type: string; trans_amount: string }[] }>('GET', '/api/Transaction/AsyncGetTransRealtime', { alipayOrder: refundNo }, { token: maker });
    expect(realtime.body.data).toEqual([expect.objectContaining({ trans_type: '50', trans_amount: '10.00' })]);
    expect(await balanceOf(sale)).toBe(new Big(sale.trans_amount).minus(10).toFixed(2));
    // Once approved it cannot be cancelled.
    const cancel = await upstream.client.call('DELETE', REFUNDS, { refundId }, { token: maker });
    expect(cancel.status).toBe(409);
  });

  it('rejects (40) with the checker\'s reason, which the requester reads and the log keeps; a rejected request no longer holds the balance', async () => {
    const sale = nextSale();
    const before = await balanceOf(sale);
    const created = await request(maker, sale, sale.trans_amount);
    const refundId = created.body.refundId as number;
    expect(await balanceOf(sale)).toBe('0.00');
    // No reason, no rejection: refused before the password is weighed, and nothing changes.
    for (const reason of [undefined, '', '   ']) {
      const refused = await upstream.client.call<{ error: { code: string } }>('POST', APPROVE, { refundArray: [refundId], result: 'reject', password: 'Portal#2026', ...(reason === undefined ? {} : { reason }) }, { token: checker });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('REJECT_REASON_REQUIRED');
    }
    expect(await status(refundId)).toBe('10');
    const reason = 'The goods were not returned to the store.';
    await upstream.client.call('POST', APPROVE, { refundArray: [refundId], result: 'reject', password: 'Portal#2026', reason: `  ${reason} ` }, { token: checker });
    expect(await status(refundId)).toBe('40');
    expect(await balanceOf(sale)).toBe(before);
    const listed = await upstream.client.call<{ data: { rejectReason: string }[] }>('GET', REFUNDS, { rftype: 1, refundNo: created.body.refundNo }, { token: maker });
    expect(listed.body.data.map((r) => r.rejectReason)).toEqual([reason]);
    const [logged] = await upstream.db.query<{ detail: { reason: string } }>("SELECT detail FROM activity_log WHERE action = 'refund.reject' AND target = $1", [created.body.refundNo]);
    expect(logged?.detail.reason).toBe(reason);
    // An approval keeps no reason, whatever was sent.
    const approved = await request(maker, nextSale(), '1.00');
    await upstream.client.call('POST', APPROVE, { refundArray: [approved.body.refundId], result: 'approve', password: 'Portal#2026', reason: 'ignored' }, { token: checker });
    const [kept] = await upstream.db.query<{ reject_reason: string | null }>('SELECT reject_reason FROM refunds WHERE refund_id = $1', [approved.body.refundId]);
    expect(kept?.reject_reason).toBeNull();
    // The database holds every new rejection to it.
    await expect(upstream.db.query("UPDATE refunds SET approve_status = '40', reject_reason = NULL WHERE refund_id = $1", [approved.body.refundId])).rejects.toThrow(/refunds_rejection_reason/);
  });

  it('tells a voided sale from one refunded: what voids took and when', async () => {
    const [voided] = await upstream.db.query<{ order_no: string; trans_amount: string; voided: string; void_time: string }>(
      `SELECT s.order_no, s.trans_amount, v.trans_amount AS voided, to_char(v.gmt_payment, 'YYYYMMDDHH24MISS') AS void_time
         FROM transactions s JOIN transactions v ON v.original_id = s.id AND v.category = 'VOID'
        WHERE s.customer_no = 'C0001' AND s.category = 'SALE' ORDER BY s.id DESC LIMIT 1`,
    );
    const found = await upstream.client.call<{ data: { refundBalance: string; voidedAmount: string; voidTime: string }[] }>('GET', '/transaction/api/v1/refund/getEpaTrans', { alipayOrder: voided?.order_no }, { token: maker });
    expect(found.body.data).toEqual([expect.objectContaining({ refundBalance: '0.00', voidedAmount: voided?.voided, voidTime: voided?.void_time })]);
    const sale = nextSale();
    const plain = await upstream.client.call<{ data: { voidedAmount: string; voidTime: string }[] }>('GET', '/transaction/api/v1/refund/getEpaTrans', { alipayOrder: sale.order_no }, { token: maker });
    expect(plain.body.data).toEqual([expect.objectContaining({ voidedAmount: '0.00', voidTime: '' })]);
  });

  it('cancels (50) only while pending, by the requester, and frees the balance', async () => {
    const sale = nextSale();
    const created = await request(maker, sale, '5.00');
    const refundId = created.body.refundId as number;
    expect((await upstream.client.call('DELETE', REFUNDS, { refundId }, { token: checker })).status).toBe(403);
    expect((await upstream.client.call('DELETE', REFUNDS, { refundId }, { token: maker })).status).toBe(200);
    expect(await status(refundId)).toBe('50');
    expect(await balanceOf(sale)).toBe(sale.trans_amount);
    expect((await upstream.client.call('DELETE', REFUNDS, { refundId }, { token: maker })).status).toBe(409);
  });

  it('never lets the requester approve its own request', async () => {
    const sale = nextSale();
    const created = await request(admin, sale, '3.00');
    const decided = await upstream.client.call<{ result: { success: boolean; code?: string }[] }>('POST', APPROVE, { refundArray: [created.body.refundId], result: 'approve', password: 'Portal#2026' }, { token: admin });
    expect(decided.body.result[0]).toMatchObject({ success: false, code: 'OWN_REQUEST' });
    expect(await status(created.body.refundId as number)).toBe('10');
  });

  it('refuses approval with a wrong password, and by roles that cannot approve or apply', async () => {
    const sale = nextSale();
    const created = await request(maker, sale, '2.00');
    const wrong = await upstream.client.call<{ error: { code: string } }>('POST', APPROVE, { refundArray: [created.body.refundId], result: 'approve', password: 'Wrong#2026' }, { token: checker });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('APPROVAL_PASSWORD_WRONG');
    // The activity log says the approval was refused, and which request it was for.
    const [logged] = await upstream.db.query<{ outcome: string; detail: { refundIds?: number[] } }>(
      "SELECT outcome, detail FROM activity_log WHERE action = 'refund.approve.password_failed' ORDER BY id DESC LIMIT 1",
    );
    expect(logged).toEqual({ outcome: 'refused', detail: { refundIds: [created.body.refundId] } });
    expect((await upstream.client.call('POST', APPROVE, { refundArray: [created.body.refundId], result: 'approve', password: 'Portal#2026' }, { token: maker })).status).toBe(403);
    expect((await request(checker, nextSale(), '1.00')).status).toBe(403);
    expect(await status(created.body.refundId as number)).toBe('10');
  });

  it.each([
    ['0', 422, 'REFUND_AMOUNT_INVALID'],
    ['0.00', 422, 'REFUND_AMOUNT_INVALID'],
    ['-5', 400, 'INVALID_INPUT'],
    ['1.234', 400, 'INVALID_INPUT'],
    ['abc', 400, 'INVALID_INPUT'],
  ])('refuses the amount %p', async (refundAmount, httpStatus, code) => {
    const answer = await request(maker, untouched[0] as Sale, refundAmount);
    expect(answer.status).toBe(httpStatus);
    expect(answer.body.error?.code).toBe(code);
  });

  it('refuses more than the transaction amount and more than the refundable balance, naming the balance', async () => {
    const sale = nextSale();
    const over = await request(maker, sale, new Big(sale.trans_amount).plus(1).toFixed(2));
    expect(over.body.error?.code).toBe('REFUND_EXCEEDS_AMOUNT');
    await request(maker, sale, '1.00');
    const expected = new Big(sale.trans_amount).minus(1).toFixed(2);
    const rest = await request(maker, sale, sale.trans_amount);
    expect(rest.status).toBe(422);
    expect(rest.body.error).toMatchObject({ code: 'REFUND_EXCEEDS_BALANCE', params: { balance: expected } });
    expect((await request(maker, sale, expected)).status).toBe(200);
    expect((await request(maker, sale, '0.01')).body.error?.code).toBe('NO_REFUNDABLE_BALANCE');
  });

  it('refuses a transaction that does not exist, one of another customer, and a voided sale', async () => {
    const sale = untouched[0] as Sale;
    expect((await request(maker, { ...sale, order_no: 'NO-SUCH-ORDER' }, '1.00')).status).toBe(404);
    const [foreign] = await upstream.db.query<Sale>("SELECT id, merchant_no, order_no, trans_amount FROM transactions WHERE customer_no = 'C0002' AND category = 'SALE' LIMIT 1");
    expect((await request(maker, foreign as Sale, '1.00')).status).toBe(404);
    const [voided] = await upstream.db.query<Sale>(
      "SELECT s.id, s.merchant_no, s.order_no, s.trans_amount FROM transactions s JOIN transactions v ON v.original_id = s.id AND v.category = 'VOID' WHERE s.customer_no = 'C0001' LIMIT 1",
    );
    expect((await request(maker, voided as Sale, '1.00')).body.error?.code).toBe('NO_REFUNDABLE_BALANCE');
  });

  it('lets exactly one of two concurrent approvals of the same request win', async () => {
    const created = await request(maker, nextSale(), '4.00');
    const second = await upstream.client.login('admin');
    const attempts = await Promise.all(
      [checker, second.token].map((token) =>
        upstream.client.call<{ result: { success: boolean }[] }>('POST', APPROVE, { refundArray: [created.body.refundId], result: 'approve', password: 'Portal#2026' }, { token }),
      ),
    );
    expect(attempts.map((a) => a.body.result[0]?.success).sort()).toEqual([false, true]);
    const [row] = await upstream.db.query<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'refund.approve' AND target = (SELECT refund_no FROM refunds WHERE refund_id = $1)", [created.body.refundId]);
    expect(row?.n).toBe(1);
  });

  it('refuses one of two concurrent requests that together exceed the balance', async () => {
    const sale = nextSale();
    const share = new Big(sale.trans_amount).times(0.6).toFixed(2);
    const other = await upstream.client.login('admin');
    const attempts = await Promise.all([request(maker, sale, share), request(other.token, sale, share)]);
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 422]);
    const [held] = await upstream.db.query<{ sum: string }>("SELECT sum(refund_amount)::text AS sum FROM refunds WHERE transaction_id = $1 AND approve_status = '10'", [sale.id]);
    expect(held?.sum).toBe(share);
  });

  it('creates one refund for a replayed or double-clicked submit with the same key, and refuses the key for another refund', async () => {
    const sale = nextSale();
    const requestKey = 'form-0b8e7c1e-5f0a-4a57-9d7e-1d2a3b4c5d6e';
    const twins = await Promise.all([1, 2, 3].map(() => request(maker, sale, '2.50', { requestKey })));
    expect(twins.map((t) => t.status)).toEqual([200, 200, 200]);
    expect(new Set(twins.map((t) => t.body.refundId)).size).toBe(1);
    expect(twins.filter((t) => t.body.replayed === false)).toHaveLength(1);
    const replay = await request(maker, sale, '2.50', { requestKey });
    expect(replay.body).toMatchObject({ success: 1, refundId: twins[0]?.body.refundId, replayed: true });
    const [held] = await upstream.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refunds WHERE transaction_id = $1', [sale.id]);
    expect(held?.n).toBe(1);
    expect(await balanceOf(sale)).toBe(new Big(sale.trans_amount).minus(2.5).toFixed(2));
    const reused = await request(maker, sale, '3.00', { requestKey });
    expect(reused.status).toBe(409);
    expect(reused.body.error?.code).toBe('REQUEST_KEY_REUSED');
  });

  it('answers one key sent at once for two sales of the same merchant with one request and one REQUEST_KEY_REUSED, never a fault', async () => {
    const first = nextSale();
    const second = untouched.find((sale) => sale.merchant_no === first.merchant_no && sale.id !== first.id) as Sale;
    untouched = untouched.filter((sale) => sale !== second);
    const requestKey = 'form-two-sales-one-key-0001';
    // Each locks its own sale: the key's unique index is what meets them (before: the second insert failed, 500).
    const answers = await Promise.all([request(maker, first, '1.00', { requestKey }), request(maker, second, '1.00', { requestKey })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error?.code).toBe('REQUEST_KEY_REUSED');
    const [made] = await upstream.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refunds WHERE request_key = $1', [requestKey]);
    expect(made?.n).toBe(1);
  });

  it('never takes the refundable balance below zero under many parallel requests', async () => {
    const sale = nextSale();
    // Each asks for a third (rounded down to the cent): exactly three fit, the other five are refused.
    // In decimals: float arithmetic once expected "-0.00" for a balance of zero.
    const third = new Big(sale.trans_amount).div(3).round(2, Big.roundDown).toFixed(2);
    const tokens = [maker, admin, maker, admin, maker, admin, maker, admin];
    const attempts = await Promise.all(tokens.map((token) => request(token, sale, third)));
    expect(attempts.filter((a) => a.status === 200)).toHaveLength(3);
    expect(attempts.filter((a) => a.status === 422).map((a) => a.body.error?.code)).toEqual(Array(5).fill(expect.stringMatching(/^(REFUND_EXCEEDS_BALANCE|NO_REFUNDABLE_BALANCE)$/)));
    const balance = await balanceOf(sale);
    expect(Number(balance)).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(new Big(sale.trans_amount).minus(new Big(third).times(3)).toFixed(2));
  });

  it('holds the amount rules at their boundaries', async () => {
    const sale = nextSale();
    expect((await request(maker, sale, new Big(sale.trans_amount).plus(0.01).toFixed(2))).body.error?.code).toBe('REFUND_EXCEEDS_AMOUNT');
    expect((await request(maker, sale, '0.01')).status).toBe(200);
    const rest = new Big(sale.trans_amount).minus(0.01).toFixed(2);
    expect((await request(maker, sale, new Big(rest).plus(0.01).toFixed(2))).body.error).toMatchObject({ code: 'REFUND_EXCEEDS_BALANCE', params: { balance: rest } });
    expect((await request(maker, sale, rest)).status).toBe(200);
    expect(await balanceOf(sale)).toBe('0.00');
  });

  it.each([
    ['an empty reason', { reason: '  ' }],
    ['no reason type', { reasonType: undefined }],
    ['an unknown reason type', { reasonType: 'WHIM' }],
    ['a date not yyyyMMdd', { transDate: '2026-11-01' }],
    ['a time not HHmmss', { transTime: '1230' }],
  ])('refuses %s as invalid input', async (_label, extra) => {
    const answer = await request(maker, untouched[0] as Sale, '1.00', extra);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('INVALID_INPUT');
  });

  it('refuses a transaction whose date or time does not match, and one whose amount is 0', async () => {
    const sale = untouched[0] as Sale;
    expect((await request(maker, sale, '1.00', { transDate: '19990101' })).body.error?.code).toBe('TRANSACTION_NOT_FOUND');
    const [zero] = await upstream.db.query<Sale>(
      `INSERT INTO transactions (customer_no, merchant_no, store_code, store_name, terminal_no, order_no, trade_no, out_trade_no, trans_amount, trans_type,
         category, trade_status, resp_code, payment_type, payment_inst, trans_currency, remark, trans_date, gmt_payment, traceno, invoice_no, refno, subject,
         sett_currency, exchange_rate, orgtransamount, orgtrans_currency)
       SELECT customer_no, merchant_no, store_code, store_name, terminal_no, 'ZERO-' || order_no, trade_no, 'ZERO-' || out_trade_no, 0, trans_type, category,
              trade_status, resp_code, payment_type, payment_inst, trans_currency, remark, trans_date, gmt_payment, traceno, invoice_no, 'ZERO-' || refno, subject,
              sett_currency, exchange_rate, 0, orgtrans_currency
         FROM transactions WHERE id = $1
       RETURNING id, merchant_no, order_no, trans_amount`,
      [sale.id],
    );
    expect((await request(maker, zero as Sale, '1.00')).body.error?.code).toBe('NOT_REFUNDABLE');
  });

  it.each(['viewer@demo.test', 'wxali@demo.test', 'assets@demo.test', 'checker@demo.test'])('refuses a refund request by %s, whose role may not apply', async (account) => {
    const { token } = await upstream.client.login(account);
    const answer = await request(token, untouched[0] as Sale, '1.00');
    expect(answer.status).toBe(403);
    const [held] = await upstream.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refunds WHERE transaction_id = $1', [(untouched[0] as Sale).id]);
    expect(held?.n).toBe(0);
  });

  it.each(['viewer@demo.test', 'wxali@demo.test', 'assets@demo.test', 'maker@demo.test'])('refuses an approval by %s, whose role may not approve', async (account) => {
    const created = await request(admin, nextSale(), '1.00');
    const { token } = await upstream.client.login(account);
    const answer = await upstream.client.call('POST', APPROVE, { refundArray: [created.body.refundId], result: 'approve', password: 'Portal#2026' }, { token });
    expect(answer.status).toBe(403);
    expect(await status(created.body.refundId as number)).toBe('10');
  });

  it("lets other@demo.test neither find, nor refund, nor approve, nor cancel the first customer's", async () => {
    const sale = nextSale();
    const created = await request(maker, sale, '1.00');
    const other = await upstream.client.login('other@demo.test');
    const found = await upstream.client.call<{ data: unknown[] }>('GET', '/transaction/api/v1/refund/getEpaTrans', { alipayOrder: sale.order_no }, { token: other.token });
    expect(found.body.data).toEqual([]);
    expect((await request(other.token, sale, '1.00')).status).toBe(404);
    const decided = await upstream.client.call<{ result: { success: boolean; code: string }[] }>('POST', APPROVE, { refundArray: [created.body.refundId], result: 'approve', password: 'Portal#2026' }, { token: other.token });
    expect(decided.body.result).toEqual([{ refundId: created.body.refundId, success: false, code: 'NOT_FOUND' }]);
    expect((await upstream.client.call('DELETE', REFUNDS, { refundId: created.body.refundId }, { token: other.token })).status).toBe(404);
    const listed = await upstream.client.call<{ data: { refundId: number }[] }>('GET', REFUNDS, { rftype: 1, refundNo: created.body.refundNo }, { token: other.token });
    expect(listed.body.data).toEqual([]);
    expect(await status(created.body.refundId as number)).toBe('10');
  });

  it('writes the activity log for every state change', async () => {
    const actions = await upstream.db.query<{ action: string }>('SELECT DISTINCT action FROM activity_log ORDER BY 1');
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['refund.request', 'refund.approve', 'refund.reject', 'refund.cancel']));
  });

  it('locks approvals after too many wrong passwords, even when they arrive at once, and opens them again later', async () => {
    const created = await request(maker, nextSale(), '1.00');
    const approver = await upstream.client.login('other-checker@demo.test');
    const decide = (password: string) =>
      upstream.client.call<{ error?: { code: string; params?: { remaining?: number } } }>('POST', APPROVE, { refundArray: [created.body.refundId], result: 'approve', password }, { token: approver.token });
    const first = await decide('Wrong#2026');
    expect(first.body.error).toEqual(expect.objectContaining({ code: 'APPROVAL_PASSWORD_WRONG', params: { remaining: 9 } }));
    const burst = await Promise.all(Array.from({ length: 12 }, () => decide('Wrong#2026')));
    expect(burst.filter((a) => a.status === 423).length).toBeGreaterThanOrEqual(3);
    // Locked: the right password is refused too, and sign-in is not affected.
    expect((await decide('Portal#2026')).body.error?.code).toBe('APPROVAL_LOCKED');
    await upstream.client.login('other-checker@demo.test');
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 31 });
    try {
      const later = await upstream.client.call<{ result: { success: boolean; code?: string }[] }>('POST', APPROVE, { refundArray: [created.body.refundId], result: 'approve', password: 'Portal#2026' }, { token: approver.token });
      expect(later.status).toBe(200);
      // The other customer's checker passed the password but cannot touch the first customer's request.
      expect(later.body.result).toEqual([{ refundId: created.body.refundId, success: false, code: 'NOT_FOUND' }]);
    } finally {
      await upstream.client.dev('POST', '/dev/clock', { reset: true });
    }
  });

  it('counts pending approvals for the badge as the database does', async () => {
    const [expected] = await upstream.db.query<{ n: number }>("SELECT count(*)::int AS n FROM refunds WHERE customer_no = 'C0001' AND approve_status = '10'");
    const answer = await upstream.client.call<{ raCount: number }[]>('GET', '/api/TransRefund/Get_RefundApprovalCount', { approve_status: '10' }, { token: checker });
    expect(answer.body).toEqual([{ raCount: expected?.n }]);
  });
});
