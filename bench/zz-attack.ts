import { chromium } from '@playwright/test';
import { benchUpstream, portalSession, startPortal } from './harness';

async function main() {
  const upstream = await benchUpstream(3_000);
  const portal = await startPortal(upstream.url, 3297);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const cookie = await portalSession(portal.url);
    const [name, value] = cookie.split('=') as [string, string];
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    await context.addCookies([{ name, value, url: portal.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${portal.url}/transaction/transactions`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Merchant no.' }).click();
    await page.mouse.click(2, 300);
    const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('portal_columns')) ?? null);
    const userId = await page.evaluate(() => document.querySelector('table[data-list]') && (localStorage.getItem('portal_user') ?? ''));
    // Stored choices as a stranger could leave them: malformed, hostile keys, wrong types, 4 MB.
    for (const stored of ['{not json', '{"__proto__":{"polluted":true},"constructor":1,"merchantNo":"yes","storeName":false}', 'null', '[1,2,3]', JSON.stringify({ big: 'x'.repeat(4_000_000) })]) {
      await page.evaluate((s) => { const k = Object.keys(localStorage).find((x) => x.startsWith('portal_columns')) ?? 'portal_columns:1:transactions'; localStorage.clear(); localStorage.setItem(k, s); }, stored);
      await page.reload({ waitUntil: 'networkidle' });
      const headers = await page.locator('table[data-list="transactions"] thead th[data-column]').count();
      const polluted = await page.evaluate(() => ({} as Record<string, unknown>).polluted === true);
      // And a tick still works after it.
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('checkbox', { name: 'Merchant no.' }).click();
      await page.mouse.click(2, 300);
      const after = await page.locator('table[data-list="transactions"] thead th[data-column]').count();
      console.log(JSON.stringify(stored.slice(0, 30)), 'columns', headers, '-> after a tick', after, 'polluted', polluted);
    }
    console.log('page errors', errors.length ? errors : 'none', 'key seen', key, userId !== undefined);

    // A dead dependency: every chunk the refund request page's HTML does not name answers 404.
    const dead = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage(); await dead.context().addCookies([{ name, value, url: portal.url }]);
    const deadErrors: string[] = [];
    dead.on('pageerror', (e) => deadErrors.push(e.message));
    const html = await (await fetch(`${portal.url}/transaction/refundRequest`, { headers: { cookie } })).text();
    const named = new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"'\s\\]+/g)].map((m) => m[0]));
    await dead.route('**/_next/static/chunks/**', (route) => { const path = new URL(route.request().url()).pathname; if (named.has(path)) return route.continue(); console.log('404', path); return route.fulfill({ status: 404, body: '' }); });
    await dead.goto(`${portal.url}/transaction/refundRequest`, { waitUntil: 'networkidle' });
    const order = await (await fetch(`${upstream.url}/dev/sales?limit=1`).catch(() => null))?.text().catch(() => '');
    await dead.waitForTimeout(2000);
    await dead.screenshot({ path: '/tmp/dead.png' });
    console.log('dead page: prompt before finding', await dead.getByText('A new version is available').isVisible());
    await dead.getByLabel('Order no.').fill('EP2026112800000020060');
    await dead.getByRole('button', { name: 'Find' }).click();
    await dead.waitForTimeout(3000);
    console.log('dead chunk: update prompt', await dead.getByText('A new version is available').isVisible(), '| find still usable', await dead.getByRole('button', { name: 'Find' }).isEnabled(), '| page errors', deadErrors.length ? deadErrors.map((e) => e.slice(0, 80)) : 'none', order ? '' : '');
    // The tab menu with a dead chunk still opens (it is in the shell's code).
    await dead.locator('li[data-tab-path] a').first().click({ button: 'right' });
    console.log('tab menu opens', await dead.getByRole('menuitem', { name: 'Refresh' }).isVisible());
    console.log('health', (await fetch(`${portal.url}/api/health`)).status);
  } finally {
    await browser.close();
    await portal.stop();
    await upstream.close();
  }
}
void main();
