import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

/** Regression tests for the defects a security review found. */
describe.each(DATABASES)('hardening on %s', (database) => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 600);
  });
  afterAll(() => upstream.stop());
  const call = <T = { success?: number; code?: string; error?: { code: string } }>(method: string, path: string, input: object, token?: string) => upstream.client.call<T>(method, path, input, { token });

  it('keeps the lockout when many wrong passwords arrive at once', async () => {
    await Promise.all(Array.from({ length: 14 }, (_, i) => call('POST', '/sso/api/v1/login', { username: 'viewer@demo.test', password: `Wrong#${i}` })));
    expect((await call('POST', '/sso/api/v1/login', { username: 'viewer@demo.test', password: 'Portal#2026' })).status).toBe(423);
  });

  it('does not let a login-password check authorise a management-password change', async () => {
    const { token, userId } = await upstream.client.login('checker@demo.test');
    expect((await call<{ result: number }>('POST', '/sso/api/v1/user/verifyOldPassword', { userId, oldPassword: 'Portal#2026', type: 1 }, token)).body.result).toBe(0);
    expect((await call('POST', '/sso/api/v1/user/updateEpaPassword', { userId, newPassword: 'Approve#2027', type: 2 }, token)).status).toBe(403);
  });

  it('refuses the temporary password as the new one, and names that collide across account and e-mail', async () => {
    const admin = await upstream.client.login('admin');
    const other = await upstream.client.login('other@demo.test');
    const account = (name: string, email: string, token: string, typeNo = 'C0001') =>
      call('POST', '/sso/api/v1/user/insertAccount', { account: name, password: 'Temp#Pass2026', typeNo, roleId: 4, name: 'New cashier', contactName: 'New Cashier', contactEmail: email, contactNumber: '85291110000', jobTitle: 'Cashier', department: 'Shop', appellation: 'MR' }, token);
    expect((await account('admin@demo.test', 'intruder@other.test', other.token, 'C0002')).body.code).toBe('DUPLICATE_ACCOUNT');
    expect((await account('cashier.one', 'cashier.one@demo.test', admin.token)).body.success).toBe(0);
    const cashier = await upstream.client.login('cashier.one', 'Temp#Pass2026');
    const same = await call('POST', '/sso/api/v1/user/updateEpaPassword', { userId: cashier.userId, newPassword: 'Temp#Pass2026', type: 1 }, cashier.token);
    expect(same.body).toMatchObject({ success: 2, code: 'pwd.shouldDiffYourLast4Pwd' });
  });

  it('promotes nobody to the sole administrator role', async () => {
    const { token } = await upstream.client.login('admin');
    const [checker] = await upstream.db.query<{ user_id: number }>("SELECT user_id FROM users WHERE account = 'checker@demo.test'");
    const promoted = await call('POST', '/sso/api/v1/user/updateCustomerUserInfo', { userId: checker?.user_id, contactNumber: '85293456789', contactName: 'Lee Ka Fai', contactEmail: 'checker@demo.test', roleId: 1, status: 1, jobTitle: 'Finance Manager', department: 'Finance', appellation: 'MR' }, token);
    expect(promoted.status).toBe(400);
  });

  it('scopes a merchant sub-account to its merchant, and lets the administrator deactivate it', async () => {
    const admin = await upstream.client.login('admin');
    const [merchant] = await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY 1 LIMIT 1");
    const created = await call<{ success: number; userId: number }>('POST', '/sso/api/v1/user/insertAccount', { account: 'shop.manager', password: 'Temp#Pass2026', typeNo: 'C0001', roleId: 2, type: 'MERCHANT', merchantNo: merchant?.merchant_no, name: 'Shop manager', contactName: 'Shop Manager', contactEmail: 'shop.manager@demo.test', contactNumber: '85291112222', jobTitle: 'Manager', department: 'Shop', appellation: 'MS' }, admin.token);
    expect(created.body.success).toBe(0);
    const shop = await upstream.client.login('shop.manager', 'Temp#Pass2026');
    await call('POST', '/sso/api/v1/user/updateEpaPassword', { userId: shop.userId, newPassword: 'Shop#Manager2027', type: 1 }, shop.token);
    const list = await call<{ data: { merchant_no: string }[] }>('GET', '/api/MerchantInfo/GetMerchantList', { ispaging: false }, shop.token);
    expect(list.body.data.map((m) => m.merchant_no)).toEqual([merchant?.merchant_no]);
    const off = await call('POST', '/sso/api/v1/user/updateCustomerUserInfo', { userId: created.body.userId, contactNumber: '85291112222', contactName: 'Shop Manager', contactEmail: 'shop.manager@demo.test', roleId: 2, status: 0, jobTitle: 'Manager', department: 'Shop', appellation: 'MS' }, admin.token);
    expect(off.body.success).toBe(0);
  });

  it('describes every unreadable envelope the same way', async () => {
    const wrongKey = await upstream.client.call<{ error: { description: string } }>('POST', '/sso/api/v1/login', {}, { key: 'another-key-entirely' });
    const garbage = await upstream.client.call<{ error: { description: string } }>('POST', '/sso/api/v1/login', {}, { en: 'garbage!' });
    expect(wrongKey.body.error.description).toBe(garbage.body.error.description);
  });
});
