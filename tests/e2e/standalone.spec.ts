import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import PORTAL_NODE_ARGS from '../../scripts/portal-node-args.json';

/** A port of this run's own for a server the test starts (beside the portal's), one per worker. */
const sparePort = () => E2E_PORT + 1 + test.info().parallelIndex;

/**
 * The image's command after `node`, read from the Dockerfile's last stage (the image `docker build`
 * makes; the services stage before it is a demo fleet's): what it runs is what this runs.
 */
const imageArgs = (): string[] => {
  const command = [...readFileSync('Dockerfile', 'utf8').matchAll(/^CMD (\[.*\])$/gm)].at(-1)?.[1];
  const [node, ...args] = JSON.parse(command ?? '[]') as string[];
  expect(node).toBe('node');
  return args;
};

test("the Dockerfile runs the portal with the node flags npm start and the tests use", () => {
  expect(imageArgs()).toEqual([...PORTAL_NODE_ARGS, 'server.js']);
});

/**
 * The Docker image copies .next/standalone (with .next/static and public inside) and runs
 * `node server.js`. No Docker engine runs here, so this runs exactly that, from a copy outside the
 * repository, with an environment holding nothing but what the image sets.
 */
test('the standalone output starts with plain node server.js and answers /api/health', async () => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'portal-standalone-'));
  cpSync('.next/standalone', dir, { recursive: true });
  const port = sparePort();
  const server = spawn(process.execPath, imageArgs(), {
    cwd: dir,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '127.0.0.1', SESSION_SECRET: 'standalone-session-secret-0123456789abcdef', PAYLOAD_KEY: 'standalone-payload-key' },
    stdio: 'ignore',
  });
  try {
    let body: { status?: string; version?: string; buildId?: string } | undefined;
    for (let attempt = 0; attempt < 100 && !body; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(response.status).toBe(200);
        body = await response.json();
      } catch (error) {
        if (error instanceof Error && error.message.includes('expect')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(body).toEqual({
      status: 'ok',
      version: '4.4.9',
      buildId: readFileSync('.next/BUILD_ID', 'utf8').trim(),
    });
    const page = await fetch(`http://127.0.0.1:${port}/404`, { headers: { 'Accept-Language': 'zh-CN' } });
    const html = await page.text();
    expect(html).toContain('找不到页面');
    // The page's scripts come as the build compressed them (brotli for a browser that takes it), whole.
    const script = html.match(/<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/)?.[1] ?? '';
    const chunk = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) =>
      httpGet({ host: '127.0.0.1', port, path: script, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part)).on('end', () => resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(parts) }));
      }).on('error', reject),
    );
    expect(chunk.encoding).toBe('br');
    expect(brotliDecompressSync(chunk.body).equals(readFileSync(join(dir, '.next', script.replace('/_next/', ''))))).toBe(true);
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the standalone output refuses to start in production without its secrets', async () => {
  const result = spawnSync(process.execPath, ['server.js'], {
    cwd: '.next/standalone',
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(sparePort()), HOSTNAME: '127.0.0.1' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('refusing to start without SESSION_SECRET');
});

test('the standalone output refuses a port another program holds in one sentence, without a stack trace', async () => {
  const port = sparePort();
  const holder = createServer().listen(port, '127.0.0.1');
  await new Promise((resolve) => holder.once('listening', resolve));
  try {
    const result = spawnSync(process.execPath, ['server.js'], {
      cwd: '.next/standalone',
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '127.0.0.1', SESSION_SECRET: 'standalone-session-secret-0123456789abcdef', PAYLOAD_KEY: 'standalone-payload-key' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`Port ${port} on 127.0.0.1 is taken by another program: stop it, or choose another with PORT.`);
  } finally {
    holder.close();
  }
});
