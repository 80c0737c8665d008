import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

const LOGIN = '/sso/api/v1/login';

describe.each(DATABASES)('sign-in and passwords on %s', (database) => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 500);
  });
  afterAll(() => upstream.stop());
  afterEach(() => upstream.client.dev('POST', '/dev/clock', { reset: true }));

  const login = (username: string, password: string) =>
    upstream.client.call<[{ pwdFlag: number; opPwdFlag: number; loginType: string; headers: string[]; loginUser: { rank: string } }] & { error?: { code: string; description: string } }>(
      'POST', LOGIN, { username, password },
    );
  const call = <T = { success?: number; result?: number; code?: string; msg?: string; error?: { code: string } }>(method: string, path: string, input: object, token?: string) =>
    upstream.client.call<T>(method, path, input, { token });

  it('signs in by account or e-mail and answers the session the spec describes', async () => {
    const byAccount = await login('admin', 'Portal#2026');
    expect(byAccount.status).toBe(200);
    expect(byAccount.body[0]).toMatchObject({
      id: expect.any(Number),
      loginUser: { userName: 'admin', nickName: 'Chan Tai Man', rank: 'CUSTOMER', rankNo: 'C0001', isAdmin: 1 },
      xEftpayToken: expect.any(String),
      roleId: 1,
      pwdFlag: 0,
      opPwdFlag: 0,
      loginType: 'EPA',
    });
    expect(byAccount.body[0].headers).toEqual(expect.arrayContaining(['dashboard', 'transactions', 'reviewRefund', 'accountStatus']));
    expect((await login('ADMIN@demo.test', 'Portal#2026')).status).toBe(200);
    const partner = await login('partner@demo.test', 'Portal#2026');
    expect(partner.body[0].loginUser.rank).toBe('PARTNER');
    expect(partner.body[0].headers).not.toContain('refundRequest');
  });

  it('gives each role the menus of spec section 6', async () => {
    const menus = async (account: string) => (await login(account, 'Portal#2026')).body[0].headers;
    expect(await menus('viewer@demo.test')).toEqual(['transactions']);
    expect(await menus('maker@demo.test')).toEqual(expect.arrayContaining(['refundRequest']));
    expect(await menus('maker@demo.test')).not.toContain('reviewRefund');
    expect(await menus('checker@demo.test')).toEqual(expect.arrayContaining(['reviewRefund']));
    expect(await menus('wxali@demo.test')).toEqual(expect.arrayContaining(['settleWxAli', 'reconWxAli']));
    expect(await menus('assets@demo.test')).toEqual(expect.arrayContaining(['totalAssets']));
  });

  it('answers the same for an unknown account and a wrong password', async () => {
    const unknown = await login('nobody@demo.test', 'Portal#2026');
    const wrong = await login('viewer@demo.test', 'Wrong#2026');
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(unknown.body.error).toEqual(wrong.body.error);
  });

  it('locks an account after 10 failures for 30 minutes, even for the right password', async () => {
    for (let i = 0; i < 9; i++) expect((await login('wxali@demo.test', `Wrong#${i}`)).status).toBe(401);
    expect((await login('wxali@demo.test', 'Wrong#9')).status).toBe(423);
    const locked = await login('wxali@demo.test', 'Portal#2026');
    expect(locked.status).toBe(423);
    expect(locked.body.error?.code).toBe('ACCOUNT_LOCKED');
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 29 });
    expect((await login('wxali@demo.test', 'Portal#2026')).status).toBe(423);
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 2 });
    expect((await login('wxali@demo.test', 'Portal#2026')).status).toBe(200);
  });

  it('forces the first-login changes, then clears the flags and the temporary login type', async () => {
    const first = await login('newcomer@demo.test', 'Portal#2026');
    expect(first.body[0]).toMatchObject({ pwdFlag: 1, opPwdFlag: 1, loginType: 'EPA_use_temp_password' });
    const token = first.body[0] as unknown as { xEftpayToken: string; id: number };
    const update = (type: number, newPassword: string) => call('POST', '/sso/api/v1/user/updateEpaPassword', { userId: token.id, newPassword, type }, token.xEftpayToken);
    expect((await update(1, 'Portal#2026')).body).toMatchObject({ success: 2, code: 'pwd.shouldDiffYourLast4Pwd' });
    expect((await update(1, 'weak')).body).toMatchObject({ success: 2, code: 'pwd.pwdLess8Char' });
    expect((await update(1, 'Newcomer#2027')).body).toMatchObject({ success: 0 });
    expect((await update(2, 'Manage#2027')).body).toMatchObject({ success: 0 });
    const again = await login('newcomer@demo.test', 'Newcomer#2027');
    expect(again.body[0]).toMatchObject({ pwdFlag: 0, opPwdFlag: 0, loginType: 'EPA' });
    expect((await login('newcomer@demo.test', 'Portal#2026')).status).toBe(401);
  });

  it('lets a password be updated only after the current one is verified, and keeps the last 4 out', async () => {
    const { token, userId } = await upstream.client.login('assets@demo.test');
    const update = (newPassword: string) => call('POST', '/sso/api/v1/user/updateEpaPassword', { userId, newPassword, type: 1 }, token);
    expect((await update('Assets#2027')).status).toBe(403);
    expect((await call('POST', '/sso/api/v1/user/verifyOldPassword', { userId, oldPassword: 'Wrong#1', type: 1 }, token)).body.result).toBe(1);
    expect((await call('POST', '/sso/api/v1/user/verifyOldPassword', { userId, oldPassword: 'Portal#2026', type: 1 }, token)).body.result).toBe(0);
    expect((await update('Assets#2027')).body.success).toBe(0);
    // The verification is used up by the change.
    expect((await update('Assets#2028')).status).toBe(403);

    const change = (oldPassword: string, newPassword: string) => call('POST', '/sso/api/v1/user/changePassword', { userId, oldPassword, newPassword, type: 1 }, token);
    const sequence = ['Assets#2028', 'Assets#2029', 'Assets#2030', 'Assets#2031'];
    let current = 'Assets#2027';
    for (const next of sequence) {
      expect((await change(current, next)).body.success).toBe(0);
      current = next;
    }
    // Current plus the previous four are refused; the one before those is allowed again.
    for (const recent of ['Assets#2031', 'Assets#2030', 'Assets#2027']) {
      expect((await call('POST', '/sso/api/v1/user/boolPwdIsRepeat', { userId, newPassword: recent, type: 1 }, token)).body.success).toBe(1);
      expect((await change(current, recent)).body).toMatchObject({ success: 2, code: 'pwd.shouldDiffYourLast4Pwd' });
    }
    expect((await call('POST', '/sso/api/v1/user/boolPwdIsRepeat', { userId, newPassword: 'Portal#2026', type: 1 }, token)).body.success).toBe(0);
    expect((await change(current, 'Portal#2026')).body.success).toBe(0);
    expect((await change('Wrong#1', 'Other#2027')).body).toMatchObject({ success: 1, code: 'pwd.pwdError' });
  });

  it('ends the other sessions of a user whose password changes', async () => {
    const first = await upstream.client.login('maker@demo.test');
    const second = await upstream.client.login('maker@demo.test');
    expect((await call('POST', '/sso/api/v1/user/changePassword', { userId: first.userId, oldPassword: 'Portal#2026', newPassword: 'Maker#2027', type: 1 }, first.token)).body.success).toBe(0);
    const profile = (token: string) => call('GET', '/sso/api/v1/user/getUserInfoList', { userName: 'maker@demo.test' }, token);
    expect((await profile(first.token)).status).toBe(200);
    const dead = await profile(second.token);
    expect(dead.status).toBe(401);
    expect(dead.body).toEqual({ error: { code: 'TOKEN_EXPIRED', description: 'UserToken over date, Relogin' } });
  });

  it('refuses a management password to a role without one', async () => {
    const { token, userId } = await upstream.client.login('viewer@demo.test');
    expect((await call('POST', '/sso/api/v1/user/verifyOldPassword', { userId, oldPassword: 'Portal#2026', type: 2 }, token)).status).toBe(403);
  });

  it('mails a single-use reset link that expires after 5 minutes', async () => {
    const send = (email: string, username: string) => call('POST', '/sso/api/v1/user/sendResetPwdEmail', { email, username, lang: 'en' });
    expect((await send('someone@else.test', 'checker@demo.test')).body).toMatchObject({ success: 0, code: 'EMAIL_NOT_ASSOCIATED' });
    expect((await send('checker@demo.test', 'checker@demo.test')).body.success).toBe(1);
    const linkOf = async () => {
      const [mail] = await upstream.client.dev<{ body: string }[]>('GET', '/dev/outbox', { to: 'checker@demo.test', limit: 1 });
      return /\/reset\/([\w-]+)\//.exec(mail?.body ?? '')?.[1] as string;
    };
    const randomId = await linkOf();
    expect(randomId).toMatch(/^[\w-]{40,}$/);
    const info = (id: string) => call<{ success: number; data?: { account: string } }>('POST', '/sso/api/v1/user/getResetPwdEmailInfo', { randomId: id });
    expect((await info(randomId)).body).toMatchObject({ success: 1, data: { account: 'checker@demo.test' } });
    const reset = (id: string, newPassword: string) => call('POST', '/sso/api/v1/user/updateEmailDeleted', { randomId: id, newPassword });
    expect((await reset(randomId, 'short')).body).toMatchObject({ success: 2, code: 'pwd.pwdLess8Char' });
    expect((await reset(randomId, 'Checker#2027')).body.success).toBe(1);
    expect((await reset(randomId, 'Checker#2028')).body).toMatchObject({ success: 0, code: 'RESET_LINK_EXPIRED' });
    expect((await login('checker@demo.test', 'Checker#2027')).status).toBe(200);

    await send('checker@demo.test', 'checker@demo.test');
    const late = await linkOf();
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 4 });
    expect((await info(late)).body.success).toBe(1);
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 2 });
    expect((await info(late)).body).toMatchObject({ success: 0, code: 'RESET_LINK_EXPIRED' });
    expect((await reset(late, 'Checker#2029')).body.success).toBe(0);
    expect((await info('no-such-link')).body.success).toBe(0);
  });

  it('signs in once with a single-sign-on token, which then dies', async () => {
    const { token: ssoToken } = await upstream.client.dev<{ token: string }>('POST', '/dev/sso-token', { account: 'maker@demo.test' });
    const first = await call<[{ loginUser: { userName: string } }]>('POST', '/sso/api/v1/login/external/token', { token: ssoToken });
    expect(first.status).toBe(200);
    expect(first.body[0].loginUser.userName).toBe('maker@demo.test');
    expect((await call('POST', '/sso/api/v1/login/external/token', { token: ssoToken })).status).toBe(401);
    const { token: stale } = await upstream.client.dev<{ token: string }>('POST', '/dev/sso-token', { account: 'maker@demo.test' });
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 3 });
    expect((await call('POST', '/sso/api/v1/login/external/token', { token: stale })).status).toBe(401);
  });

  it('renews a token: the new one works, the old one is dead', async () => {
    const { token } = await upstream.client.login('viewer@demo.test');
    const renewed = await call<{ xEftpayToken: string }>('GET', '/sso/api/v2/login/external/token/renew', {}, token);
    expect(renewed.status).toBe(200);
    expect((await call('POST', '/sso/api/v1/menu', {}, renewed.body.xEftpayToken)).status).toBe(200);
    expect((await call('POST', '/sso/api/v1/menu', {}, token)).status).toBe(401);
  });

  it('expires a token after its lifetime', async () => {
    const { token } = await upstream.client.login('viewer@demo.test');
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 721 });
    expect((await call('POST', '/sso/api/v1/menu', {}, token)).status).toBe(401);
  });

  it('takes a contact number of at least 8 digits for review', async () => {
    const { token, userId } = await upstream.client.login('viewer@demo.test');
    const update = (contactNumber: string, id = userId) => call('POST', '/sso/api/v1/user/updateContactNumber', { contactNumber, userId: id, contactEmail: 'viewer@demo.test', contactName: 'Cheung Mei Yee' }, token);
    expect((await update('1234567')).body.success).toBe(1);
    expect((await update('85294567890')).body.success).toBe(1);
    expect((await update('85290000000')).body.success).toBe(0);
    expect((await update('85290000000', userId + 1)).status).toBe(403);
    const profile = await call<{ data: { pendingContactNumber: string; contactNumber: string }[] }>('GET', '/sso/api/v1/user/getUserInfoList', { userName: 'viewer@demo.test' }, token);
    expect(profile.body.data[0]).toMatchObject({ contactNumber: '85294567890', pendingContactNumber: '85290000000' });
  });
});
