import type { Page } from '@playwright/test';
import { clickUntilVisible, expect, latestMail, openOptions, showColumns, signedIn, test } from './fixtures';

test.use({ locale: 'en-GB' });

const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
const rows = (page: Page) => page.locator('tbody tr.portal-row');

/** Opens a select of the application form and picks one of its options by its text. */
async function choose(page: Page, label: string, option: string) {
  const options = await openOptions(page, page.getByTestId('apply-form').getByLabel(label, { exact: true }));
  await options.and(page.getByTitle(option, { exact: true })).click();
}

/** One figure card's amount, in cents. */
async function figure(page: Page, id: string) {
  return cents(await page.getByTestId(`asset-${id}`).locator('.ant-statistic-content').innerText());
}

test('total assets as role 8: the figures explained, the pie as a table with the same amounts, the history filtered', async ({ page }) => {
  await signedIn(page, 'assets@demo.test');
  await page.goto('/merchant/totalAssets');
  await expect(page.getByRole('heading', { level: 1, name: 'Total assets' })).toBeVisible();
  await expect(page.getByTestId('asset-margin')).toContainText('Collateral you keep with us against chargebacks and other risks.');
  await expect(page.getByTestId('asset-unsettledAmount')).toContainText(/Unsettled amount\s*HKD\s*-?[\d,]+\.\d{2}/);
  // The trade balance is what is pending plus what is not settled yet.
  expect(await figure(page, 'tradeBalance')).toBe((await figure(page, 'pendingFundSettlementAmount')) + (await figure(page, 'unsettledAmount')));

  // The pie's table view names each asset type and gives the amount its card shows.
  const pie = page.getByTestId('chart-assets');
  await clickUntilVisible(pie.getByText('Table', { exact: true }), pie.locator('tbody tr').first());
  const table = await pie.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.children[0]?.textContent ?? '', tr.children[1]?.textContent ?? '']));
  expect(table.map(([name]) => name)).toEqual(['Margin', 'Deposit', 'Refund pool', 'Trade balance', 'Unavailable balance']);
  const ids = ['margin', 'deposit', 'refundPool', 'tradeBalance', 'unavailableBalance'];
  for (const [index, [, amount]] of table.entries()) expect(cents(amount as string)).toBe(await figure(page, ids[index] as string));

  // The history, by a bookmarked filter: refund-pool decreases only, with their sums.
  await page.goto('/merchant/totalAssets?assetType=REFUND_POOL&direction=DECREASE&size=20');
  await expect(page.getByRole('heading', { level: 2, name: 'Movement history' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  const shown = await rows(page).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent?.trim() ?? '')));
  expect(shown.length).toBeGreaterThan(5);
  for (const row of shown) expect(row).toEqual(expect.arrayContaining(['Refund pool', 'Refunds paid', 'Decrease']));
  // A decrease carries its minus sign, in the rows and in the decreases' sum.
  for (const row of shown) expect(row[row.length - 1]).toMatch(/^-[\d,]+\.\d{2}$/);
  const total = shown.reduce((sum, row) => sum + cents(row[row.length - 1] as string), 0);
  await expect(page.getByTestId('summary-increases')).toContainText('0.00');
  expect(cents(await page.getByTestId('summary-decreases').locator('.ant-statistic-content').innerText())).toBe(total);
  expect(cents(await page.getByTestId('summary-net').locator('.ant-statistic-content').innerText())).toBe(total);

  // A movement's details, every code by its name.
  const drawer = page.getByRole('dialog', { name: 'Movement' });
  await clickUntilVisible(rows(page).first(), drawer);
  await expect(drawer).toContainText('Refunds paid');
  await expect(drawer).toContainText('Increase or decrease');
});

test('on a phone the history pins its amount only while the other columns keep most of the width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, 'assets@demo.test');
  await page.goto('/merchant/totalAssets');
  // The amount, the last column, pinned at the right edge: alone, it leaves the others more than half a phone's table.
  const amount = rows(page).first().locator('td').last();
  await expect(amount).toHaveText(/^-?[\d,]+\.\d{2}$/);
  await expect(amount).toHaveCSS('position', 'sticky');
  const [cell, frame] = await Promise.all([amount.boundingBox(), page.locator('table[data-list="assetHistory"]').locator('xpath=..').boundingBox()]);
  expect((cell?.width ?? Infinity) * 2).toBeLessThanOrEqual(frame?.width ?? 0);
  // With every column shown the table is wider still, and the amount stays pinned in view.
  await showColumns(page, 'all');
  await expect(amount).toHaveCSS('position', 'sticky');
  await amount.scrollIntoViewIfNeeded();
  await expect(amount).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(amount).toHaveCSS('position', 'sticky');
});

test('the main account applies for a payment service, sees it listed as submitted, and a second one is refused while it is open', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/merchant/applyService');
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for payment service' })).toBeVisible();
  const form = page.getByTestId('apply-form');

  // The form says what is missing before anything is sent.
  await clickUntilVisible(form.getByRole('button', { name: 'Submit application' }), form.getByText('Choose a payment service.'));
  await expect(form.getByText('Choose the merchant.')).toBeVisible();
  // Every field an application needs is marked as needed: all but the remark.
  await expect(form.locator('label.ant-form-item-required')).toHaveCount(6);

  await choose(page, 'Merchant', 'Golden Harbour Bakery (852000100000002)');
  const services = await openOptions(page, form.getByLabel('Payment service', { exact: true }));
  // A service the merchant has is shown but cannot be chosen.
  await expect(services.and(page.getByTitle('Visa (already enabled)'))).toHaveClass(/ant-select-item-option-disabled/);
  await services.and(page.getByTitle('American Express', { exact: true })).click();
  await form.getByLabel('Contact number').fill('85291234567');
  await form.getByLabel('Expected monthly volume (HKD)').fill('0');
  await form.getByRole('button', { name: 'Submit application' }).click();
  const amountError = form.getByText('Enter an amount greater than 0 with at most 2 decimals.');
  await expect(amountError).toBeVisible();
  await form.getByLabel('Expected monthly volume (HKD)').fill('120000');
  // The message folds away with a motion that moves the button: a click during it can miss.
  await expect(amountError).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit application' }).click();
  const notice = page.getByText(/Application AP\d+ submitted\./);
  await expect(notice).toBeVisible();
  const applicationNo = (await notice.innerText()).match(/AP\d+/)?.[0] as string;

  // Listed as submitted, and the main account was told.
  const row = rows(page).filter({ hasText: applicationNo });
  await expect(row).toContainText('American Express');
  await expect(row).toContainText('Submitted');
  expect(await latestMail(page.request, 'admin@demo.test')).toContain(applicationNo);

  // The same again while it is open: refused with the open application's number.
  await choose(page, 'Merchant', 'Golden Harbour Bakery (852000100000002)');
  await choose(page, 'Payment service', 'American Express');
  await expect(form.getByText('An application for this service is already being reviewed.')).toBeVisible();
  await form.getByLabel('Contact number').fill('85291234567');
  await form.getByLabel('Expected monthly volume (HKD)').fill('120000');
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByTestId('apply-error')).toHaveText(`An application for this service and merchant is still open (${applicationNo}). Wait for its review before applying again.`);
  await expect(rows(page).filter({ hasText: 'Golden Harbour Bakery' })).toHaveCount(1);
});
