import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

interface Foreign {
  customer: string;
  merchants: string[];
  stores: string[];
  orders: string[];
  refundIds: number[];
  userIds: number[];
  accounts: string[];
}

/** The identifying fields a streamed export can carry. */
const EXPORTED = ['merchant_no', 'store_code', 'order_no', 'out_trade_no', 'refno'];

/** Whoever asks, with whatever ids, the answers hold nothing of another organisation. */
describe.each(DATABASES)('data scope on %s', (database) => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 3000);
  });
  afterAll(() => upstream.stop());

  async function foreignData(customer: string): Promise<Foreign> {
    const q = <T>(sql: string) => upstream.db.query<T>(sql, [customer]);
    return {
      customer,
      merchants: (await q<{ v: string }>('SELECT merchant_no AS v FROM merchants WHERE customer_no = $1')).map((r) => r.v),
      stores: (await q<{ v: string }>('SELECT s.store_code AS v FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = $1')).map((r) => r.v),
      orders: (await q<{ v: string }>("SELECT order_no AS v FROM transactions WHERE customer_no = $1 AND category = 'SALE' ORDER BY id DESC LIMIT 3")).map((r) => r.v),
      refundIds: (await q<{ v: number }>('SELECT refund_id AS v FROM refunds WHERE customer_no = $1')).map((r) => r.v),
      userIds: (await q<{ v: number }>('SELECT user_id AS v FROM users WHERE type_no = $1')).map((r) => r.v),
      accounts: (await q<{ v: string }>('SELECT account AS v FROM users WHERE type_no = $1')).map((r) => r.v),
    };
  }

  /** Every call a curious user could make with another organisation's identifiers. */
  function probes(f: Foreign): [string, string, Record<string, unknown>][] {
    const merchant = f.merchants[0];
    const order = f.orders[0];
    const wide = { gmtPaymentFrom: '20200101000000', gmtPaymentTo: '20201231235959' };
    return [
      ['GET', '/api/Transaction/AsyncGetTransRealtime', { merchant_no: merchant, customer_no: f.customer }],
      ['GET', '/api/Transaction/AsyncGetTransRealtime', { alipayOrder: order }],
      ['GET', '/api/Transaction/AsyncGetTransRealtime', { storeCode: f.stores[0], limit: 100 }],
      ['GET', '/api/Transaction/ExportTransRealtime', { merchant_no: merchant, customer_no: f.customer, columns: EXPORTED }],
      ['GET', '/api/Transaction/ExportTransRealtime', { alipayOrder: order, columns: EXPORTED }],
      ['GET', '/api/Transaction/ExportTransRealtime', { storeCode: f.stores[0], ...wide, columns: EXPORTED }],
      ['GET', '/api/MerchantInfo/GetMerchantAllcountAndAmount', { customer_no: f.customer }],
      ['GET', '/api/MerchantInfo/GetMerchantTopFiveStores', { customer_no: f.customer }],
      ['GET', '/api/MerchantInfo/GetMerchantTerAndStoCount', { customer_no: f.customer }],
      ['GET', '/api/MerchantInfo/GetCurveChartSevenDays', { customer_no: f.customer }],
      ['GET', '/api/MerchantInfo/GetMerchantList', { merchant_no: merchant }],
      ['GET', '/hk/api/MerchantInfo/GetMerchantInfo', { merchant_no: merchant, customer_no: f.customer }],
      ['GET', '/hk/api/MerchantInfo/GetCustomerInfo', { customer_no: f.customer }],
      ['GET', '/hk/api/MerchantInfo/GetStoreTerminal', { merchant_no: merchant, customer_no: f.customer, store_code: f.stores[0] }],
      ['GET', '/hk/api/MerchantInfo/GetPaymentService', { merchant_no: merchant, customer_no: f.customer }],
      ['GET', '/hk/api/MerchantInfo/GetMerchantContacts', { merchant_no: merchant }],
      ['GET', '/transaction/api/v1/refund/getEpaTrans', { alipayOrder: order, merchantNo: merchant }],
      ['GET', '/transaction/api/v1/refund/epaRefunds', { rftype: 1, merchantNo: merchant, transStartDate: '20261001000000', transEndDate: '20261030235959' }],
      ['GET', '/transaction/api/v1/refund/getRefundApprovals', {}],
      ['GET', '/api/TotalAssets/GetPanelItemDetail', { customer_no: f.customer, limit: 100 }],
      ['GET', '/sso/api/v1/user/getUserInfoList', { userName: f.accounts[0] }],
      ['GET', '/sso/api/v1/user/getCustomerUserAccounts', { limit: 100, userName: f.accounts[0] }],
      ['GET', '/sso/api/v1/user/exportAccounts', {}],
      ['POST', '/transaction/api/v1/refund/epaRefunds', { merchantNo: merchant, alipayOrder: order, reason: 'probe', reasonType: 'OTHER', refundAmount: '1.00' }],
      ['DELETE', '/transaction/api/v1/refund/epaRefunds', { refundId: f.refundIds[0] }],
      ['POST', '/transaction/api/v1/postRefundApprovals', { refundArray: f.refundIds.slice(0, 5), result: 'approve', password: 'Portal#2026' }],
      ['POST', '/sso/api/v1/user/updateCustomerUserInfo', { userId: f.userIds[0], contactNumber: '85299999999', contactName: 'Intruder', contactEmail: 'intruder@demo.test', roleId: 1, status: 0, jobTitle: 'x', department: 'x', appellation: 'MR' }],
      ['GET', '/api/Transaction/AsyncGetTransRealtime', { merchant_no: merchant, ...wide }],
    ];
  }

  /** Identifiers of `f` that appear as whole values (JSON strings or CSV cells) in the answer. */
  function leaks(body: unknown, f: Foreign): string[] {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    // JSON strings wherever they are (a JSON answer, the lines of a streamed one), and CSV cells.
    const values = new Set([...(typeof body === 'string' ? body.split(/[,\n]/) : []), ...[...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1])]);
    const found = [f.customer, ...f.merchants, ...f.stores, ...f.orders, ...f.accounts].filter((id) => values.has(id));
    const refundLeak = /"refundId":(\d+)/g;
    for (const match of text.matchAll(refundLeak)) {
      if (f.refundIds.includes(Number(match[1])) && !/"success":false/.test(text)) found.push(`refund ${match[1]}`);
    }
    return found;
  }

  it.each([
    ['other@demo.test', 'C0001'],
    ['admin', 'C0002'],
    ['partner@demo.test', 'C0002'],
  ])('%s sees nothing of %s, whatever ids it sends', async (account, customer) => {
    const { token } = await upstream.client.login(account);
    const foreign = await foreignData(customer);
    expect(foreign.merchants.length).toBeGreaterThan(0);
    const before = await upstream.db.query('SELECT refund_id, approve_status FROM refunds ORDER BY refund_id');
    const usersBefore = await upstream.db.query('SELECT user_id, contact_email, status FROM users ORDER BY user_id');
    for (const [method, path, input] of probes(foreign)) {
      const variant = account.startsWith('partner') && !path.startsWith('/sso') && !path.includes('Refund') && !path.includes('refund') && !path.includes('TotalAssets') && path !== '/api/MerchantInfo/GetMerchantList' ? `${path}_20230314` : path;
      const answer = await upstream.client.call(method, variant, input, { token });
      expect({ call: `${method} ${variant}`, status: answer.status }).not.toEqual({ call: `${method} ${variant}`, status: 500 });
      expect({ call: `${method} ${variant}`, leaks: leaks(answer.body, foreign) }).toEqual({ call: `${method} ${variant}`, leaks: [] });
    }
    // Nothing of theirs changed either.
    expect(await upstream.db.query('SELECT refund_id, approve_status FROM refunds ORDER BY refund_id')).toEqual(before);
    expect(await upstream.db.query('SELECT user_id, contact_email, status FROM users ORDER BY user_id')).toEqual(usersBefore);
  });

  it('shows a user its own data through the same calls (the probes can find data)', async () => {
    const { token } = await upstream.client.login('admin');
    const own = await foreignData('C0001');
    const answer = await upstream.client.call<{ data: { order_no: string }[] }>('GET', '/api/Transaction/AsyncGetTransRealtime', { alipayOrder: own.orders[0] }, { token });
    expect(answer.body.data.map((t) => t.order_no)).toEqual([own.orders[0]]);
    const info = await upstream.client.call('GET', '/hk/api/MerchantInfo/GetMerchantInfo', { merchant_no: own.merchants[0] }, { token });
    expect(leaks(info.body, own)).toContain(own.merchants[0]);
    const streamed = await upstream.client.call('GET', '/api/Transaction/ExportTransRealtime', { alipayOrder: own.orders[0], columns: EXPORTED }, { token });
    expect(leaks(streamed.body, own)).toEqual(expect.arrayContaining([own.orders[0], own.merchants.find((m) => (streamed.body as string).includes(m))]));
  });

  it('gives the partner its customers and not the one outside the partnership', async () => {
    const { token } = await upstream.client.login('partner@demo.test');
    const answer = await upstream.client.call<{ customer_no: string }[]>('GET', '/hk/api/MerchantInfo/GetCustomerInfo_20230314', {}, { token });
    expect(answer.body.map((c) => c.customer_no)).toEqual(['C0001', 'C0003', 'C0004']);
  });

  it('refuses a userid other than the caller', async () => {
    const { token, userId } = await upstream.client.login('other@demo.test');
    const answer = await upstream.client.call('GET', '/api/MerchantInfo/GetMerchantList', { userid: userId + 1 }, { token });
    expect(answer.status).toBe(403);
  });
});
