// `npm run bench -- screens --base=<checkout>`: every list screen, pixel by pixel, on another
// checkout's build (the base, built) and on this one, at 390, 1024 and 1440 px in the three
// languages, both portals on the same services. And on this build, the page as the server's HTML
// paints it (JavaScript off) against the page once its scripts have run: what a reader sees move.
// Prints the differing pixels of each pair and keeps the images of a pair that differs
// (BENCH_SCREENS_DIR, default /tmp/portal-screens).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { PNG } from 'pngjs';
import { LANGUAGE_COOKIE, LANGUAGES } from '../lib/i18n/languages';
import { benchUpstream, portalSession, startPortal, type BenchPortal } from './harness';

const BASE = process.argv.find((a) => a.startsWith('--base='))?.split('=')[1];
const PORT = Number(process.env.BENCH_PORT ?? 3197);
const OUT = process.env.BENCH_SCREENS_DIR ?? '/tmp/portal-screens';
const WIDTHS = [390, 1024, 1440];
const SCREENS = [
  '/transaction/transactions',
  '/transaction/settles',
  '/transaction/settleWxAli',
  '/transaction/reconciliation',
  '/transaction/reconWxAli',
  '/transaction/refundRequest',
  '/transaction/reviewRefund',
  '/merchant/merchants',
  '/merchant/stores',
  '/merchant/payments',
  '/merchant/applyService',
  '/merchant/totalAssets',
  '/accountMng/accountStatus',
  '/log/activityLog',
  '/notifications',
  '/uploadDocuments',
];

/** The pixels that differ between two PNG images (all of them when their sizes differ). */
function differing(a: Buffer, b: Buffer): number {
  const left = PNG.sync.read(a);
  const right = PNG.sync.read(b);
  if (left.width !== right.width || left.height !== right.height) return Math.max(left.width * left.height, right.width * right.height);
  let count = 0;
  for (let i = 0; i < left.data.length; i += 4) {
    if (left.data[i] !== right.data[i] || left.data[i + 1] !== right.data[i + 1] || left.data[i + 2] !== right.data[i + 2] || left.data[i + 3] !== right.data[i + 3]) count++;
  }
  return count;
}

/** A signed-in page of `portal` at `width` in `language`, as its scripts leave it (or the server's HTML alone). */
async function screenshot(browser: Browser, portal: BenchPortal, cookie: string, language: string, path: string, width: number, scripts = true): Promise<Buffer | null> {
  const [name, value] = cookie.split('=') as [string, string];
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: scripts, reducedMotion: 'reduce' });
  await context.addCookies([name, LANGUAGE_COOKIE].map((cookieName) => ({ name: cookieName, value: cookieName === name ? value : language, url: portal.url })));
  try {
    const page = await context.newPage();
    const response = await page.goto(`${portal.url}${path}`, { waitUntil: 'networkidle' });
    if (!response?.ok() || !page.url().endsWith(path)) return null;
    // The filter form's island (components/list-kit/FilterIsland.tsx) has loaded when no part of the page still waits.
    if (scripts) await page.waitForFunction(() => !document.querySelector('main [inert]'), undefined, { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    return await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}

async function main() {
  if (!BASE) throw new Error('usage: npm run bench -- screens --base=<a checkout with its build>');
  mkdirSync(OUT, { recursive: true });
  const upstream = await benchUpstream(20_000);
  const base = await startPortal(upstream.url, PORT, [], BASE);
  const current = await startPortal(upstream.url, PORT + 1);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const cookies = { base: await portalSession(base.url), current: await portalSession(current.url) };
    const rows = [];
    for (const path of SCREENS) {
      for (const language of LANGUAGES) {
        for (const width of WIDTHS) {
          const before = await screenshot(browser, base, cookies.base, language, path, width);
          const after = await screenshot(browser, current, cookies.current, language, path, width);
          const painted = await screenshot(browser, current, cookies.current, language, path, width, false);
          if (!before || !after || !painted) {
            rows.push({ screen: path, language, width, 'base → this': 'not open to admin', 'server HTML → scripts run': '' });
            continue;
          }
          const changed = differing(before, after);
          const moved = differing(painted, after);
          const name = `${path.slice(1).replaceAll('/', '-')}-${language}-${width}`;
          if (changed || moved) writeFileSync(join(OUT, `${name}-this.png`), after);
          if (changed) writeFileSync(join(OUT, `${name}-base.png`), before);
          if (moved) writeFileSync(join(OUT, `${name}-html.png`), painted);
          rows.push({ screen: path, language, width, 'base → this': changed, 'server HTML → scripts run': moved });
        }
      }
    }
    console.log(`\nDiffering pixels of each list screen (admin, 20 000 transactions; images of a pair that differs in ${OUT}):`);
    console.table(rows);
  } finally {
    await browser.close();
    await Promise.all([base.stop(), current.stop()]);
    await upstream.close();
  }
}

void main();
