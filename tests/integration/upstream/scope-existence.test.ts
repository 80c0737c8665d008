import { DATABASES, startTestUpstream, type Answer, type TestUpstream } from './harness';

const REFUNDS = '/transaction/api/v1/refund/epaRefunds';
const APPROVE = '/transaction/api/v1/postRefundApprovals';
const EDIT = '/sso/api/v1/user/updateCustomerUserInfo';

interface Sale {
  merchant_no: string;
  order_no: string;
}

interface Decided {
  result: { refundId: number; success: boolean; code?: string }[];
}

/**
 * A record outside the caller's scope answers exactly as a record that does not exist: the same
 * status, code and description, and nothing changes. Each test is a place where a probe could tell
 * the two apart (the security review's "a merchant-scoped sub account learns that another
 * merchant's refund exists", and the places the sweep after it found).
 */
describe.each(DATABASES)('an out-of-scope id answers as a missing one on %s', (database) => {
  let upstream: TestUpstream;
  let maker: string;
  let checker: string;
  /** A MERCHANT sub account of C0001 (maker and checker), limited to `ownMerchant`. */
  let shop: { token: string; opPassword: string };
  let ownMerchant: string;
  let otherMerchant: string;
  const sales = new Map<string, Sale[]>();

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 600);
    const admin = await upstream.client.login('admin');
    [maker, checker] = (await Promise.all(['maker@demo.test', 'checker@demo.test'].map((a) => upstream.client.login(a)))).map((s) => s.token) as [string, string];
    // Two merchants of C0001 with sales nobody has touched; the first gets a merchant sub account.
    const rows = await upstream.db.query<Sale>(
      `SELECT merchant_no, order_no FROM transactions t
        WHERE customer_no = 'C0001' AND category = 'SALE' AND trans_amount > 20
          AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.original_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.transaction_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.type = 'MERCHANT' AND u.type_no = t.merchant_no)
        ORDER BY merchant_no, id DESC`,
    );
    for (const row of rows) sales.set(row.merchant_no, [...(sales.get(row.merchant_no) ?? []), row]);
    [ownMerchant, otherMerchant] = [...sales.keys()].filter((m) => (sales.get(m)?.length ?? 0) >= 4) as [string, string];
    expect(otherMerchant).toBeDefined();
    const created = await upstream.client.call<{ success: number }>(
      'POST',
      '/sso/api/v1/user/insertAccount',
      { account: 'scope.shop', password: 'Temp#Pass2026', typeNo: 'C0001', roleId: 7, type: 'MERCHANT', merchantNo: ownMerchant, name: 'Shop lead', contactName: 'Shop Lead', contactEmail: 'scope.shop@demo.test', contactNumber: '85291113333', jobTitle: 'Lead', department: 'Shop', appellation: 'MS' },
      { token: admin.token },
    );
    expect(created.body.success).toBe(0);
    // Its management password (it approves with it) comes by mail, as a new user's does.
    const mail = await upstream.client.dev<{ body: string }[]>('GET', '/dev/outbox', { to: 'scope.shop@demo.test' });
    const opPassword = /Your management password: (\S+)/.exec(mail[0]?.body ?? '')?.[1] as string;
    expect(opPassword).toBeDefined();
    shop = { token: (await upstream.client.login('scope.shop', 'Temp#Pass2026')).token, opPassword };
  });
  afterAll(() => upstream.stop());

  /** A pending refund request of the merchant's, made by the customer's maker. */
  const requestRefund = async (merchant: string) => {
    const sale = sales.get(merchant)?.shift();
    if (!sale) throw new Error(`no sale of ${merchant} left`);
    const answer = await upstream.client.call<{ refundId: number }>(
      'POST', REFUNDS, { merchantNo: sale.merchant_no, alipayOrder: sale.order_no, reason: 'Customer returned goods', reasonType: 'RETURN', refundAmount: '1.00' }, { token: maker },
    );
    expect(answer.status).toBe(200);
    return answer.body.refundId;
  };
  const statusOf = async (refundId: number) =>
    (await upstream.db.query<{ approve_status: string }>('SELECT approve_status FROM refunds WHERE refund_id = $1', [refundId]))[0]?.approve_status;
  const logRows = async () => (await upstream.db.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_log'))[0]?.n;
  const missingRefundId = async () => ((await upstream.db.query<{ n: number }>('SELECT coalesce(max(refund_id), 0)::int + 1000 AS n FROM refunds'))[0]?.n as number);
  /** What a caller notices of an answer. */
  const seen = (answer: Answer) => ({ status: answer.status, body: answer.body });

  it("answers a merchant sub account's cancel of another merchant's refund as for a refund that does not exist", async () => {
    const pending = await requestRefund(otherMerchant);
    const cancelled = await requestRefund(otherMerchant);
    expect((await upstream.client.call('DELETE', REFUNDS, { refundId: cancelled }, { token: maker })).status).toBe(200);
    const missing = await missingRefundId();
    const before = await logRows();

    const cancel = (refundId: number) => upstream.client.call('DELETE', REFUNDS, { refundId }, { token: shop.token });
    const absent = seen(await cancel(missing));
    expect(absent).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', description: 'No such refund request' } } });
    // Before the fix: 403 "Only the requester or the administrator..." and 409 REFUND_NOT_PENDING.
    expect(seen(await cancel(pending))).toEqual(absent);
    expect(seen(await cancel(cancelled))).toEqual(absent);

    expect(await statusOf(pending)).toBe('10');
    expect(await statusOf(cancelled)).toBe('50');
    expect(await logRows()).toBe(before);
    // Its own merchant's request, made by someone else, is still refused as before.
    const own = await requestRefund(ownMerchant);
    expect((await cancel(own)).status).toBe(403);
    expect(await statusOf(own)).toBe('10');
  });

  it("answers a merchant sub account's decision on another merchant's refund as for a refund that does not exist", async () => {
    const pending = await requestRefund(otherMerchant);
    const decided = await requestRefund(otherMerchant);
    const ownDecided = await requestRefund(ownMerchant);
    const reject = (refundArray: number[], token: string, password: string) =>
      upstream.client.call<Decided>('POST', APPROVE, { refundArray, result: 'reject', password, reason: 'Not returned' }, { token });
    expect((await reject([decided, ownDecided], checker, 'Portal#2026')).body.result.every((r) => r.success)).toBe(true);
    const missing = await missingRefundId();
    const before = await logRows();

    const answer = await reject([missing, pending, decided, ownDecided], shop.token, shop.opPassword);
    expect(answer.status).toBe(200);
    const [absent, ...others] = answer.body.result;
    expect(absent).toEqual({ refundId: missing, success: false, code: 'NOT_FOUND' });
    // Before the fix: OWN_REQUEST for the pending one, REFUND_NOT_PENDING for the decided one.
    expect(others).toEqual([
      { refundId: pending, success: false, code: 'NOT_FOUND' },
      { refundId: decided, success: false, code: 'NOT_FOUND' },
      // Its own merchant's decided request still says so.
      { refundId: ownDecided, success: false, code: 'REFUND_NOT_PENDING' },
    ]);
    expect(answer.body).toMatchObject({ succeeded: 0, failed: 4 });

    expect(await statusOf(pending)).toBe('10');
    expect(await statusOf(decided)).toBe('40');
    expect(await logRows()).toBe(before);
  });

  it("answers another customer's administrator editing an account of C0001, sent with that account's own e-mail, as for an account that does not exist", async () => {
    const other = await upstream.client.login('other@demo.test');
    const [target] = await upstream.db.query<{ user_id: number; contact_email: string }>("SELECT user_id, contact_email FROM users WHERE account = 'checker@demo.test'");
    const missing = (await upstream.db.query<{ n: number }>('SELECT max(user_id)::int + 1000 AS n FROM users'))[0]?.n as number;
    const edit = (userId: number, token: string) =>
      upstream.client.call('POST', EDIT, { userId, contactNumber: '85299999999', contactName: 'Intruder', contactEmail: target?.contact_email, roleId: 2, status: 0, jobTitle: 'x', department: 'x', appellation: 'MR' }, { token });
    const usersBefore = await upstream.db.query('SELECT user_id, contact_email, contact_name, role_id, status FROM users ORDER BY user_id');
    const before = await logRows();

    const absent = seen(await edit(missing, other.token));
    // Before the fix the missing id answered DUPLICATE_EMAIL (the address is taken) and the real one 404.
    expect(absent).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', description: 'No such account in this organisation' } } });
    expect(seen(await edit(target?.user_id as number, other.token))).toEqual(absent);

    expect(await upstream.db.query('SELECT user_id, contact_email, contact_name, role_id, status FROM users ORDER BY user_id')).toEqual(usersBefore);
    expect(await logRows()).toBe(before);
    // Within the organisation an address taken by another account is still refused as such.
    const admin = await upstream.client.login('admin');
    const [maker] = await upstream.db.query<{ user_id: number }>("SELECT user_id FROM users WHERE account = 'maker@demo.test'");
    expect((await edit(maker?.user_id as number, admin.token)).body).toMatchObject({ success: 1, code: 'DUPLICATE_EMAIL' });
  });

  it("answers a merchant sub account's request key that another merchant of its customer used exactly as an unused key of its own", async () => {
    const refundOf = (token: string, merchant: string, requestKey: string) => {
      const sale = sales.get(merchant)?.shift();
      if (!sale) throw new Error(`no sale of ${merchant} left`);
      const input = { merchantNo: sale.merchant_no, alipayOrder: sale.order_no, reason: 'Customer returned goods', reasonType: 'RETURN', refundAmount: '1.00', requestKey };
      return { input, send: () => upstream.client.call<{ success: number; refundId: number; refundNo: string; replayed: boolean }>('POST', REFUNDS, input, { token }) };
    };
    /** What a caller notices, less the new request's own numbers. */
    const shape = (answer: Answer<{ refundId?: number; refundNo?: string }>) => ({ status: answer.status, body: { ...answer.body, refundId: typeof answer.body.refundId, refundNo: typeof answer.body.refundNo } });

    // The customer's maker uses a key for the other merchant.
    const otherKey = 'shared-key-0001';
    expect((await refundOf(maker, otherMerchant, otherKey).send()).status).toBe(200);
    const refundsBefore = await upstream.db.query<{ n: number }>("SELECT count(*)::int AS n FROM refunds WHERE request_key = 'shared-key-0001'");

    const unused = await refundOf(shop.token, ownMerchant, 'never-used-0001').send();
    const first = refundOf(shop.token, ownMerchant, otherKey);
    const reused = await first.send();
    // Before the fix: 409 REQUEST_KEY_REUSED, telling the shop that the other merchant has used the key.
    expect(shape(reused)).toEqual(shape(unused));
    expect(reused.body).toMatchObject({ success: 1, replayed: false });
    // Its own key replayed still answers its first request, and makes nothing new.
    const replay = await upstream.client.call<{ refundId: number; refundNo: string; replayed: boolean }>('POST', REFUNDS, first.input, { token: shop.token });
    expect(replay.body).toMatchObject({ refundId: reused.body.refundId, refundNo: reused.body.refundNo, replayed: true });
    const keyed = await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM refunds WHERE request_key = 'shared-key-0001' ORDER BY refund_id");
    expect(keyed.map((r) => r.merchant_no)).toEqual([otherMerchant, ownMerchant]);
    expect(refundsBefore[0]?.n).toBe(1);
    // The same key on another sale of its own merchant is still a reuse.
    expect((await refundOf(shop.token, ownMerchant, otherKey).send()).body).toMatchObject({ error: { code: 'REQUEST_KEY_REUSED' } });
  });

  it("answers a merchant-scoped payment request with a key another merchant of the customer used exactly as one with an unused key", async () => {
    // The provider lets the shop's role make payment requests (a menu of the role, as data).
    await upstream.db.query("INSERT INTO role_menus (role_id, menu_code) VALUES (7, 'createTransaction') ON CONFLICT DO NOTHING");
    const shopSession = await upstream.client.login('scope.shop', 'Temp#Pass2026');
    const admin = await upstream.client.login('admin');
    const storeOf = async (merchant: string) =>
      (await upstream.db.query<{ store_code: string }>("SELECT store_code FROM stores WHERE merchant_no = $1 AND status = 'Active' ORDER BY store_code LIMIT 1", [merchant]))[0]?.store_code as string;
    const create = (token: string, merchant: string, storeCode: string, requestKey: string) =>
      upstream.client.call<{ success: number; id: number; requestNo: string; token: string; expiresAt: string; replayed: boolean }>(
        'POST', '/api/Collect/CreatePaymentRequest', { merchantNo: merchant, storeCode, amount: '18.80', expiresInMinutes: 60, requestKey }, { token },
      );
    const shape = (answer: Answer<Record<string, unknown>>) => ({
      status: answer.status,
      body: Object.fromEntries(Object.entries(answer.body).map(([key, value]) => [key, ['id', 'requestNo', 'token', 'expiresAt'].includes(key) ? typeof value : value])),
    });
    const ownStore = await storeOf(ownMerchant);
    expect((await create(admin.token, otherMerchant, await storeOf(otherMerchant), 'collect-key-0001')).status).toBe(200);

    const unused = await create(shopSession.token, ownMerchant, ownStore, 'collect-key-0002');
    const reused = await create(shopSession.token, ownMerchant, ownStore, 'collect-key-0001');
    // Before the fix: 409 REQUEST_KEY_REUSED.
    expect(shape(reused)).toEqual(shape(unused));
    expect(reused.body.replayed).toBe(false);
    const replay = await create(shopSession.token, ownMerchant, ownStore, 'collect-key-0001');
    expect(replay.body).toMatchObject({ id: reused.body.id, requestNo: reused.body.requestNo, replayed: true });
    const keyed = await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM payment_requests WHERE request_key = 'collect-key-0001' ORDER BY id");
    expect(keyed.map((r) => r.merchant_no)).toEqual([otherMerchant, ownMerchant]);
  });
});
