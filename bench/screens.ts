// `npm run bench -- screens --base=<checkout>`: every list screen, pixel by pixel, on another
// checkout's build (the base, built) and on this one, at 390, 1024 and 1440 px in the three
// languages, both portals on the same services. And on this build, the filter form as the server's
// HTML paints it (JavaScript off) against the form its code draws (components/list-kit/FilterIsland.tsx).
// Prints the differing pixels of each pair and keeps the images of a pair that differs
// (BENCH_SCREENS_DIR, default /tmp/portal-screens): look at them. Now and then Chromium's full-page
// capture of a phone-width page misses the table's sticky header and pinned column, in either
// build (27 November: applyService at 390 px, 21 000 to 30 000 pixels, gone on the next run).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { PNG } from 'pngjs';
import { LANGUAGE_COOKIE, LANGUAGES } from '../lib/i18n/languages';
import { BASE_CHECKOUT, benchUpstream, LIST_SCREENS, portalSession, startPortal, type BenchPortal } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3197);
const OUT = process.env.BENCH_SCREENS_DIR ?? '/tmp/portal-screens';
/** `--only=<path>,<path>` and `--widths=<px>,<px>`: a few screens or widths while mending one of them. */
const argument = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(',');
const WIDTHS = argument('widths')?.map(Number) ?? [390, 1024, 1440];
const SCREENS = argument('only') ?? LIST_SCREENS;

/**
 * The pixels that differ between two PNG images by more than rasterisation's own noise (a channel
 * off by more than 8 of 255: two draws of the same page differ by 1 at rounded corners); all of
 * them when their sizes differ.
 */
function differing(a: Buffer, b: Buffer): number {
  const left = PNG.sync.read(a);
  const right = PNG.sync.read(b);
  if (left.width !== right.width || left.height !== right.height) return Math.max(left.width * left.height, right.width * right.height);
  let count = 0;
  for (let i = 0; i < left.data.length; i += 4) {
    if ([0, 1, 2, 3].some((channel) => Math.abs((left.data[i + channel] ?? 0) - (right.data[i + channel] ?? 0)) > 8)) count++;
  }
  return count;
}

/** The list's filter form (refund requests has a finder form above it). */
const FORM = 'main form:has(.list-filters)';

/**
 * A signed-in page of `portal` at `width` in `language`, as its scripts leave it (or as the
 * server's HTML alone paints it): the whole page and its filter form, from one load.
 */
async function screenshots(browser: Browser, portal: BenchPortal, cookie: string, language: string, path: string, width: number, scripts = true): Promise<{ whole: Buffer; form: Buffer | null } | null> {
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
    const options = { animations: 'disabled', caret: 'hide' } as const;
    const form = (await page.locator(FORM).count()) > 0 ? await page.locator(FORM).screenshot(options) : null;
    return { whole: await page.screenshot({ ...options, fullPage: true }), form };
  } finally {
    await context.close();
  }
}

async function main() {
  if (!BASE_CHECKOUT) throw new Error('usage: npm run bench -- screens --base=<a checkout with its build>');
  mkdirSync(OUT, { recursive: true });
  const upstream = await benchUpstream(20_000);
  const base = await startPortal(upstream.url, PORT, [], BASE_CHECKOUT);
  const current = await startPortal(upstream.url, PORT + 1);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const cookies = { base: await portalSession(base.url), current: await portalSession(current.url) };
    const rows = [];
    for (const path of SCREENS) {
      for (const language of LANGUAGES) {
        for (const width of WIDTHS) {
          const before = await screenshots(browser, base, cookies.base, language, path, width);
          const after = await screenshots(browser, current, cookies.current, language, path, width);
          if (!before || !after) {
            rows.push({ screen: path, language, width, 'base → this': 'not open to admin', 'form: server HTML → its code': '' });
            continue;
          }
          const name = `${path.slice(1).replaceAll('/', '-')}-${language}-${width}`;
          const changed = differing(before.whole, after.whole);
          if (changed) {
            writeFileSync(join(OUT, `${name}-base.png`), before.whole);
            writeFileSync(join(OUT, `${name}-this.png`), after.whole);
          }
          const painted = after.form && (await screenshots(browser, current, cookies.current, language, path, width, false))?.form;
          const moved = painted && after.form ? differing(painted, after.form) : 'no form';
          if (painted && after.form && moved) {
            writeFileSync(join(OUT, `${name}-form-html.png`), painted);
            writeFileSync(join(OUT, `${name}-form-code.png`), after.form);
          }
          rows.push({ screen: path, language, width, 'base → this': changed, 'form: server HTML → its code': moved });
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
