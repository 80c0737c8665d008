import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { LANGUAGE_TAGS, LANGUAGES } from '../../lib/i18n/languages';
import { expect, exportAs, showColumns, signedIn, test } from './fixtures';

const hongKongDay = (offsetDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const SPAN = `from=${hongKongDay(-90)}&to=${hongKongDay()}`;
const rows = (page: Page) => page.locator('tbody tr.portal-row');
const amount = (text: string) => Math.round(Number(text.replaceAll(',', '')) * 100);

/** The Monday on or before a Hong Kong day: weekend remittances are merged into Monday's. */
function mondayOf(offsetDays: number) {
  const day = new Date(`${hongKongDay(offsetDays)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The language cookie for the whole site (a cookie set by the page's URL would hold for its folder only). */
async function chooseLanguage(page: Page, language: string) {
  await page.context().addCookies([{ name: 'language', value: language, url: new URL('/', page.url()).href }]);
}

/** The texts of one column of the main list, by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const table = page.locator('table').first();
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return table.locator('tbody tr.portal-row').evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent?.trim() ?? ''), index);
}

async function summary(page: Page, id: string) {
  return (await page.getByTestId(`summary-${id}`).locator('.ant-statistic-content').innerText()).trim();
}

test('reconciliation: filtered by payment type in the URL, paged, a file detailed and downloaded with its own rows and totals', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`/transaction/reconciliation?${SPAN}&paymentType=VISA`);
  await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
  expect(new Set(await column(page, 'Payment type'))).toEqual(new Set(['Visa']));
  const firstPage = await column(page, 'Settlement date');
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => column(page, 'Settlement date')).not.toEqual(firstPage);

  await rows(page).first().click();
  const drawer = page.getByRole('dialog', { name: 'Settlement file' });
  const section = drawer.getByTestId('detail-transactions');
  await expect(section.locator('tbody tr.portal-row').first()).toBeVisible();
  const fileName = (await drawer.locator('.ant-descriptions-item-content').first().innerText()).trim();
  const count = Number((await drawer.locator('tr', { hasText: 'Transactions' }).first().locator('.ant-descriptions-item-content').innerText()).replaceAll(',', ''));
  const volume = amount(await drawer.locator('tr', { hasText: 'Volume' }).locator('.ant-descriptions-item-content').innerText());

  const download = await exportAs(page, section.getByRole('button', { name: /Export/ }), 'CSV');
  expect(download.suggestedFilename()).toBe(`${fileName}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r\n/);
  const blank = lines.indexOf('');
  expect(blank - 1).toBe(count);
  const net = lines.slice(blank).find((line) => line.startsWith('Net')) as string;
  const fields = net.match(/("[^"]*"|[^,]+)/g) ?? [];
  expect(Number((fields[1] ?? '').replace(/[",]/g, ''))).toBe(count);
  expect(amount((fields[2] ?? '').replace(/"/g, ''))).toBe(volume);
});

test('fund settlement: totals add up, filtered by status, a merged remittance expands to its members', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`/transaction/settles?${SPAN}`);
  await expect(page.getByRole('heading', { name: 'Fund settlement' })).toBeVisible();
  expect(amount(await summary(page, 'remitted')) + amount(await summary(page, 'notRemitted'))).toBe(amount(await summary(page, 'receivable')));
  await expect(page.locator('tbody')).not.toContainText(/\b\d{3}-\d{6}-\d{3}\b/);

  await page.goto(`/transaction/settles?${SPAN}&status=PENDING`);
  expect(new Set(await column(page, 'Remit status'))).toEqual(new Set(['Pending']));

  // A Monday a week or more ago holds the merged remittances of the even-numbered merchants' weekends.
  const monday = mondayOf(-7);
  await page.goto(`/transaction/settles?from=${monday}&to=${monday}`);
  await showColumns(page, ['Merged remittance']);
  await rows(page).filter({ has: page.locator('td', { hasText: /^Yes$/ }) }).first().click();
  const members = page.getByRole('dialog', { name: 'Remittance' }).getByTestId('detail-members');
  await expect(members.locator('tbody tr.portal-row').first()).toBeVisible();
  expect(await members.locator('tbody tr.portal-row').count()).toBeGreaterThanOrEqual(2);
  // Shown whole: no pages and no "2 / page" size to choose.
  await expect(members.locator('.ant-pagination')).toHaveCount(0);
});

test('the WxAli screens show Alipay and WeChat Pay only, by their names in Traditional Chinese', async ({ page }) => {
  await signedIn(page, 'wxali@demo.test');
  await chooseLanguage(page, 'zhTW');
  await page.goto(`/transaction/reconWxAli?${SPAN}`);
  await expect(page.getByRole('heading', { name: '對帳：支付寶及微信支付' })).toBeVisible();
  const types = new Set(await column(page, '支付方式'));
  expect([...types].every((name) => ['支付寶', '微信支付'].includes(name))).toBe(true);
  await page.goto(`/transaction/settleWxAli?${SPAN}`);
  await expect(page.getByRole('heading', { name: '資金結算：支付寶及微信支付' })).toBeVisible();
  const wallets = new Set(await column(page, '錢包'));
  expect([...wallets].every((name) => ['支付寶', '微信支付'].includes(name))).toBe(true);
  expect(new Set(await column(page, '劃款狀態')).size).toBeGreaterThan(0);
});

// English at every width is checked with every menu route by first-screens.spec.ts; the Chinese
// labels are the other widths a column or a card may be pushed by.
test('each screen fits 390 and 1024 px in both Chinese languages without horizontal page overflow', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, 'admin');
  for (const language of LANGUAGES.filter((language) => language !== 'en')) {
    await chooseLanguage(page, language);
    for (const screen of ['reconciliation', 'settles', 'reconWxAli', 'settleWxAli']) {
      for (const width of [1024, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/transaction/${screen}?${SPAN}`);
        await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAGS[language]);
        await expect(page.locator('table').first()).toHaveAttribute('aria-busy', 'false');
        expect({ screen, language, width, over: await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth) }).toEqual({ screen, language, width, over: 0 });
      }
    }
  }
});

/** Each screen, its user, a code filter in its URL, its drawer, and the summary cards its download's totals line repeats (in the file's order). */
const SCREENS = [
  { account: 'admin', path: '/transaction/reconciliation', filter: 'paymentType=VISA', drawer: 'Settlement file', cards: ['count', 'volume', 'mdrFee'] },
  { account: 'admin', path: '/transaction/settles', filter: 'wallet=CARD', drawer: 'Remittance', cards: ['receivable', 'fee', 'remitted', 'notRemitted'] },
  { account: 'wxali@demo.test', path: '/transaction/reconWxAli', filter: 'paymentType=ALIPAY', drawer: 'Settlement file', cards: ['count', 'volume', 'mdrFee'] },
  { account: 'wxali@demo.test', path: '/transaction/settleWxAli', filter: 'wallet=WECHAT', drawer: 'Remittance', cards: ['receivable', 'fee', 'remitted', 'notRemitted'] },
];

for (const screen of SCREENS) {
  test(`${screen.path}: filtered, paged, a row detailed, and the download's rows and totals equal the screen's`, async ({ page }) => {
    await signedIn(page, screen.account);
    await page.goto(`${screen.path}?${SPAN}&${screen.filter}`);
    const total = Number(((await page.getByText(/^[\d,]+ records?$/).innerText()).match(/[\d,]+/)?.[0] ?? '').replaceAll(',', ''));
    expect(total).toBeGreaterThan(10);
    const firstPage = await rows(page).allInnerTexts();
    expect(firstPage).toHaveLength(10);
    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => rows(page).allInnerTexts()).not.toEqual(firstPage);
    await rows(page).first().click();
    await expect(page.getByRole('dialog', { name: screen.drawer })).toBeVisible();
    await page.keyboard.press('Escape');

    const cards = await Promise.all(screen.cards.map(async (id) => (id === 'count' ? Number((await summary(page, id)).replaceAll(',', '')) : amount(await summary(page, id)))));
    const download = await exportAs(page, page.getByRole('button', { name: 'Export' }).first(), 'CSV');
    const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r\n/);
    const blank = lines.indexOf('');
    expect(blank - 1).toBe(total);
    // The totals line: "Rows", the row count, then each summed column.
    const fields = (lines.at(-1)?.match(/("[^"]*"|[^,]+)/g) ?? []).map((field) => field.replace(/[",]/g, ''));
    expect(fields[0]).toBe('Rows');
    expect(Number(fields[1])).toBe(total);
    const sums = fields.slice(2).map((field, i) => (screen.cards[i] === 'count' ? Number(field) : amount(field)));
    expect(sums).toEqual(cards);
  });
}
