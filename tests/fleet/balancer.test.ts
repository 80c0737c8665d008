import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@/scripts/throwaway-postgres';
import { ensureProgram } from '@/scripts/fleet';
import { haproxyConfig, writeErrorPages } from '@/scripts/haproxy';
import { raw } from '../support/raw-http';

/**
 * The balancer's configuration (scripts/haproxy.ts) in front of two stand-in instances that drop
 * a request without answering, as an instance that dies mid-request does: a read is sent again to
 * the other instance, anything else never (a refund, an approval could be done twice).
 */
let dir: string;
let haproxy: ChildProcess;
let base: string;
const seen: string[] = [];
const instances: Server[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'balancer-'));
  const ports = [await freePort(), await freePort()];
  for (const port of ports) {
    const instance = createServer((req, res) => {
      if (req.url === '/api/health/ready') return res.end('{"status":"ready"}');
      seen.push(`${port} ${req.method} ${req.url}`);
      // The first time a path is asked for, the instance takes the request whole, then dies on it;
      // the second time it answers.
      const first = seen.filter((line) => line.endsWith(` ${req.method} ${req.url}`)).length === 1;
      req.resume();
      req.on('end', () => (first ? req.socket.destroy() : res.end('done')));
    });
    await new Promise<void>((resolve) => instance.listen(port, '127.0.0.1', resolve));
    instances.push(instance);
  }
  const port = await freePort();
  writeErrorPages(dir);
  writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig({ bind: `127.0.0.1:${port}`, servers: { ports }, instances: 2, errorsDir: dir }));
  haproxy = spawn(ensureProgram('haproxy', 'haproxy'), ['-f', join(dir, 'haproxy.cfg'), '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ready = await raw(base, 'GET', '/api/health/ready').catch(() => undefined);
    if (ready?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  haproxy?.kill();
  for (const instance of instances) instance.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the balancer', () => {
  it('sends a read that got no answer to the other instance', async () => {
    const answer = await raw(base, 'GET', '/dashboard/dashboard');
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 200, text: 'done' });
    expect(seen.filter((line) => line.endsWith('GET /dashboard/dashboard'))).toHaveLength(2);
  });

  it('never sends again a post that got no answer: it may have been done', async () => {
    const outcome = await raw(base, 'POST', '/api/refunds/decide', { headers: { 'content-type': 'application/json' }, body: '{"refundIds":[1],"result":"approve"}' }).then(
      (answer) => answer.status,
      (error: { code?: string; message?: string }) => error.code ?? error.message,
    );
    expect(seen.filter((line) => line.endsWith('POST /api/refunds/decide'))).toHaveLength(1);
    expect(outcome).toBe(502);
  });
});
