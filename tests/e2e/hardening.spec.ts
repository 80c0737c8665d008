import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { E2E_PORT } from '../../playwright.config';
import { raw as rawRequest, signInFrom as signInAs, type RawOptions } from '../support/raw-http';
import { expect, signedIn, signIn, test } from './fixtures';

/**
 * What one client can send the running portal (issue 25), over real sockets: distinct clients are
 * distinct loopback addresses, bodies are streamed as a client would stream them.
 */

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const raw = (method: string, path: string, options?: RawOptions) => rawRequest(BASE, method, path, options);
const signInFrom = (localAddress: string, username: string, password?: string, headers?: Record<string, string>) => signInAs(BASE, localAddress, username, password, headers);

/** The resident memory of the process listening on the portal's port, in MB (Linux /proc). */
function portalRssMb(): number {
  const hexPort = E2E_PORT.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9] as string);
    }
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? ''))) {
        return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
      }
    } catch {
      // a process that ended, or one that is not ours to read
    }
  }
  throw new Error(`no process listens on ${E2E_PORT}`);
}

test('failed sign-ins from one address refuse that address only; a forged X-Forwarded-For changes nothing', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) statuses.push((await signInFrom('127.0.0.2', `e2e-nobody-${i}@demo.test`, 'Wrong#2026', { 'x-forwarded-for': `203.0.113.${i}` })).status);
  expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
  expect(statuses[60]).toBe(429);

  const other = await signInFrom('127.0.0.3', 'admin');
  expect(other.status).toBe(200);
  // Naming the refused address in a forged header neither frees it nor pins another client.
  expect((await signInFrom('127.0.0.2', 'admin', 'Portal#2026', { 'x-forwarded-for': '127.0.0.3' })).status).toBe(429);
  expect((await signInFrom('127.0.0.4', 'e2e-nobody-x@demo.test', 'Wrong#2026', { 'x-forwarded-for': '127.0.0.2' })).status).toBe(401);
});

test('a malformed address is the shell’s 404 for a signed-in user and never a 500', async ({ page, request }) => {
  for (const path of ['/%ff', '/%E0%A4%A', '/api/gateway/%ff', '/api/export/%E0%A4%A', '/_next/static/%ff']) {
    const status = (await request.get(path, { maxRedirects: 0 })).status();
    expect(status, path).toBeGreaterThanOrEqual(300);
    expect(status, path).toBeLessThan(500);
  }
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  for (const path of ['/%ff', '/%E0%A4%A', '/dashboard/%E0%A4%A']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Merchant Portal');
  }
});

test('bodies past the limit are refused at once, chunked or not, and the portal’s memory stays bounded', async () => {
  const maker = await signInFrom('127.0.0.5', 'maker@demo.test');
  expect(maker.status).toBe(200);
  const origin = `http://127.0.0.1:${E2E_PORT}`;
  const before = portalRssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, portalRssMb())), 50);
  try {
    const upload = await raw('POST', '/api/refunds/batch', {
      localAddress: '127.0.0.5',
      headers: { 'content-type': 'multipart/form-data; boundary=b', origin, cookie: maker.cookie },
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="refunds.xlsx"\r\n\r\n',
      streamBytes: 300 * 1024 * 1024,
    });
    expect({ status: upload.status, body: JSON.parse(upload.text) }).toEqual({ status: 413, body: { ok: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 1024 KB.' } } });
    expect(upload.ms).toBeLessThan(5000);

    const json = await raw('POST', '/api/refunds/cancel', { localAddress: '127.0.0.5', headers: { 'content-type': 'application/json', origin, cookie: maker.cookie, 'content-length': String(150 * 1024 * 1024) }, body: '{"refundId":', streamBytes: 150 * 1024 * 1024 });
    expect(json.status).toBe(413);

    // A page takes no body: a non-browser client posting one is refused, its body never held.
    const page = await raw('POST', '/dashboard/dashboard', { localAddress: '127.0.0.5', headers: { 'content-type': 'text/plain', cookie: maker.cookie }, streamBytes: 100 * 1024 * 1024 });
    expect(page.status).toBe(405);
  } finally {
    clearInterval(sampler);
  }
  expect(peak - before).toBeLessThan(128);
});

test('the same-origin check compares scheme and port, and believes no forwarded host without a trusted proxy', async () => {
  const body = JSON.stringify({ username: 'admin', password: 'Portal#2026', captcha: '2468' });
  const attempts: Record<string, string>[] = [{ origin: `https://127.0.0.1:${E2E_PORT}` }, { origin: `http://127.0.0.1:${E2E_PORT + 1}` }, { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }];
  for (const headers of attempts) {
    const answer = await raw('POST', '/api/auth/login', { localAddress: '127.0.0.6', headers: { 'content-type': 'application/json', ...headers }, body });
    expect({ headers, status: answer.status, code: JSON.parse(answer.text).error?.code }).toEqual({ headers, status: 403, code: 'CROSS_SITE' });
  }
});

test('the activity log shows the address a sign-in came from', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await page.goto('/log/activityLog');
  await expect(page.getByRole('cell', { name: '127.0.0.1', exact: true }).first()).toBeVisible();
  await expect(page.getByText('Address not known')).toHaveCount(0);
});

test('/401 tells a signed-in user there is nothing to do and leads home', async ({ page }) => {
  await signedIn(page, 'viewer@demo.test');
  await page.goto('/401');
  await expect(page.getByRole('heading', { name: 'Sign-in required' })).toBeVisible();
  await expect(page.getByText('You are signed in now')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
});
