import { Writable } from 'node:stream';
import { createLogger } from '@/lib/log/logger';
import { currentCode } from '@/upstream/rules/factor-secrets';
import { DEMO_FACTOR_ACCOUNT, DEMO_FACTOR_SECRET, DEMO_PASSWORD, DEMO_RECOVERY_CODES } from '@/upstream/seed/reference-data';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const env = { LOG_LEVEL: 'info', LOG_PRETTY: '0', NODE_ENV: 'test' } as NodeJS.ProcessEnv;
let upstream: TestUpstream;
const code = (minutesAhead = 0) => currentCode(DEMO_FACTOR_SECRET, upstream.clock.now().getTime() + minutesAhead * 60_000);

beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 300, createLogger('upstream', env, sink));
  portalEnv(upstream.url);
  (globalThis as Record<symbol, unknown>)[Symbol.for('portal.logger')] = createLogger('portal', env, sink);
}, 180_000);
afterAll(async () => {
  (globalThis as Record<symbol, unknown>)[Symbol.for('portal.logger')] = undefined;
  await upstream.stop();
});

describe('the second factor through the portal', () => {
  it('creates no session before the second step; the pending cookie opens no page, no shell and no gateway call', async () => {
    const browser = new Browser();
    const first = await browser.signIn(DEMO_FACTOR_ACCOUNT);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ secondStep: { totp: true, passkey: false } });
    expect(browser.cookies.has('portal_session')).toBe(false);
    expect(browser.cookies.has('portal_second_step')).toBe(true);
    expect((await browser.navigate('/dashboard/dashboard')).location).toMatch(/\/login/);
    expect((await browser.call('POST', '/api/gateway/customerInfo', { input: {} })).status).toBe(401);
    expect((await browser.call('POST', '/api/two-step/status', {})).status).toBe(401);
    // The pending seal under the session's name is not a session either.
    const forged = new Browser();
    forged.cookies.set('portal_session', browser.cookies.get('portal_second_step') as string);
    expect((await forged.navigate('/dashboard/dashboard')).location).toMatch(/\/login/);
    expect((await forged.call('POST', '/api/gateway/customerInfo', { input: {} })).status).toBe(401);

    const wrong = await browser.call('POST', '/api/auth/second-step', { code: code(5) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error?.message).toBe('The code is not right. 4 attempts left before the second step is locked.');
    expect((await browser.call('POST', '/api/auth/second-step', { code: 'abc' })).body.error?.message).toBe('Enter the 6 digits the app shows.');
    expect(browser.cookies.has('portal_session')).toBe(false);
    const zh = new Browser('zh-TW');
    zh.cookies.set('portal_second_step', browser.cookies.get('portal_second_step') as string);
    expect((await zh.call('POST', '/api/auth/second-step', { code: code(5) })).body.error?.message).toBe('驗證碼不正確。再錯 3 次第二步驗證將被鎖定。');

    const passed = await browser.call<{ ok: boolean; data: { redirect: string } }>('POST', '/api/auth/second-step', { code: code(), trustDevice: true });
    expect(passed.body.data.redirect).toBe('/dashboard/dashboard');
    expect(browser.cookies.has('portal_session')).toBe(true);
    expect(browser.cookies.has('portal_second_step')).toBe(false);
    expect(browser.cookies.has('portal_trusted_device')).toBe(true);
    expect((await browser.navigate('/dashboard/dashboard')).status).toBe(200);
    // The trusted device skips the step next time.
    await browser.call('POST', '/api/auth/logout');
    expect((await browser.signIn(DEMO_FACTOR_ACCOUNT)).body.data).toEqual(expect.objectContaining({ redirect: '/dashboard/dashboard' }));
    const status = await browser.call<{ ok: boolean; data: { devices: { label: string }[] } }>('POST', '/api/two-step/status', {});
    expect(status.body.data.devices).toHaveLength(1);

    // Nothing of the factor reaches a log line: not the secret, not a code, not a recovery code.
    for (const line of lines) for (const secret of [DEMO_FACTOR_SECRET, code(), code(5), ...DEMO_RECOVERY_CODES, DEMO_PASSWORD]) expect(line).not.toContain(secret);
  });

  it('remembers a sign-in with a rotating token, never the password; a password change ends it', async () => {
    const browser = new Browser();
    const first = await browser.signIn('maker@demo.test', DEMO_PASSWORD, { rememberMe: true });
    expect(first.status).toBe(200);
    expect(browser.cookies.has('ctrs_password')).toBe(false);
    const token = browser.cookies.get('ctrs_token') as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    await browser.call('POST', '/api/auth/logout');
    expect((await browser.signIn('maker@demo.test', '', { rememberMe: true })).status).toBe(200);
    expect(browser.cookies.get('ctrs_token')).not.toBe(token);
    // The used token is spent.
    const replay = new Browser();
    replay.cookies.set('ctrs_username', 'maker@demo.test');
    replay.cookies.set('ctrs_token', token);
    expect((await replay.signIn('maker@demo.test', '')).body.error?.message).toBe('The remembered sign-in has expired. Please enter your password.');

    const userId = (first.body.data?.session as { userId: number }).userId;
    await upstream.client.call('POST', '/sso/api/v1/user/changePassword', { userId, oldPassword: DEMO_PASSWORD, newPassword: 'Maker#2027x', type: 1 }, { token: (await upstream.client.login('maker@demo.test')).token });
    await browser.call('POST', '/api/auth/logout');
    expect((await browser.signIn('maker@demo.test', '')).status).toBe(401);
  });

  it('takes a user under the policy without a factor to set-up first, and nowhere else', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    expect((await admin.call('POST', '/api/two-step/policy', { policy: 'all' })).status).toBe(200);
    const viewer = new Browser();
    const signedIn = await viewer.signIn('viewer@demo.test');
    expect(signedIn.body.data?.redirect).toBe('/TwoStepSetup');
    expect((await viewer.navigate('/transaction/transactions')).location).toMatch(/\/TwoStepSetup$/);
    expect((await viewer.call('POST', '/api/gateway/customerInfo', { input: {} })).status).toBe(403);
    expect((await viewer.call('POST', '/api/two-step/setup-done', {})).status).toBe(409);
    const started = await viewer.call<{ ok: boolean; data: { secretGroups: string; qr: string } }>('POST', '/api/two-step/totp-start', {});
    expect(started.body.data.qr).toContain('<svg');
    const secret = started.body.data.secretGroups.replace(/ /g, '');
    expect((await viewer.call('POST', '/api/two-step/totp-confirm', { code: currentCode(secret, upstream.clock.now().getTime()) })).status).toBe(200);
    const confined = viewer.cookies.get('portal_session') as string;
    const done = await viewer.call<{ ok: boolean; data: { redirect: string } }>('POST', '/api/two-step/setup-done', {});
    expect(done.body.data.redirect).toBe('/transaction/transactions');
    expect((await viewer.navigate('/transaction/transactions')).status).toBe(200);
    // The session was re-issued: the confined cookie opens nothing any more.
    const stale = new Browser();
    stale.cookies.set('portal_session', confined);
    expect((await stale.navigate('/transaction/transactions')).location).toMatch(/\/login/);
    // The administrator resets it; the activity log has every step.
    const viewerId = (signedIn.body.data?.session as { userId: number }).userId;
    expect((await admin.call('POST', '/api/two-step/reset', { userId: viewerId })).status).toBe(200);
    const log = await upstream.db.query<{ action: string }>("SELECT action FROM activity_log WHERE action LIKE 'factor.%' ORDER BY id");
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['factor.policy', 'factor.totp.enrol', 'factor.reset']));
    await admin.call('POST', '/api/two-step/policy', { policy: 'none' });
  });
});
