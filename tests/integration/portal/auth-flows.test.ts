import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 1500);
  portalEnv(upstream.url);
});
afterAll(() => upstream.stop());
afterEach(() => upstream.client.dev('POST', '/dev/clock', { reset: true }));

const SESSION_COOKIE = 'portal_session';

describe('sign-in', () => {
  it('signs in, starts a sealed session and lands on the dashboard', async () => {
    const browser = new Browser();
    const answer = await browser.signIn('admin');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.redirect).toBe('/dashboard/dashboard');
    expect(answer.body.data?.session).toMatchObject({ account: 'admin', rank: 'CUSTOMER', rankNo: 'C0001', isAdmin: true });
    expect(answer.body.data?.session).not.toHaveProperty('token');
    expect(browser.cookies.get(SESSION_COOKIE)).toMatch(/^Fe26\.2\*/);
    expect(answer.headers.getSetCookie().find((c) => c.startsWith(SESSION_COOKIE))).toMatch(/HttpOnly.*SameSite=lax|SameSite=lax.*HttpOnly/i);
    expect(await browser.navigate('/dashboard/dashboard')).toEqual({ status: 200, location: null });
    expect(await browser.navigate('/login')).toEqual({ status: 307, location: 'http://portal.test/dashboard/dashboard' });
  });

  it('keeps the session on a menu route the role lacks and on an unknown path (issue 16: only an ended session signs out)', async () => {
    const browser = new Browser();
    await browser.signIn('viewer@demo.test');
    const cookie = browser.cookies.get(SESSION_COOKIE);
    expect(await browser.navigate('/dashboard/dashboard')).toEqual({ status: 200, location: null });
    expect(await browser.navigate('/transaction/no-such-screen')).toEqual({ status: 200, location: null });
    expect(browser.cookies.get(SESSION_COOKIE)).toBe(cookie);
    expect((await browser.call('POST', '/api/gateway/userInfoList', {})).status).toBe(200);
    expect(await browser.navigate('/transaction/transactions')).toEqual({ status: 200, location: null });
  });

  it('issues a new cookie at every sign-in', async () => {
    const browser = new Browser();
    await browser.signIn('viewer@demo.test');
    const first = browser.cookies.get(SESSION_COOKIE);
    await browser.signIn('viewer@demo.test');
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(first);
  });

  it.each([
    ['a wrong password', { username: 'viewer@demo.test', password: 'Wrong#2026' }, 401, 'INVALID_CREDENTIALS', 'Invalid account ID or password. Please try again.'],
    ['an unknown account', { username: 'nobody@demo.test', password: 'Portal#2026' }, 401, 'INVALID_CREDENTIALS', 'Invalid account ID or password. Please try again.'],
  ])('refuses %s with the spec message', async (_name, credentials, status, code, message) => {
    const answer = await new Browser().signIn(credentials.username, credentials.password);
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error: { code, message } });
  });

  it('refuses a wrong, missing or reused verification code', async () => {
    const browser = new Browser();
    await browser.call('GET', '/api/auth/captcha');
    const wrong = await browser.call('POST', '/api/auth/login', { username: 'admin', password: 'Portal#2026', captcha: '9999' });
    expect(wrong.body.error).toEqual({ code: 'CAPTCHA_INVALID', message: 'Invalid verification code. Please try again.' });
    const missing = await new Browser().call('POST', '/api/auth/login', { username: 'admin', password: 'Portal#2026', captcha: '2468' });
    expect(missing.body.error?.code).toBe('CAPTCHA_INVALID');
    await browser.call('GET', '/api/auth/captcha');
    const sealed = browser.cookies.get('portal_captcha') as string;
    expect((await browser.call('POST', '/api/auth/login', { username: 'admin', password: 'Portal#2026', captcha: '2468' })).status).toBe(200);
    const replay = new Browser();
    replay.cookies.set('portal_captcha', sealed);
    expect((await replay.call('POST', '/api/auth/login', { username: 'admin', password: 'Portal#2026', captcha: '2468' })).body.error?.code).toBe('CAPTCHA_INVALID');
  });

  it('answers in the user language', async () => {
    const answer = await new Browser('zh-HK').signIn('viewer@demo.test', 'Wrong#2026');
    expect(answer.body.error?.message).toBe('帳戶名稱或密碼無效，請重試。');
  });

  it('shows the lockout after 10 failures', async () => {
    const browser = new Browser();
    for (let i = 0; i < 10; i++) await browser.signIn('wxali@demo.test', `Wrong#${i}`);
    const locked = await browser.signIn('wxali@demo.test');
    expect(locked.status).toBe(423);
    expect(locked.body.error).toEqual({ code: 'ACCOUNT_LOCKED', message: 'The account is locked after too many failed sign-ins. Please try again in 30 minutes.' });
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 31 });
    expect((await browser.signIn('wxali@demo.test')).status).toBe(200);
  });

  it('remembers the account and a one-day device token, never the password, and rotates the token at each use', async () => {
    const browser = new Browser();
    const answer = await browser.signIn('maker@demo.test', 'Portal#2026', { rememberMe: true });
    expect(browser.cookies.get('ctrs_username')).toBe('maker%40demo.test');
    expect(browser.cookies.get('ctrs_rememberme')).toBe('1');
    expect(browser.cookies.has('ctrs_password')).toBe(false);
    const token = browser.cookies.get('ctrs_token') as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(answer.headers.getSetCookie().find((c) => c.startsWith('ctrs_token'))).toMatch(/Max-Age=86400.*HttpOnly|HttpOnly.*Max-Age=86400/i);
    expect(answer.text).not.toContain('Portal#2026');
    await browser.call('POST', '/api/auth/logout', {});
    expect(browser.cookies.get('ctrs_token')).toBe(token);
    // An empty password uses the remembered sign-in, for that account only, and replaces its token.
    expect((await browser.signIn('maker@demo.test', '', { rememberMe: true })).status).toBe(200);
    expect(browser.cookies.get('ctrs_token')).toMatch(/^[\w-]{43}$/);
    expect(browser.cookies.get('ctrs_token')).not.toBe(token);
    expect((await browser.signIn('admin', '')).status).toBe(400);
    await browser.signIn('maker@demo.test', 'Portal#2026', { rememberMe: false });
    expect(browser.cookies.has('ctrs_token')).toBe(false);
    // A browser of before (issue 26) held the sealed password: every sign-in answer removes it.
    const older = new Browser();
    older.cookies.set('ctrs_password', 'Fe26.2*old');
    await older.signIn('maker@demo.test');
    expect(older.cookies.has('ctrs_password')).toBe(false);
  });
});

describe('forgot and reset password', () => {
  const mailTo = async (address: string) => {
    const [mail] = await upstream.client.dev<{ body: string }[]>('GET', '/dev/outbox', { to: address, limit: 1 });
    return /\/reset\/([\w-]+)\//.exec(mail?.body ?? '')?.[1] as string;
  };

  it('mails a link that sets a new password once; the old password stops working', async () => {
    const browser = new Browser('zh-CN');
    const refused = await browser.call('POST', '/api/auth/forgot', { email: 'nobody@demo.test', username: 'checker@demo.test' });
    expect(refused.body.error).toEqual({ code: 'EMAIL_NOT_ASSOCIATED', message: '此邮箱地址与账户不相符。' });
    expect((await browser.call('POST', '/api/auth/forgot', { email: 'bad', username: '' })).status).toBe(400);
    expect((await browser.call('POST', '/api/auth/forgot', { email: 'checker@demo.test', username: 'checker@demo.test' })).body.ok).toBe(true);
    const randomId = await mailTo('checker@demo.test');
    const weak = await browser.call('POST', '/api/auth/reset', { randomId, newPassword: 'weakpass', confirmPassword: 'weakpass' });
    expect(weak.body.error?.message).toBe('密码须包含数字。');
    const mismatch = await browser.call('POST', '/api/auth/reset', { randomId, newPassword: 'Checker#2027', confirmPassword: 'Checker#2028' });
    expect(mismatch.body.error?.message).toBe('两次输入的密码不一致。');
    const done = await browser.call('POST', '/api/auth/reset', { randomId, newPassword: 'Checker#2027', confirmPassword: 'Checker#2027' });
    expect(done.body).toEqual({ ok: true, data: { redirect: '/login?notice=passwordReset' } });
    const again = await browser.call('POST', '/api/auth/reset', { randomId, newPassword: 'Checker#2029', confirmPassword: 'Checker#2029' });
    expect(again.body.error?.code).toBe('RESET_LINK_EXPIRED');
    expect((await new Browser().signIn('checker@demo.test')).status).toBe(401);
    expect((await new Browser().signIn('checker@demo.test', 'Checker#2027')).status).toBe(200);
  });

  it('refuses a link after its 5 minutes', async () => {
    const browser = new Browser();
    await browser.call('POST', '/api/auth/forgot', { email: 'assets@demo.test', username: 'assets@demo.test' });
    const randomId = await mailTo('assets@demo.test');
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 6 });
    const late = await browser.call('POST', '/api/auth/reset', { randomId, newPassword: 'Assets#2027', confirmPassword: 'Assets#2027' });
    expect(late.body.error).toEqual({ code: 'RESET_LINK_EXPIRED', message: 'The webpage has expired, resubmit the reset request; the access address does not exist.' });
  });
});

describe('first login', () => {
  it('confines the user to /FirstLoginUpdPwd until both passwords are set', async () => {
    const browser = new Browser();
    const signedIn = await browser.signIn('newcomer@demo.test');
    expect(signedIn.body.data?.redirect).toBe('/FirstLoginUpdPwd');
    expect(signedIn.body.data?.session).toMatchObject({ pwdFlag: true, opPwdFlag: true, loginType: 'EPA_use_temp_password' });
    expect(await browser.navigate('/dashboard/dashboard')).toEqual({ status: 307, location: 'http://portal.test/FirstLoginUpdPwd' });
    // The management password waits for the login password.
    expect((await browser.call('POST', '/api/auth/first-login', { type: 2, newPassword: 'Manage#2027', confirmPassword: 'Manage#2027' })).status).toBe(403);
    const reused = await browser.call('POST', '/api/auth/first-login', { type: 1, newPassword: 'Portal#2026', confirmPassword: 'Portal#2026' });
    expect(reused.body.error?.message).toBe('The new password must differ from your current password and your last 4 passwords.');
    const step1 = await browser.call('POST', '/api/auth/first-login', { type: 1, newPassword: 'Newcomer#2027', confirmPassword: 'Newcomer#2027' });
    expect(step1.body).toEqual({ ok: true, data: { next: 'management', redirect: null } });
    expect(await browser.navigate('/dashboard/dashboard')).toEqual({ status: 307, location: 'http://portal.test/FirstLoginUpdPwd' });
    const step2 = await browser.call('POST', '/api/auth/first-login', { type: 2, newPassword: 'Manage#2027', confirmPassword: 'Manage#2027' });
    expect(step2.body).toEqual({ ok: true, data: { next: 'done', redirect: '/dashboard/dashboard' } });
    expect(await browser.navigate('/dashboard/dashboard')).toEqual({ status: 200, location: null });
    expect(await browser.navigate('/FirstLoginUpdPwd')).toEqual({ status: 307, location: 'http://portal.test/dashboard/dashboard' });
    const next = await new Browser().signIn('newcomer@demo.test', 'Newcomer#2027');
    expect(next.body.data?.session).toMatchObject({ pwdFlag: false, opPwdFlag: false, loginType: 'EPA' });
  });
});

describe('single sign-on', () => {
  it('signs in once from the merchant center link and refuses the link again', async () => {
    const { token } = await upstream.client.dev<{ token: string }>('POST', '/dev/sso-token', { account: 'maker@demo.test' });
    const browser = new Browser();
    const first = await browser.call('GET', `/redirect?token=${token}`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/dashboard/dashboard');
    expect(browser.cookies.get('portal_session')).toBeDefined();
    const replay = await new Browser().call('GET', `/redirect?token=${token}`);
    expect(replay.headers.get('location')).toBe('/login?notice=ssoFailed');
    expect((await new Browser().call('GET', '/redirect')).headers.get('location')).toBe('/login?notice=ssoFailed');
  });
});

describe('logout and dead sessions', () => {
  it('refuses a cookie replayed after logout, here and on an instance that never saw the logout', async () => {
    const browser = new Browser();
    await browser.signIn('viewer@demo.test');
    const copy = browser.cookies.get(SESSION_COOKIE) as string;
    const out = await browser.call('POST', '/api/auth/logout', {});
    expect(out.body).toEqual({ ok: true, data: { redirect: '/login?notice=loggedOut' } });
    expect(browser.cookies.get(SESSION_COOKIE)).toBeUndefined();

    const thief = new Browser();
    thief.cookies.set(SESSION_COOKIE, copy);
    expect((await thief.navigate('/transaction/transactions')).location).toBe('http://portal.test/login?notice=sessionEnded');
    thief.cookies.set(SESSION_COOKIE, copy);
    expect((await thief.call('POST', '/api/gateway/userInfoList', {})).body.error?.code).toBe('NOT_SIGNED_IN');
    expect(thief.cookies.get(SESSION_COOKIE)).toBeUndefined();

    // Another instance without the shared revocation list still meets the revoked upstream token.
    const key = Symbol.for('portal.sharedStore');
    const holder = globalThis as Record<symbol, unknown>;
    const store = holder[key];
    holder[key] = undefined;
    try {
      const elsewhere = new Browser();
      elsewhere.cookies.set(SESSION_COOKIE, copy);
      const answer = await elsewhere.call('POST', '/api/gateway/userInfoList', {});
      expect(answer.body.error).toEqual({ code: 'SESSION_EXPIRED', message: 'Your session has ended. Please sign in again.' });
      expect(elsewhere.cookies.get(SESSION_COOKIE)).toBeUndefined();
    } finally {
      holder[key] = store;
    }
  });

  it('ends a session idle for more than 15 minutes and keeps a used one alive', async () => {
    const browser = new Browser();
    await browser.signIn('viewer@demo.test');
    const start = Date.now();
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(start + 10 * 60_000);
      expect((await browser.call('POST', '/api/gateway/userInfoList', {})).status).toBe(200);
      now.mockReturnValue(start + 24 * 60_000);
      expect((await browser.call('POST', '/api/gateway/userInfoList', {})).status).toBe(200);
      now.mockReturnValue(start + 40 * 60_000);
      expect((await browser.call('POST', '/api/gateway/userInfoList', {})).body.error?.code).toBe('NOT_SIGNED_IN');
    } finally {
      now.mockRestore();
    }
  });

  it('refuses a tampered cookie', async () => {
    const browser = new Browser();
    await browser.signIn('viewer@demo.test');
    const cookie = browser.cookies.get(SESSION_COOKIE) as string;
    const tampered = `${cookie.slice(0, 40)}${cookie[40] === 'A' ? 'B' : 'A'}${cookie.slice(41)}`;
    browser.cookies.set(SESSION_COOKIE, tampered);
    expect(await browser.navigate('/dashboard/dashboard')).toEqual({ status: 307, location: 'http://portal.test/login?notice=sessionEnded' });
    browser.cookies.set(SESSION_COOKIE, tampered);
    expect((await browser.call('POST', '/api/gateway/userInfoList', {})).body.error?.code).toBe('NOT_SIGNED_IN');
  });
});

describe('the route handlers', () => {
  it('refuse cross-site state changes', async () => {
    const browser = new Browser();
    await browser.signIn('admin');
    for (const path of ['/api/auth/login', '/api/auth/logout', '/api/auth/forgot', '/api/gateway/userInfoList']) {
      const answer = await browser.call('POST', path, {}, { origin: 'https://evil.test' });
      expect({ path, status: answer.status, code: answer.body.error?.code }).toEqual({ path, status: 403, code: 'CROSS_SITE' });
    }
    expect((await browser.call('POST', '/api/gateway/userInfoList', {})).status).toBe(200);
  });

  it('serve only registered, exposed calls the session menus allow', async () => {
    const viewer = new Browser();
    await viewer.signIn('viewer@demo.test');
    expect((await viewer.call('POST', '/api/gateway/approvalCount', {})).body.error?.code).toBe('FORBIDDEN');
    expect((await viewer.call('POST', '/api/gateway/noSuchCall', {})).body.error?.code).toBe('UNKNOWN_CALL');
    expect((await viewer.call('POST', '/api/gateway/login', { input: { username: 'admin', password: 'x' } })).body.error?.code).toBe('UNKNOWN_CALL');
    expect((await viewer.call('POST', '/api/gateway/__proto__', {})).body.error?.code).toBe('UNKNOWN_CALL');
    const reviewer = new Browser();
    await reviewer.signIn('admin');
    const count = await reviewer.call<{ ok: boolean; data: { raCount: number }[] }>('POST', '/api/gateway/approvalCount', {});
    const [expected] = await upstream.db.query<{ n: number }>("SELECT count(*)::int AS n FROM refunds WHERE customer_no = 'C0001' AND approve_status = '10'");
    expect(count.body.data).toEqual([{ raCount: expected?.n }]);
  });

  it('take identity from the session, whatever the input says', async () => {
    const browser = new Browser();
    await browser.signIn('viewer@demo.test');
    // Naming another user is refused outright (the call has no such field), never taken.
    const spoofed = await browser.call('POST', '/api/gateway/userInfoList', { input: { userName: 'admin', userid: 1 } });
    expect({ status: spoofed.status, code: spoofed.body.error?.code }).toEqual({ status: 400, code: 'INVALID_INPUT' });
    const answer = await browser.call<{ ok: boolean; data: { data: { account: string }[] } }>('POST', '/api/gateway/userInfoList', { input: {} });
    expect(answer.body.data.data.map((p) => p.account)).toEqual(['viewer@demo.test']);
  });
});
