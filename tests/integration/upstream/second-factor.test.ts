import { currentCode } from '@/upstream/rules/factor-secrets';
import { DEMO_FACTOR_ACCOUNT, DEMO_FACTOR_SECRET, DEMO_PASSWORD, DEMO_RECOVERY_CODES } from '@/upstream/seed/reference-data';
import { SoftPasskey } from '../../support/soft-passkey';
import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

const LOGIN = '/sso/api/v1/login';
const SECOND = '/sso/api/v1/login/secondStep';

interface SecondStep {
  secondStep?: { ticket: string; totp: boolean; passkey: boolean };
  error?: { code: string; params?: { remaining?: number } };
}
type Session = [{ xEftpayToken: string; id: number; deviceToken?: string; recoveryRemaining?: number; factorSetup: 0 | 1 }];

describe.each(DATABASES)('the second factor in the services on %s', (database) => {
  let upstream: TestUpstream;
  /** The code the demo user's app shows now, by the services' own clock. */
  const code = (secret = DEMO_FACTOR_SECRET, minutesAhead = 0) => currentCode(secret, upstream.clock.now().getTime() + minutesAhead * 60_000);
  const firstStep = async (username = DEMO_FACTOR_ACCOUNT, extra: Record<string, unknown> = {}) => upstream.client.call<SecondStep & Session>('POST', LOGIN, { username, password: DEMO_PASSWORD, ...extra });
  const log = async (account: string) =>
    upstream.db.query<{ action: string; outcome: string; detail: Record<string, unknown> }>('SELECT action, outcome, detail FROM activity_log WHERE account = $1 ORDER BY id', [account]);

  /** Waits out the last seconds of the current 30-second step, so that a test's codes belong to the steps it means. */
  const clearOfStepEdge = async () => {
    const into = upstream.clock.now().getTime() % 30_000;
    if (into > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - into + 50));
  };

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 300);
  });
  afterAll(() => upstream.stop());
  afterEach(() => upstream.client.dev('POST', '/dev/clock', { reset: true }));

  it('answers a ticket, not a session token, to a right password of a user with a factor; the ticket opens nothing', async () => {
    const first = await firstStep();
    expect(first.status).toBe(200);
    expect(first.body.secondStep).toEqual(expect.objectContaining({ totp: true, passkey: false }));
    expect(JSON.stringify(first.body)).not.toContain('xEftpayToken');
    const ticket = first.body.secondStep?.ticket as string;
    const asToken = await upstream.client.call('GET', '/sso/api/v1/factor/status', {}, { token: ticket });
    expect(asToken.status).toBe(401);
  });

  it('signs in with the current code, within one step of drift, each code once; a wrong one says how many tries remain', async () => {
    await clearOfStepEdge();
    const ticket = (await firstStep()).body.secondStep?.ticket;
    const wrong = await upstream.client.call<SecondStep>('POST', SECOND, { ticket, code: code(DEMO_FACTOR_SECRET, 5) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toEqual(expect.objectContaining({ code: 'FACTOR_CODE_WRONG', params: { remaining: 4 } }));
    // The previous step's code (30 s behind) is still accepted: one step of drift.
    const drifted = await upstream.client.call<Session>('POST', SECOND, { ticket, code: code(DEMO_FACTOR_SECRET, -0.5) });
    expect(drifted.status).toBe(200);
    const token = drifted.body[0].xEftpayToken;
    expect((await upstream.client.call('GET', '/sso/api/v1/factor/status', {}, { token })).status).toBe(200);
    // The ticket is used: it cannot open a second session.
    expect((await upstream.client.call<SecondStep>('POST', SECOND, { ticket, code: code() })).body.error?.code).toBe('SECOND_STEP_EXPIRED');
    // The same code (or an earlier step's) on a new ticket is a replay.
    const again = (await firstStep()).body.secondStep?.ticket;
    const replay = await upstream.client.call<SecondStep>('POST', SECOND, { ticket: again, code: code(DEMO_FACTOR_SECRET, -0.5) });
    expect(replay.body.error?.code).toBe('FACTOR_CODE_USED');
    // Two steps ahead is outside the drift.
    expect((await upstream.client.call<SecondStep>('POST', SECOND, { ticket: again, code: code(DEMO_FACTOR_SECRET, 1) })).body.error?.code).toBe('FACTOR_CODE_WRONG');
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 1 });
    expect((await upstream.client.call('POST', SECOND, { ticket: again, code: code() })).status).toBe(200);
    const entries = await log(DEMO_FACTOR_ACCOUNT);
    expect(entries.filter((e) => e.action === 'factor.failed' && e.outcome === 'refused').length).toBeGreaterThanOrEqual(3);
    expect(entries.filter((e) => e.action === 'login' && e.detail.factor === 'totp')).toHaveLength(2);
  });

  it('takes a recovery code once and tells how many remain', async () => {
    const [recovery] = DEMO_RECOVERY_CODES as [string];
    const used = await upstream.client.call<Session>('POST', SECOND, { ticket: (await firstStep()).body.secondStep?.ticket, recoveryCode: recovery });
    expect(used.status).toBe(200);
    expect(used.body[0].recoveryRemaining).toBe(9);
    const reused = await upstream.client.call<SecondStep>('POST', SECOND, { ticket: (await firstStep()).body.secondStep?.ticket, recoveryCode: recovery });
    expect(reused.body.error?.code).toBe('FACTOR_CODE_WRONG');
    expect((await log(DEMO_FACTOR_ACCOUNT)).filter((e) => e.action === 'factor.recovery.used')).toEqual([expect.objectContaining({ detail: expect.objectContaining({ remaining: 9 }) })]);
    const [stored] = await upstream.db.query<{ hashes: string }>("SELECT string_agg(code_hash, ',') AS hashes FROM factor_recovery_codes");
    expect(stored?.hashes).not.toContain(recovery);
  });

  it('asks the factor in place of the password to approve refunds, and takes no password instead', async () => {
    const first = await firstStep();
    const { xEftpayToken: token } = (await upstream.client.call<Session>('POST', SECOND, { ticket: first.body.secondStep?.ticket, recoveryCode: DEMO_RECOVERY_CODES[7] })).body[0];
    const [pending] = await upstream.db.query<{ refund_id: number }>("SELECT refund_id FROM refunds WHERE customer_no = 'C0001' AND approve_status = '10' ORDER BY refund_id LIMIT 1");
    const decide = (input: Record<string, unknown>) => upstream.client.call<{ succeeded?: number; error?: { code: string } }>('POST', '/transaction/api/v1/postRefundApprovals', { refundArray: [pending?.refund_id], result: 'approve', ...input }, { token });
    expect((await decide({ password: DEMO_PASSWORD })).body.error?.code).toBe('STEP_UP_REQUIRED');
    expect((await decide({ code: '12345x' })).status).toBe(400);
    expect((await decide({ code: code(DEMO_FACTOR_SECRET, 10) })).body.error?.code).toBe('FACTOR_CODE_WRONG');
    const [status] = await upstream.db.query<{ approve_status: string }>('SELECT approve_status FROM refunds WHERE refund_id = $1', [pending?.refund_id]);
    expect(status?.approve_status).toBe('10');
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 2 });
    expect((await decide({ code: code() })).body.succeeded).toBe(1);
  });

  // After the step-up test, whose code was two minutes ahead: this one's is three.
  it('accepts one of the same code sent twice at once, authenticator or recovery, and opens one session', async () => {
    await clearOfStepEdge();
    const twice = async (proof: Record<string, string>) => {
      const tickets = [(await firstStep()).body.secondStep?.ticket, (await firstStep()).body.secondStep?.ticket];
      const answers = await Promise.all(tickets.map((ticket) => upstream.client.call<SecondStep>('POST', SECOND, { ticket, ...proof })));
      return answers.map((answer) => (answer.status === 200 ? 'signed in' : answer.body.error?.code)).sort();
    };
    const logins = async () => (await log(DEMO_FACTOR_ACCOUNT)).filter((e) => e.action === 'login').length;
    const before = await logins();
    await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 3 });
    expect(await twice({ code: code() })).toEqual(['FACTOR_CODE_USED', 'signed in']);
    expect(await twice({ recoveryCode: DEMO_RECOVERY_CODES[1] as string })).toEqual(['FACTOR_CODE_WRONG', 'signed in']);
    expect(await logins()).toBe(before + 2);
  });

  it('locks the second step after 5 wrong codes in a row, and logs the lock', async () => {
    const { token } = await upstream.client.login('admin');
    const enrolled = await enrol(token);
    const ticket = (await firstStep('admin')).body.secondStep?.ticket;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await upstream.client.call<SecondStep>('POST', SECOND, { ticket, code: '000000' === code(enrolled) ? '111111' : '000000' }));
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 423]);
    const locked = await upstream.client.call<SecondStep>('POST', SECOND, { ticket, code: code(enrolled) });
    expect(locked.body.error?.code).toBe('FACTOR_LOCKED');
    const entries = await log('admin');
    expect(entries.filter((e) => e.action === 'factor.failed')).toHaveLength(4);
    expect(entries.filter((e) => e.action === 'factor.locked')).toHaveLength(1);
    // The administrator resets itself through nobody: another administrator's reset is for other users.
    await upstream.db.query("UPDATE users SET factor_locked_until = NULL WHERE account = 'admin'");
    await upstream.db.query("DELETE FROM factor_totp WHERE user_id = (SELECT user_id FROM users WHERE account = 'admin')");
  });

  /** Enrols the user of `token` with an authenticator: start, confirm with the current code; answers the secret. */
  async function enrol(token: string) {
    const started = await upstream.client.call<{ secret: string; uri: string }>('POST', '/sso/api/v1/factor/totp/start', {}, { token });
    expect(started.status).toBe(200);
    const confirmed = await upstream.client.call<{ recoveryCodes: string[] }>('POST', '/sso/api/v1/factor/totp/confirm', { code: code(started.body.secret) }, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    for (const recovery of confirmed.body.recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    return started.body.secret;
  }

  it('keeps the secret sealed at rest and never answers it again after enrolment', async () => {
    const { token } = await upstream.client.login('wxali@demo.test');
    const secret = await enrol(token);
    const [row] = await upstream.db.query<{ secret_sealed: string }>("SELECT secret_sealed FROM factor_totp WHERE user_id = (SELECT user_id FROM users WHERE account = 'wxali@demo.test')");
    expect(row?.secret_sealed).toMatch(/^v1\./);
    expect(row?.secret_sealed).not.toContain(secret);
    const status = await upstream.client.call('GET', '/sso/api/v1/factor/status', {}, { token });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    expect(status.body).toEqual(expect.objectContaining({ totp: true, recoveryRemaining: 10 }));
    // Starting again is refused while the factor stands.
    expect((await upstream.client.call('POST', '/sso/api/v1/factor/totp/start', {}, { token })).status).toBe(409);
    expect((await log('wxali@demo.test')).map((e) => e.action)).toContain('factor.totp.enrol');
  });

  it('issues new recovery codes on the second factor: the earlier ones stop working, the new ones are shown once', async () => {
    const { token } = await upstream.client.login('assets@demo.test');
    const secret = await enrol(token);
    const regenerate = (proof: Record<string, unknown>) => upstream.client.call<{ recoveryCodes: string[]; error?: { code: string } }>('POST', '/sso/api/v1/factor/recovery/regenerate', proof, { token });
    expect((await regenerate({})).body.error?.code).toBe('STEP_UP_REQUIRED');
    expect((await regenerate({ code: code(secret, 5) })).body.error?.code).toBe('FACTOR_CODE_WRONG');
    const [before] = await upstream.db.query<{ hashes: string }>("SELECT string_agg(code_hash, ',' ORDER BY id) AS hashes FROM factor_recovery_codes WHERE user_id = (SELECT user_id FROM users WHERE account = 'assets@demo.test')");
    const fresh = await regenerate({ code: code(secret, 0.5) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const [after] = await upstream.db.query<{ hashes: string; n: number }>("SELECT string_agg(code_hash, ',' ORDER BY id) AS hashes, count(*)::int AS n FROM factor_recovery_codes WHERE user_id = (SELECT user_id FROM users WHERE account = 'assets@demo.test')");
    expect(after?.n).toBe(10);
    for (const hash of before?.hashes.split(',') ?? []) expect(after?.hashes).not.toContain(hash);
    for (const recovery of fresh.body.recoveryCodes) expect(after?.hashes).not.toContain(recovery);
    const status = await upstream.client.call('GET', '/sso/api/v1/factor/status', {}, { token });
    expect(JSON.stringify(status.body)).not.toContain(fresh.body.recoveryCodes[0]);
    expect((await log('assets@demo.test')).map((e) => e.action)).toEqual(expect.arrayContaining(['factor.totp.enrol', 'factor.failed', 'factor.recovery.regenerate']));
    // A user without the app has no recovery codes to renew.
    expect((await upstream.client.call<SecondStep>('POST', '/sso/api/v1/factor/recovery/regenerate', {}, { token: (await upstream.client.login('viewer@demo.test')).token })).body.error?.code).toBe('FACTOR_NOT_ENROLLED');
  });

  it('registers a passkey, signs in with it alone and as the second step; a replayed, foreign or misplaced assertion changes nothing', async () => {
    const account = 'other-maker@demo.test';
    const { token } = await upstream.client.login(account);
    // The relying party of the harness's portal (http://portal.test).
    const passkey = new SoftPasskey('portal.test', 'http://portal.test');
    const options = await upstream.client.call<{ options: { challenge: string; rp: { id: string }; pubKeyCredParams: { alg: number }[] } }>('POST', '/sso/api/v1/factor/passkey/registerOptions', {}, { token });
    expect(options.body.options.rp.id).toBe('portal.test');
    expect(options.body.options.pubKeyCredParams.map((p) => p.alg)).toEqual([-8, -7, -257]);
    const registration = { name: 'Soft key', response: passkey.register(options.body.options.challenge) };
    expect((await upstream.client.call('POST', '/sso/api/v1/factor/passkey/register', registration, { token })).status).toBe(200);
    expect((await upstream.client.call<SecondStep>('POST', '/sso/api/v1/factor/passkey/register', registration, { token })).body.error?.code).toBe('PASSKEY_CHALLENGE_INVALID');

    // Sign in with the passkey alone (discoverable: no account named).
    const signInChallenge = async (ticket?: string) => (await upstream.client.call<{ options: { challenge: string } }>('POST', '/sso/api/v1/login/passkeyOptions', ticket ? { ticket } : {})).body.options.challenge;
    const assertion = passkey.assert(await signInChallenge());
    const signedIn = await upstream.client.call<Session>('POST', '/sso/api/v1/login/passkey', { assertion });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body[0].xEftpayToken).toEqual(expect.any(String));
    const replayed = await upstream.client.call<SecondStep>('POST', '/sso/api/v1/login/passkey', { assertion });
    expect(replayed.body.error?.code).toBe('PASSKEY_CHALLENGE_INVALID');
    // Signed for another origin: refused.
    expect((await upstream.client.call<SecondStep>('POST', '/sso/api/v1/login/passkey', { assertion: passkey.assert(await signInChallenge(), 'https://portal.example') })).body.error?.code).toBe('PASSKEY_REFUSED');

    // As the second step after the password: a passkey of nobody's refused, the user's own accepted.
    const first = await firstStep(account);
    expect(first.body.secondStep).toEqual(expect.objectContaining({ totp: false, passkey: true }));
    const ticket = first.body.secondStep?.ticket as string;
    const stranger = new SoftPasskey('portal.test', 'http://portal.test');
    expect((await upstream.client.call<SecondStep>('POST', SECOND, { ticket, assertion: stranger.assert(await signInChallenge(ticket)) })).body.error?.code).toBe('PASSKEY_REFUSED');
    // A sign-in challenge does not answer a second step.
    expect((await upstream.client.call<SecondStep>('POST', SECOND, { ticket, assertion: passkey.assert(await signInChallenge()) })).body.error?.code).toBe('PASSKEY_CHALLENGE_INVALID');
    const passed = await upstream.client.call<Session>('POST', SECOND, { ticket, assertion: passkey.assert(await signInChallenge(ticket)) });
    expect(passed.status).toBe(200);

    const status = await upstream.client.call<{ passkeys: { name: string; lastUsedAt: string }[] }>('GET', '/sso/api/v1/factor/status', {}, { token });
    expect(status.body.passkeys).toEqual([expect.objectContaining({ name: 'Soft key', lastUsedAt: expect.stringMatching(/^\d{4}-/) })]);
    const entries = await log(account);
    // The password sign-in of the start, then the passkey alone, then the passkey as the second step.
    expect(entries.filter((e) => e.action === 'login').map((e) => e.detail.factor)).toEqual([undefined, 'passkey', 'passkey']);
    expect(entries.map((e) => e.action)).toContain('factor.passkey.add');
  });

  it('keeps minutes of anonymous sign-in challenges, not all of them: an expired one goes when a new one is asked', async () => {
    const ask = async () => (await upstream.client.call<{ options: { challenge: string } }>('POST', '/sso/api/v1/login/passkeyOptions', {})).body.options.challenge;
    const first = await ask();
    const held = async (challenge: string) => (await upstream.db.query('SELECT 1 FROM factor_challenges WHERE challenge = $1', [challenge])).length;
    expect(await held(first)).toBe(1);
    try {
      upstream.clock.advance(6 * 60_000);
      const second = await ask();
      expect({ first: await held(first), second: await held(second) }).toEqual({ first: 0, second: 1 });
    } finally {
      upstream.clock.reset();
    }
  });

  it('skips the second step on a trusted device, and a password change revokes trusted devices and remembered sign-ins', async () => {
    const first = await firstStep();
    const passed = await upstream.client.call<Session>('POST', SECOND, { ticket: first.body.secondStep?.ticket, recoveryCode: DEMO_RECOVERY_CODES[5], trustDevice: true, deviceLabel: 'Chromium on Linux' });
    const { deviceToken, xEftpayToken: token } = passed.body[0];
    expect(deviceToken).toEqual(expect.any(String));
    const trusted = await firstStep(DEMO_FACTOR_ACCOUNT, { deviceToken });
    expect(Array.isArray(trusted.body)).toBe(true);
    expect((await log(DEMO_FACTOR_ACCOUNT)).map((e) => e.action)).toContain('factor.device.trust');

    // Remember me: a one-day token in place of the password, used up by each sign-in.
    const remembered = await upstream.client.call<{ rememberToken: string }>('POST', '/sso/api/v1/factor/remember', { label: 'Chromium on Linux' }, { token });
    const rememberToken = remembered.body.rememberToken;
    const withToken = await upstream.client.call<SecondStep>('POST', LOGIN, { username: DEMO_FACTOR_ACCOUNT, rememberToken, deviceToken });
    expect(Array.isArray(withToken.body)).toBe(true);
    expect((await upstream.client.call<SecondStep>('POST', LOGIN, { username: DEMO_FACTOR_ACCOUNT, rememberToken })).body.error?.code).toBe('REMEMBER_TOKEN_INVALID');
    const next = (await upstream.client.call<{ rememberToken: string }>('POST', '/sso/api/v1/factor/remember', {}, { token })).body.rememberToken;

    // A new password ends both.
    const { userId } = { userId: passed.body[0].id };
    expect((await upstream.client.call('POST', '/sso/api/v1/user/changePassword', { userId, oldPassword: DEMO_PASSWORD, newPassword: 'Changed#2027', type: 1 }, { token })).status).toBe(200);
    expect((await upstream.client.call<SecondStep>('POST', LOGIN, { username: DEMO_FACTOR_ACCOUNT, rememberToken: next })).body.error?.code).toBe('REMEMBER_TOKEN_INVALID');
    const afterChange = await upstream.client.call<SecondStep>('POST', LOGIN, { username: DEMO_FACTOR_ACCOUNT, password: 'Changed#2027', deviceToken });
    expect(afterChange.body.secondStep).toBeDefined();
  });

  it('sends users under the policy without a factor to set-up; the administrator resets another user, all logged', async () => {
    const admin = (await upstream.client.login('admin')).token;
    expect((await upstream.client.call('POST', '/sso/api/v1/factor/policy', { policy: 'approvers' }, { token: (await upstream.client.login('maker@demo.test')).token })).status).toBe(403);
    expect((await upstream.client.call('POST', '/sso/api/v1/factor/policy', { policy: 'approvers' }, { token: admin })).status).toBe(200);
    const checker = await upstream.client.call<Session>('POST', LOGIN, { username: 'checker@demo.test', password: DEMO_PASSWORD });
    expect(checker.body[0].factorSetup).toBe(1);
    const maker = await upstream.client.call<Session>('POST', LOGIN, { username: 'maker@demo.test', password: DEMO_PASSWORD });
    expect(maker.body[0].factorSetup).toBe(0);

    const checkerToken = checker.body[0].xEftpayToken;
    // The confined token serves the set-up and nothing else, whatever the portal does.
    const merchants = () => upstream.client.call<SecondStep>('GET', '/api/MerchantInfo/GetMerchantList', { ispaging: false }, { token: checkerToken });
    expect((await merchants()).body.error?.code).toBe('FACTOR_SETUP_REQUIRED');
    expect((await upstream.client.call<SecondStep>('POST', '/sso/api/v1/factor/policy', { policy: 'none' }, { token: checkerToken })).status).toBe(403);
    expect((await upstream.client.call('GET', '/sso/api/v1/factor/status', {}, { token: checkerToken })).status).toBe(200);
    const secret = await enrol(checkerToken);
    expect((await merchants()).status).toBe(200);
    // Under the policy, the last factor cannot be removed.
    const removal = await upstream.client.call<SecondStep>('POST', '/sso/api/v1/factor/totp/remove', { code: code(secret, 0.5) }, { token: checkerToken });
    expect(removal.body.error?.code).toBe('FACTOR_REQUIRED_BY_POLICY');

    // Another customer's administrator cannot reset this user; its own can.
    const other = (await upstream.client.login('other@demo.test')).token;
    expect((await upstream.client.call('POST', '/sso/api/v1/factor/reset', { userId: checker.body[0].id }, { token: other })).status).toBe(404);
    expect((await upstream.client.call('POST', '/sso/api/v1/factor/reset', { userId: checker.body[0].id }, { token: admin })).status).toBe(200);
    const again = await upstream.client.call<Session>('POST', LOGIN, { username: 'checker@demo.test', password: DEMO_PASSWORD });
    expect(again.body[0].factorSetup).toBe(1);
    expect((await log('admin')).map((e) => e.action)).toEqual(expect.arrayContaining(['factor.policy', 'factor.reset']));
    await upstream.client.call('POST', '/sso/api/v1/factor/policy', { policy: 'none' }, { token: admin });
  });
});

it('refuses to start in production without FACTOR_KEY: the secrets would be sealed under another secret', async () => {
  await expect(startTestUpstream('pglite', { mode: 'production' }, 0)).rejects.toThrow('FACTOR_KEY must be set');
});
