import { Client } from 'pg';
import { DATABASES, startTestUpstream, type Answer, type TestUpstream } from './harness';

/**
 * A statement that runs too long, or a call that finds no free connection, answers 503 with a
 * clear code and Retry-After instead of waiting for ever (statement_timeout and the pool's connect
 * timeout, PostgreSQL only: PGlite runs each statement on the services' own thread and cannot
 * interrupt one). Here a client of the test holds a lock on `users` that every sign-in needs.
 */
(DATABASES.includes('postgres') ? describe : describe.skip)('database limits on postgres', () => {
  let upstream: TestUpstream;
  let locker: Client;
  beforeAll(async () => {
    upstream = await startTestUpstream('postgres', { statementTimeoutMs: 1000, connectTimeoutMs: 200, poolSize: 2 }, 300);
    locker = new Client({ connectionString: upstream.config.databaseUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await upstream.stop();
  });

  /** A call that gives up after `ms` on the client's side (before the fix every one waited for ever). */
  const timed = async (method: string, path: string, input: object, token?: string): Promise<Answer & { ms: number }> => {
    const started = performance.now();
    const answer = await Promise.race([
      upstream.client.call(method, path, input, { token }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${path} still waiting after 5 s`)), 5000)),
    ]);
    return { ...answer, ms: performance.now() - started };
  };
  const login = () => timed('POST', '/sso/api/v1/login', { username: 'admin', password: 'Portal#2026' });
  const logRows = async () => (await locker.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_log')).rows[0]?.n;

  it('answers 503 DATABASE_BUSY to a call that finds no free connection, and 503 DATABASE_TIMEOUT to statements over the limit', async () => {
    const { token } = await upstream.client.login('maker@demo.test');
    const before = await logRows();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    try {
      // Two sign-ins wait on the lock, holding both of the pool's connections.
      const blocked = [login(), login()];
      await new Promise((resolve) => setTimeout(resolve, 100));
      const waiting = await timed('GET', '/sso/api/v1/user/getUserInfoList', { userName: 'maker@demo.test' }, token);
      expect({ status: waiting.status, body: waiting.body, retryAfter: waiting.headers.get('retry-after') }).toEqual({
        status: 503,
        body: { error: { code: 'DATABASE_BUSY', description: 'The service is busy; try again shortly' } },
        retryAfter: '5',
      });
      expect(waiting.ms).toBeLessThan(1000);
      for (const answer of await Promise.all(blocked)) {
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 503,
          body: { error: { code: 'DATABASE_TIMEOUT', description: 'The request took too long in the database; try again later' } },
        });
        expect(answer.ms).toBeLessThan(3000);
      }
    } finally {
      await locker.query('ROLLBACK');
    }
    // Nothing was written, and the services serve again at once.
    expect(await logRows()).toBe(before);
    expect((await login()).status).toBe(200);
  });

  it('answers 503 DATABASE_TIMEOUT to a change whose statement runs over the limit, and keeps nothing of it', async () => {
    const admin = await upstream.client.login('admin');
    const before = await logRows();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE outbox IN ACCESS EXCLUSIVE MODE');
    try {
      // The reset request writes its link, then waits on the outbox: the whole call rolls back.
      const answer = await timed('POST', '/sso/api/v1/user/sendResetPwdEmail', { email: 'admin@demo.test', username: 'admin' });
      expect({ status: answer.status, code: (answer.body as { error?: { code: string } }).error?.code }).toEqual({ status: 503, code: 'DATABASE_TIMEOUT' });
    } finally {
      await locker.query('ROLLBACK');
    }
    expect(await logRows()).toBe(before);
    const links = await locker.query<{ n: number }>('SELECT count(*)::int AS n FROM reset_links');
    expect(links.rows[0]?.n).toBe(0);
    expect((await upstream.client.call('GET', '/sso/api/v1/user/getUserInfoList', { userName: 'admin' }, { token: admin.token })).status).toBe(200);
  });
});
