import { hashPassword, verifyPassword } from '@/upstream/rules/password-hash';
import { DATABASES, startTestUpstream, type Answer, type TestUpstream } from './harness';

const LOGIN = '/sso/api/v1/login';
const APPROVE = '/transaction/api/v1/postRefundApprovals';
const PROFILE = '/sso/api/v1/user/getUserInfoList';

/**
 * A password hash (scrypt, about 45 ms) holds no database transaction or connection, and only a
 * few run at once: a burst of sign-ins or approvals queues for the hash, not for the database, so
 * another user's simple call is answered at once. Before the fix each hash ran inside its call's
 * transaction: another user's call took 1759 ms during 40 failed sign-ins (PGlite serialises every
 * query behind an open transaction; PostgreSQL's pool of 10 connections was held by the hashes).
 */
describe.each(DATABASES)('password hashes under load on %s', (database) => {
  let upstream: TestUpstream;
  let maker: { token: string };
  let checker: string;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 600);
    maker = await upstream.client.login('maker@demo.test');
    checker = (await upstream.client.login('checker@demo.test')).token;
  });
  afterAll(() => upstream.stop());

  /** Starts `calls` at once, counting how many have answered; `others` runs once they are in flight. */
  async function during<T>(calls: (() => Promise<Answer>)[], other: () => Promise<T>) {
    let answered = 0;
    const burst = Promise.all(calls.map((call) => call().then((answer) => ((answered += 1), answer))));
    // Let the burst reach the services first.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const started = performance.now();
    const result = await other();
    const ms = performance.now() - started;
    const answeredBefore = answered;
    return { result, ms, answeredBefore, burst: await burst };
  }
  const profile = () => upstream.client.call<{ data: { account: string }[] }>('GET', PROFILE, { userName: 'maker@demo.test' }, { token: maker.token });

  it("answers another user's call before most of 40 failed sign-ins, and in under 1 s", async () => {
    // 30 unknown accounts (a hash against a dummy) and 10 wrong passwords of one account (its lock).
    const { result, ms, answeredBefore, burst } = await during(
      Array.from({ length: 40 }, (_, i) => () =>
        upstream.client.call('POST', LOGIN, i < 30 ? { username: `nobody.${i}@demo.test`, password: 'Wrong#2026' } : { username: 'wxali@demo.test', password: `Wrong#${i}` }),
      ),
      profile,
    );
    expect(result.status).toBe(200);
    expect(result.body.data[0]?.account).toBe('maker@demo.test');
    expect(answeredBefore).toBeLessThan(20);
    expect(ms).toBeLessThan(1000);
    // Every rule still holds: each sign-in refused, the tenth wrong password locks the account.
    expect(burst.map((a) => a.status).sort()).toEqual([...Array(39).fill(401), 423].sort());
    expect((await upstream.client.call('POST', LOGIN, { username: 'wxali@demo.test', password: 'Portal#2026' })).status).toBe(423);
  });

  it("answers another user's call before most of 40 refund decisions checked by password", async () => {
    const missing = ((await upstream.db.query<{ n: number }>('SELECT coalesce(max(refund_id), 0)::int + 1000 AS n FROM refunds'))[0]?.n as number) + 1;
    const { result, ms, answeredBefore, burst } = await during(
      Array.from({ length: 40 }, () => () => upstream.client.call('POST', APPROVE, { refundArray: [missing], result: 'approve', password: 'Portal#2026' }, { token: checker })),
      profile,
    );
    expect(result.status).toBe(200);
    expect(answeredBefore).toBeLessThan(20);
    expect(ms).toBeLessThan(1000);
    expect(burst.every((a) => a.status === 200)).toBe(true);
  });

  it('keeps the history rule when two changes to the same new password race (checked outside, written only if nothing changed)', async () => {
    const { token, userId } = await upstream.client.login('assets@demo.test');
    const change = () => upstream.client.call<{ success: number; code?: string }>('POST', '/sso/api/v1/user/changePassword', { userId, oldPassword: 'Portal#2026', newPassword: 'Assets#2027', type: 1 }, { token });
    const answers = await Promise.all([change(), change()]);
    // One sets it; the other, checked again after the first wrote, finds the old password wrong or the new one recent.
    expect(answers.map((a) => a.body.success).sort()).toEqual([0, expect.any(Number)]);
    expect(answers.filter((a) => a.body.success === 0)).toHaveLength(1);
    const history = await upstream.db.query<{ n: number }>("SELECT count(*)::int AS n FROM password_history WHERE user_id = $1 AND kind = 'login'", [userId]);
    expect(history[0]?.n).toBe(2);
    expect((await upstream.client.call('POST', LOGIN, { username: 'assets@demo.test', password: 'Assets#2027' })).status).toBe(200);
  });

  it('never hashes inside a database transaction', async () => {
    await expect(upstream.db.transaction(() => hashPassword('Portal#2026'))).rejects.toThrow('A password hash must not run inside a database transaction');
    await expect(upstream.db.transaction(() => verifyPassword('Portal#2026', 'scrypt$16384$8$1$AAAA$AAAA'))).rejects.toThrow('inside a database transaction');
    await expect(verifyPassword('Portal#2026', await hashPassword('Portal#2026'))).resolves.toBe(true);
  });
});
