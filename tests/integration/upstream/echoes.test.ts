import { Writable } from 'node:stream';
import { createLogger } from '@/lib/log/logger';
import { sealPayload } from '@/lib/wire/envelope';
import { DATABASES, startTestUpstream, TEST_KEY, type TestUpstream } from './harness';

/**
 * An answer or a log line does not grow with what a client sent: the services repeat at most a
 * couple of hundred characters of a path, a few input issues, a short address.
 */
describe.each(DATABASES)('echoes bounded on %s', (database) => {
  let upstream: TestUpstream;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    upstream = await startTestUpstream(database, {}, 300, createLogger('upstream', { LOG_LEVEL: 'info', LOG_PRETTY: '0', NODE_ENV: 'test' } as NodeJS.ProcessEnv, stream));
  });
  afterAll(() => upstream.stop());

  it('repeats at most 200 characters of an unknown path, in the answer and in the log', async () => {
    lines.length = 0;
    // Node takes 16 KB of request line and headers.
    const path = `/${'a'.repeat(8000)}`;
    const response = await fetch(`${upstream.url}${path}`, { headers: { 'x-request-id': 'r'.repeat(4000) } });
    const body = (await response.json()) as { error: { code: string; description: string } };
    expect(response.status).toBe(404);
    expect(body.error.code).toBe('NO_SUCH_CALL');
    // Before the fix the description held the whole 8 001-character path.
    expect(body.error.description).toBe(`No call at GET ${path.slice(0, 200)}…`);
    expect(lines.length).toBeGreaterThan(0);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(1000);
  });

  it('tells at most 20 input issues, however many the input has', async () => {
    const { token } = await upstream.client.login('admin');
    // 999 unknown action codes in 2 000 characters: each issue's message lists every known action.
    const answer = await upstream.client.call<{ error: { code: string; description: string; params: { issues: unknown[] } } }>(
      'GET', '/sso/api/v1/activity/getActivityLog', { action: 'x,'.repeat(999) }, { token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('INVALID_INPUT');
    // Before the fix: 999 issues, an answer of about 1 MB to a query of 3 KB.
    expect(answer.body.error.params.issues).toHaveLength(20);
    expect(answer.body.error.description).toMatch(/\(and 979 more\)$/);
    expect(JSON.stringify(answer.body).length).toBeLessThan(20_000);
  });

  it('keeps at most 64 characters of a forwarded address in the activity log', async () => {
    const response = await fetch(`${upstream.url}/sso/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `${'9'.repeat(8000)}, 10.0.0.1` },
      body: JSON.stringify({ en: sealPayload({ username: 'nobody.at.all', password: 'Wrong#2026' }, TEST_KEY) }),
    });
    expect(response.status).toBe(401);
    const [entry] = await upstream.db.query<{ ip: string }>("SELECT ip FROM activity_log WHERE target = 'nobody.at.all' ORDER BY id DESC LIMIT 1");
    expect(entry?.ip).toBe('9'.repeat(64));
  });
});
