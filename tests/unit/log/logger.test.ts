import { Writable } from 'node:stream';
import { createLogger } from '@/lib/log/logger';

function logged(fields: Record<string, unknown>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  createLogger('portal', { LOG_LEVEL: 'info', LOG_PRETTY: '0', NODE_ENV: 'test' }, stream).info(fields, 'a line');
  return JSON.parse(lines.join('')) as Record<string, unknown>;
}

describe('the operator log keeps secrets out', () => {
  it('censors a secret field on the line, in an object under it and in a list of objects', () => {
    const fields = { userId: 7, password: 'Portal#2026', request: { headers: { cookie: 'portal_session=Fe26.x', accept: 'text/html' } }, upstream: [{ call: 'login', token: 'tok-1', ms: 3 }] };
    const line = logged(fields);
    expect(line).toMatchObject({ userId: 7, password: '[redacted]', request: { headers: { cookie: '[redacted]', accept: 'text/html' } }, upstream: [{ call: 'login', token: '[redacted]', ms: 3 }] });
    expect(JSON.stringify(line)).not.toMatch(/Portal#2026|Fe26|tok-1/);
    // The caller's object is not changed by being logged.
    expect(fields.password).toBe('Portal#2026');
    expect(fields.upstream[0]?.token).toBe('tok-1');
  });

  it('leaves a line without secrets, and an error, as they were', () => {
    const line = logged({ requestId: 'r-1', status: 200, err: new Error('boom') });
    expect(line).toMatchObject({ requestId: 'r-1', status: 200, err: { type: 'Error', message: 'boom' } });
    expect(typeof (line.err as { stack?: unknown }).stack).toBe('string');
  });
});
