// Screenshots of pages of the running build: PORTAL=http://127.0.0.1:3195 ACCOUNT=admin PAGES=/a,/b LANGS=en,zhTW WIDTHS=390,1440 JS=0
import { chromium } from '@playwright/test';
import { portalSession } from '../bench/harness';
async function main() {
  const portal = process.env.PORTAL ?? 'http://127.0.0.1:3195';
  const cookie = await portalSession(portal, process.env.ACCOUNT ?? 'admin');
  const [name, value] = cookie.split('=');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const lang of (process.env.LANGS ?? 'en').split(','))
    for (const width of (process.env.WIDTHS ?? '1440').split(',').map(Number)) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: process.env.JS !== '0' });
      await context.addCookies([{ name, value: value ?? '', url: portal }, { name: 'language', value: lang, url: portal }]);
      const page = await context.newPage();
      for (const path of (process.env.PAGES ?? '/dashboard/dashboard').split(',')) {
        await page.goto(portal + path, { waitUntil: 'networkidle' });
        const file = `/tmp/prof/shots/${path.replace(/\//g, '_')}-${lang}-${width}${process.env.JS === '0' ? '-nojs' : ''}.png`;
        await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
        console.log(file);
      }
      await context.close();
    }
  await browser.close();
}
void main();
