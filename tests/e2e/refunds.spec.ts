import type { Page } from '@playwright/test';
import { E2E_ENV } from '../../playwright.config';
import { confirmDialog, expect, expectAxeClean, seededDay, signedInPage, test } from './fixtures';

const REQUEST = '/transaction/refundRequest';
const REVIEW = '/transaction/reviewRefund';

interface Sale {
  order_no: string;
  merchant_no: string;
  gmt_payment: string;
  refundBalance: string;
}

/**
 * A card sale with some balance left, from the real-time list the maker sees for one day, checked
 * with the refund search. Each test takes its own day, so no test refunds a sale another reads, and
 * the file's tests run one after another (below), so the checker's pending badge moves only by
 * the test that reads it. No other spec file requests refunds.
 */
async function saleOfDay(page: Page, daysAgo: number): Promise<Sale> {
  const day = await seededDay(page.request, -daysAgo);
  await page.goto(`/transaction/transactions?from=${day}&to=${day}&size=100`);
  await expect(page.locator('tbody tr.portal-row').first()).toBeVisible();
  const headers = await page.locator('thead th').allInnerTexts();
  const [order, type] = ['Order no.', 'Type'].map((h) => headers.findIndex((text) => text.trim() === h));
  const rows = await page.locator('tbody tr.portal-row').evaluateAll((trs, [o, t]) => trs.map((tr) => [tr.children[o as number]?.textContent?.trim(), tr.children[t as number]?.textContent?.trim()]), [order, type]);
  for (const [orderNo, typeName] of rows) {
    if (typeName !== 'Card sale' || !orderNo) continue;
    const found = await page.request.post('/api/refunds/find', { data: { alipayOrder: orderNo }, headers: { origin: new URL(page.url()).origin } });
    const [sale] = ((await found.json()) as { data: Sale[] }).data;
    if (sale && Number(sale.refundBalance) > 5) return sale;
  }
  throw new Error(`no card sale with a refund balance on ${day}`);
}

// The three tests share the checker's pending count: in order, in one worker.
test.describe.configure({ mode: 'default' });

const badgeCount = async (page: Page) => Number((await page.getByLabel(/refunds? waiting for approval/).first().getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);

test('a maker requests a partial refund, a checker approves it with the password, it is paid and shows among the transactions', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const maker = await signedInPage(browser, 'maker@demo.test');
  const sale = await saleOfDay(maker, 2);

  await maker.goto(REQUEST);
  // The request list's filter below has an order number too, under the same term.
  await maker.locator('form#refund-find').getByLabel('Order no.', { exact: true }).fill(sale.order_no);
  await maker.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(maker.getByTestId('refund-balance')).toHaveText(`HKD ${Number(sale.refundBalance).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  // Over the balance: refused with the balance in the message.
  await maker.getByLabel('Refund amount').fill('99999999');
  await maker.getByRole('button', { name: 'Request refund' }).click();
  await expect(maker.getByText(`The refund amount may not exceed the refundable balance of ${Number(sale.refundBalance).toLocaleString('en-US', { minimumFractionDigits: 2 })}.`)).toBeVisible();
  await maker.getByLabel('Refund amount').fill('1.25');
  await maker.getByLabel('Reason type').click();
  await maker.getByTitle('Goods returned').click();
  await maker.getByLabel('Reason', { exact: true }).fill('Customer returned one item');
  await maker.getByRole('button', { name: 'Request refund' }).click();
  const confirm = maker.getByRole('dialog');
  await expect(confirm).toContainText(`Refund HKD 1.25 of the transaction ${sale.order_no}`);
  // A double click sends one request: the form's key makes the second a replay.
  await confirm.getByRole('button', { name: 'Request refund' }).dblclick();
  const notice = maker.getByText(/Refund request RF\w+ was submitted/);
  await expect(notice).toBeVisible();
  const refundNo = (await notice.innerText()).match(/RF\w+/)?.[0] as string;
  await maker.goto(`${REQUEST}?refundNo=${refundNo}`);
  await expect(maker.locator('tbody tr.portal-row')).toHaveCount(1);
  await expect(maker.locator('tbody tr.portal-row')).toContainText('To be approved');

  const checker = await signedInPage(browser, 'checker@demo.test');
  await checker.goto(`${REVIEW}?refundNo=${refundNo}`);
  const before = await badgeCount(checker);
  expect(before).toBeGreaterThan(0);
  await checker.locator('tbody tr.portal-row', { hasText: refundNo }).getByLabel('Select this row').check();
  await checker.getByRole('button', { name: 'Approve', exact: true }).click();
  // The dialog names what the password approves: the request and its amount.
  await expect(checker.getByTestId('review-chosen')).toHaveText(`1 request (${refundNo}): HKD 1.25 in all.`);
  await checker.getByLabel('Management password').fill('Wrong#2026');
  await checker.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText(/The password is incorrect/)).toBeVisible();
  await checker.getByLabel('Management password').fill('Portal#2026');
  await checker.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByTestId('review-outcome')).toContainText(`${refundNo} Approved`);
  await expect.poll(() => badgeCount(checker)).toBe(before - 1);
  await checker.getByRole('tab', { name: 'Decided' }).click();
  await expect(checker.locator('tbody tr.portal-row', { hasText: refundNo })).toContainText('Approved, not paid');

  expect((await request.post(`${E2E_ENV.UPSTREAM_URL}/dev/refunds/pay`)).ok()).toBe(true);
  await maker.goto(`${REQUEST}?refundNo=${refundNo}`);
  await expect(maker.locator('tbody tr.portal-row')).toContainText('Approved and paid');
  await maker.goto(`/transaction/transactions?order=${refundNo}`);
  await expect(maker.locator('tbody tr.portal-row')).toContainText('Portal refund');
  await expect(maker.locator('tbody tr.portal-row')).toContainText('1.25');
});

test('a batch file with good and bad rows is previewed, the good rows submitted once, the bad rows explained', async ({ browser }) => {
  test.setTimeout(90_000);
  const maker = await signedInPage(browser, 'maker@demo.test');
  // Not 3 days ago: the seed's low day of the first customer, one sale only (upstream/seed/generate.ts TIP_SHAPES).
  const sale = await saleOfDay(maker, 5);
  const header = 'merchantNo,transDate,transTime,orderNo,rrn,refundAmount,reasonType,reason';
  const good = [sale.merchant_no, sale.gmt_payment.slice(0, 8), sale.gmt_payment.slice(8), sale.order_no, '', '2.00', 'DUPLICATE', 'Charged twice'].join(',');
  const bad = [sale.merchant_no, '2026-11-01', '1230', sale.order_no, '', '1.234', 'DUPLICATE', 'Bad row'].join(',');
  // Well formed, but more than the sale's balance: the preview weighs it against the sale and refuses it.
  const tooMuch = [sale.merchant_no, sale.gmt_payment.slice(0, 8), sale.gmt_payment.slice(8), sale.order_no, '', '99999999.00', 'DUPLICATE', 'Too much'].join(',');
  const file = { name: 'refunds.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${good}\r\n${bad}\r\n${tooMuch}\r\n`) };

  await maker.goto(REQUEST);
  await expect(maker.getByText(/at most 200 rows and 1024 KB/)).toBeVisible();
  for (const round of ['Requested', 'Already requested']) {
    await maker.locator('input[type=file]').setInputFiles(file);
    await expect(maker.getByText('1 of 3 rows can be submitted; 2 have errors.')).toBeVisible();
    await expect(maker.getByText(/transaction date must be a real date written yyyyMMdd/)).toBeVisible();
    await expect(maker.getByText(/at most 2 decimals/)).toBeVisible();
    await expect(maker.getByText(/The refund amount may not exceed the refundable balance of/)).toBeVisible();
    // The page's button, not the confirmation's of the same words (confirmDialog waits for that one to close).
    await maker.getByRole('main').getByRole('button', { name: 'Submit 1 good row' }).click();
    await confirmDialog(maker.getByRole('dialog'), 'Submit 1 good row');
    await expect(maker.getByText('1 of 1 sent')).toBeVisible();
    await expect(maker.getByText(new RegExp(`^${round}: RF\\w+$`))).toBeVisible();
    // Sent is made: the summary counts what the services accepted.
    await expect(maker.getByTestId('batch-outcome')).toHaveText('1 of 1 refund request made; 0 refused (see the Result column).');
  }
  const found = await maker.request.post('/api/refunds/find', { data: { alipayOrder: sale.order_no }, headers: { origin: new URL(maker.url()).origin } });
  expect(((await found.json()) as { data: Sale[] }).data[0]?.refundBalance).toBe((Number(sale.refundBalance) - 2).toFixed(2));
});

test('a waiting request is voided after a confirmation', async ({ browser }) => {
  const maker = await signedInPage(browser, 'maker@demo.test');
  const sale = await saleOfDay(maker, 4);
  const origin = new URL(maker.url()).origin;
  const created = await maker.request.post('/api/refunds', {
    headers: { origin },
    data: { merchantNo: sale.merchant_no, alipayOrder: sale.order_no, refundAmount: '3.00', reasonType: 'OTHER', reason: 'Void me', requestKey: `e2e-void-${Date.now()}` },
  });
  const { refundNo } = ((await created.json()) as { data: { refundNo: string } }).data;
  await maker.goto(`${REQUEST}?refundNo=${refundNo}`);
  await maker.locator('tbody tr.portal-row', { hasText: refundNo }).getByLabel('Select this row').check();
  await maker.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(maker.getByRole('dialog')).toContainText(`Request ${refundNo} for HKD 3.00 will be voided.`);
  await confirmDialog(maker.getByRole('dialog'), 'Void');
  await expect(maker.locator('tbody tr.portal-row', { hasText: refundNo })).toContainText('Voided');
  // Once voided it can no longer be selected.
  await expect(maker.locator('tbody tr.portal-row', { hasText: refundNo }).getByLabel('Select this row')).toHaveCount(0);
});

test('after a request the sale shows again with an empty form, and a second request of it is a request of its own', async ({ browser }) => {
  const maker = await signedInPage(browser, 'maker@demo.test');
  const sale = await saleOfDay(maker, 7);
  await maker.goto(REQUEST);
  await maker.locator('form#refund-find').getByLabel('Order no.', { exact: true }).fill(sale.order_no);
  await maker.getByRole('button', { name: 'Find', exact: true }).click();
  const numbers: string[] = [];
  for (const amount of ['1.10', '1.20']) {
    await expect(maker.getByLabel('Refund amount')).toHaveValue('');
    await maker.getByLabel('Refund amount').fill(amount);
    await maker.getByLabel('Reason type').click();
    await maker.getByTitle('Goods returned').click();
    await maker.getByLabel('Reason', { exact: true }).fill('Customer returned one item');
    await maker.getByRole('button', { name: 'Request refund' }).click();
    await expect(maker.getByRole('dialog')).toContainText(`Refund HKD ${amount} of the transaction ${sale.order_no}`);
    await maker.getByRole('dialog').getByRole('button', { name: 'Request refund' }).click();
    // The notice of this request: the first one's may still be on screen beside it.
    const submitted = async () => (await maker.getByText(/Refund request RF\w+ was submitted/).allInnerTexts()).map((text) => text.match(/RF\w+/)?.[0]);
    await expect.poll(async () => (await submitted()).find((refundNo) => refundNo && !numbers.includes(refundNo))).toBeDefined();
    numbers.push((await submitted()).find((refundNo) => refundNo && !numbers.includes(refundNo)) as string);
    await expect(maker.getByRole('dialog')).toBeHidden();
  }
  // Two requests, not one and a replay of it.
  expect(new Set(numbers).size).toBe(2);
  await expect(maker.getByText(/was already submitted/)).toHaveCount(0);
  for (const [i, refundNo] of numbers.entries()) {
    await maker.goto(`${REQUEST}?refundNo=${refundNo}`);
    await expect(maker.locator('tbody tr.portal-row')).toContainText(['1.10', '1.20'][i] as string);
  }
});

test("the review's two lists are tabs a keyboard opens, and links before the page's script", async ({ browser }) => {
  const checker = await signedInPage(browser, 'checker@demo.test');
  await checker.goto(REVIEW);
  const waiting = checker.getByRole('tab', { name: 'Waiting for approval' });
  const decided = checker.getByRole('tab', { name: 'Decided' });
  await expect(waiting).toHaveAttribute('aria-selected', 'true');
  // Tab reaches the shown tab only; the arrow moves to the other, Enter opens it.
  await expect(async () => {
    await waiting.focus();
    await checker.keyboard.press('ArrowRight');
    await expect(decided).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await checker.keyboard.press('Enter');
  await expect(checker).toHaveURL(/\/transaction\/reviewRefund\?view=decided$/);
  await expect(checker.getByRole('tab', { name: 'Decided' })).toHaveAttribute('aria-selected', 'true');
  await expect(checker.locator('table[data-list="refundDecided"]')).toBeVisible();
  await expectAxeClean(checker);

  // The server's HTML: the tabs are plain links.
  const noScript = await (await browser.newContext({ javaScriptEnabled: false, storageState: await checker.context().storageState() })).newPage();
  await noScript.goto(REVIEW);
  await noScript.getByRole('tab', { name: 'Decided' }).click();
  await expect(noScript).toHaveURL(/\?view=decided$/);
  await expect(noScript.getByRole('tab', { name: 'Decided' })).toHaveAttribute('aria-selected', 'true');
});
