import type { Locator, Page } from '@playwright/test';
import { expect, exportAs, openOptions, showColumns, signedIn, test, ZH_HK_LABELS } from './fixtures';

const PAGE = '/transaction/transactions';
const hongKongDay = (offsetDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offsetDays * 86_400_000));
/**
 * Sixty days up to yesterday: enough reference data for every filter to have matches, and none of
 * today's rows, which change while other specs run (a paid refund is a transaction of today).
 */
const SPAN = `from=${hongKongDay(-60)}&to=${hongKongDay(-1)}`;

const rows = (page: Page) => page.locator('tbody tr.portal-row');

/** The texts of one column of the list, by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return rows(page).evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent?.trim() ?? ''), index);
}

const amount = (text: string) => Number(text.replaceAll(',', ''));
/** The amount's size: the list sorts by it (the services' trans_amount); a void's or refund's minus sign only says its direction. */
const size = (text: string) => Math.abs(amount(text));
/** The list's record count ("1,234 records"). */
async function recordCount(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d,]+ records?$/).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

async function choose(page: Page, select: Locator, pick: (options: string[]) => string) {
  const options = await openOptions(page, select);
  const choice = pick(await options.allInnerTexts());
  await options.filter({ hasText: choice }).first().click();
  return choice;
}

/** Sends the form and waits for the new view: the button stops loading once the page of the new address arrives. */
async function search(page: Page) {
  const button = page.locator('form button[type=submit]');
  await button.click();
  await expect(button).not.toHaveClass(/ant-btn-loading/, { timeout: 15_000 });
  await expect(page.locator('table')).toHaveAttribute('aria-busy', 'false');
}

test('filters by merchant, store, terminal, payment type and amount, each kept in the URL', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`${PAGE}?${SPAN}`);
  // The merchant and terminal numbers are in the column menu (the store says where a sale was).
  await showColumns(page, ['Merchant no.', 'Terminal']);
  const all = await recordCount(page);
  expect(all).toBeGreaterThan(100);

  // A merchant is offered by its name and number; the URL and the table keep the number.
  const merchantChoice = await choose(page, page.getByLabel('Merchant no.'), (options) => options[0] ?? '');
  expect(merchantChoice).toMatch(/^Golden Harbour .+ \(\d{15}\)$/);
  const merchant = merchantChoice.replace(/^.* \((\d+)\)$/, '$1');
  await search(page);
  await expect(page).toHaveURL(new RegExp(`merchant=${merchant}`));
  expect(new Set(await column(page, 'Merchant no.'))).toEqual(new Set([merchant]));
  const byMerchant = await recordCount(page);
  expect(byMerchant).toBeLessThan(all);

  const store = await choose(page, page.getByLabel('Store', { exact: true }), (options) => options[0] ?? '');
  await search(page);
  const storeName = store.replace(/ \([^)]*\)$/, '');
  expect(new Set(await column(page, 'Store'))).toEqual(new Set([storeName]));
  const terminal = await choose(page, page.getByLabel('Terminal', { exact: true }), (options) => options[0] ?? '');
  await search(page);
  await expect(page).toHaveURL(new RegExp(`terminal=${terminal}`));
  const terminals = await column(page, 'Terminal');
  expect(terminals.length === 0 || new Set(terminals).size === 1).toBe(true);
  if (terminals.length) expect(terminals[0]).toBe(terminal);

  await page.goto(`${PAGE}?${SPAN}`);
  await choose(page, page.getByLabel('Payment type', { exact: true }), (options) => options.find((o) => o === 'Alipay') ?? '');
  await page.getByLabel('Amount from').fill('100');
  await page.getByLabel('Amount to').fill('500.5');
  await search(page);
  await expect(page).toHaveURL(/paymentType=ALIPAY/);
  await expect(page).toHaveURL(/amountFrom=100&amountTo=500.5/);
  expect(new Set(await column(page, 'Payment type'))).toEqual(new Set(['Alipay']));
  for (const text of await column(page, 'Amount (HKD)')) {
    expect(size(text)).toBeGreaterThanOrEqual(100);
    expect(size(text)).toBeLessThanOrEqual(500.5);
  }
});

test('an order, EFT or RRN number finds exactly its transaction; details show every field', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`${PAGE}?${SPAN}`);
  const order = (await column(page, 'Order no.'))[3] ?? '';
  await rows(page).nth(3).click();
  const drawer = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(drawer).toContainText(order);
  const field = async (label: string) => (await drawer.getByRole('rowheader', { name: label, exact: true }).locator('xpath=following-sibling::*[1]').innerText()).trim();
  const keys = { 'Order no.': order, 'EFT no.': await field('EFT no.'), RRN: await field('RRN') };
  await expect(drawer).toContainText('Response code');
  await page.keyboard.press('Escape');

  for (const [label, value] of Object.entries(keys)) {
    await page.goto(PAGE);
    await page.getByLabel(label, { exact: true }).fill(value);
    await search(page);
    await expect(rows(page)).toHaveCount(1);
    expect(await column(page, 'Order no.')).toEqual([order]);
  }
});

test('pages and sorts on the server; back and forward keep the filters', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`${PAGE}?${SPAN}`);
  const first = await column(page, 'Order no.');
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/page=2/);
  const second = await column(page, 'Order no.');
  expect(second).toHaveLength(10);
  expect(second.filter((order) => first.includes(order))).toEqual([]);

  await page.getByRole('button', { name: 'Amount (HKD)' }).click();
  await expect(page).toHaveURL(/sort=trans_amount/);
  const descending = (await column(page, 'Amount (HKD)')).map(size);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await page.getByRole('button', { name: /Amount \(HKD\)/ }).click();
  await expect(page).toHaveURL(/dir=asc/);
  const ascending = (await column(page, 'Amount (HKD)')).map(size);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await page.goBack();
  await expect(page).toHaveURL(/sort=trans_amount/);
  await expect(page).not.toHaveURL(/dir=asc/);
  // The address changes before the page of the new address arrives: wait for its rows.
  await expect.poll(async () => (await column(page, 'Amount (HKD)')).map(size)).toEqual(descending);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?${SPAN}$`));
  await expect.poll(() => column(page, 'Order no.')).toEqual(first);
  await expect(page.getByLabel('Payment date').first()).toHaveValue(hongKongDay(-60));
  await page.goForward();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => column(page, 'Order no.')).toEqual(second);
});

test('the page size is chosen from the pager and starts again at the first page; a page opens in a new tab by its link, and by Enter here', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`${PAGE}?${SPAN}&page=3`);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('link', { name: '3', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(10);
  const total = await recordCount(page);
  const size = pages.getByRole('combobox', { name: 'Page size' });
  await size.selectOption('20');
  await expect(page).toHaveURL(/size=20/);
  await expect(page).not.toHaveURL(/page=3/);
  await expect(rows(page)).toHaveCount(Math.min(20, total));
  await expect(size).toHaveValue('20');
  // The drawn select says the chosen size.
  await expect(pages.locator('.ant-select-content')).toHaveText('20 / page');

  // A page's link is an address: opened in a new tab it shows that page, the list here staying as it is.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), pages.getByRole('link', { name: '2', exact: true }).click({ modifiers: ['ControlOrMeta'] })]);
  await expect(tab).toHaveURL(/size=20.*page=2|page=2.*size=20/);
  await expect(tab.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await tab.close();
  await expect(page).not.toHaveURL(/page=2/);

  // From the keyboard: Enter on a page's link opens it here.
  await pages.getByRole('link', { name: '2', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('a span over 366 days is refused with its message, in the form and from a link', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`${PAGE}?from=${hongKongDay(-400)}&to=${hongKongDay()}`);
  await expect(page.getByText('The date range can span at most 366 days.')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  // The picker shows the range the message refuses, not today.
  await expect(page.getByLabel('Payment date').first()).toHaveValue(hongKongDay(-400));
  await expect(page.getByPlaceholder('End date')).toHaveValue(hongKongDay());

  await page.goto(PAGE);
  const [start, end] = [page.getByLabel('Payment date').first(), page.getByPlaceholder('End date')];
  // Typed like a person: the start date, Tab to the end date, the end date; Enter would send the form half filled.
  await start.click();
  await start.fill(hongKongDay(-370));
  await start.press('Tab');
  await end.fill(hongKongDay());
  await end.press('Tab');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByText('The date range can span at most 366 days.')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`from=${hongKongDay(-370)}`));
});

test('role 5 searches single transactions only', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`${PAGE}?${SPAN}`);
  const order = (await column(page, 'Order no.'))[0] ?? '';
  // Leave the portal before the cookies go, so that no script of the old page navigates meanwhile.
  await page.goto('about:blank');
  await page.context().clearCookies();

  await signedIn(page, 'viewer@demo.test');
  await expect(page).toHaveURL(new RegExp(PAGE));
  await expect(page.getByText('Your role searches single transactions: enter an order number, EFT number or RRN.')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await page.getByLabel('Order no.', { exact: true }).fill(order);
  await search(page);
  expect(await column(page, 'Order no.')).toEqual([order]);
});

test.describe('in Traditional Chinese', () => {
  test.use({ locale: 'zh-HK' });

  test('codes are shown by their names: table, details; amount and status stay in view at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedIn(page, 'admin', 'Portal#2026', ZH_HK_LABELS);
    await page.goto(`${PAGE}?${SPAN}&paymentType=VISA`);
    expect(new Set(await column(page, '支付方式'))).toEqual(new Set(['Visa']));
    expect(new Set(await column(page, '狀態'))).toEqual(new Set(['成功']));
    expect((await column(page, '交易類型')).every((name) => /[\u4e00-\u9fff]/.test(name))).toBe(true);
    // The pinned columns are inside the viewport although the table is wider than it.
    for (const header of ['金額（港元）', '狀態']) {
      const box = await page.locator('thead th', { hasText: header }).boundingBox();
      expect(box && box.x + box.width <= 1440).toBe(true);
    }
    await rows(page).first().click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText('Visa');
    await expect(drawer).not.toContainText('VISA');
  });
});

test('a partner narrows the list to one of its customers', async ({ page }) => {
  await signedIn(page, 'partner@demo.test');
  await page.goto(`${PAGE}?${SPAN}`);
  const all = await recordCount(page);
  const customer = await choose(page, page.getByLabel('Customer', { exact: true }), (options) => options.find((o) => o.includes('C0003')) ?? '');
  await search(page);
  await expect(page).toHaveURL(/customer=C0003/);
  const one = await recordCount(page);
  expect(one).toBeGreaterThan(0);
  expect(one).toBeLessThan(all);
  expect(customer).toContain('C0003');
});

/** RFC 4180 lines to cells (quoted cells may hold commas and doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) {
    const cells: string[] = [];
    const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
    for (let match = pattern.exec(line); match && match[0] !== ''; match = pattern.exec(line)) {
      const cell = match[1] ?? '';
      cells.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
      if (match[2] === '') break;
    }
    rows.push(cells);
  }
  return rows;
}

const cents = (text: string) => Math.round(Number(text.replace(/[',]/g, '')) * 100);

test('exports the filtered view as CSV: its rows and totals equal the page summary', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`${PAGE}?${SPAN}&paymentType=VISA`);
  const count = await recordCount(page);
  const net = cents(await page.locator('.ant-statistic').filter({ hasText: 'Net amount (HKD)' }).locator('.ant-statistic-content').innerText());
  const summary = Object.fromEntries(
    await Promise.all(
      ['SALE', 'VOID', 'REFUND'].map(async (name) => {
        const card = page.getByTestId(`summary-${name}`);
        const amountText = await card.locator('.ant-statistic-content').innerText();
        const countText = (await card.locator('.ant-statistic-title').innerText()).split('·')[1] ?? '';
        return [name, { amount: cents(amountText), count: Number(countText.replace(/[^\d]/g, '')) }];
      }),
    ),
  );

  const file = await exportAs(page, page.getByRole('button', { name: 'Export' }), 'CSV');
  expect(file.suggestedFilename()).toMatch(/^transactions_\d{8}_\d{8}\.csv$/);
  await expect(page.getByText(`Exported ${count.toLocaleString('en-US')} rows`)).toBeVisible();
  const rows = csvRows((await import('node:fs')).readFileSync(await file.path(), 'utf8'));

  const header = rows[0] ?? [];
  expect(header).toEqual(await page.locator('thead th').allInnerTexts());
  const blank = rows.findIndex((row) => row.every((cell) => cell === ''));
  const data = rows.slice(1, blank);
  expect(data).toHaveLength(count);
  const [paymentAt, typeAt, amountAt] = [header.indexOf('Payment type'), header.indexOf('Type'), header.indexOf('Amount (HKD)')];
  // Codes are written by their names, as the table shows them.
  expect(new Set(data.map((row) => row[paymentAt]))).toEqual(new Set(['Visa']));
  expect(data.some((row) => /refund/i.test(row[typeAt] ?? ''))).toBe(true);
  // Voids and refunds are written with their minus sign, as the page shows them: the rows add up to the net.
  for (const row of data) expect((row[amountAt] ?? '').startsWith('-')).toBe(/void|refund/i.test(row[typeAt] ?? ''));
  expect(data.reduce((sum, row) => sum + cents(row[amountAt] ?? ''), 0)).toBe(net);

  const totals = Object.fromEntries(rows.slice(blank + 2).filter((row) => row.length === 3).map(([name = '', n = '', amount = '']) => [name, { count: Number(n.replace(/,/g, '')), amount: cents(amount) }]));
  expect(totals['Net total']).toEqual({ count, amount: net });
  expect({ SALE: totals.Sales, VOID: totals.Voids, REFUND: totals.Refunds }).toEqual(summary);
});
