import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { clickUntilVisible, confirmDialog, expect, signedIn, test } from './fixtures';

test.use({ locale: 'en-GB' });

/** Opens a form's select by its label and clicks the first option of its own dropdown (the previous one may still be closing). */
async function chooseFirst(page: Page, label: string, field: string) {
  const option = page.locator('.ant-select-dropdown', { has: page.locator(`#payment-request_${field}_list`) }).locator('.ant-select-item-option').first();
  // Until the form has hydrated, a click opens nothing.
  await clickUntilVisible(page.getByTestId('collect-form').getByLabel(label, { exact: true }), option);
  await option.click();
}

test('a payment request is paid on the payment page with the test card: the sale is in real-time transactions and the request is paid', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/collect/createTransaction');
  await expect(page.getByRole('heading', { level: 1, name: 'Create transaction' })).toBeVisible();
  const form = page.getByTestId('collect-form');
  await chooseFirst(page, 'Merchant', 'merchantNo');
  await chooseFirst(page, 'Store', 'storeCode');
  await form.getByLabel('Amount (HKD)').fill('3210.09');
  await form.getByLabel('Description').fill('E2E table 7');
  await form.getByRole('button', { name: 'Create pay link' }).click();

  const created = page.getByTestId('collect-created');
  await expect(created).toContainText('HKD 3,210.09');
  const requestNo = /PR\d{16}/.exec((await created.textContent()) ?? '')?.[0] as string;
  expect(requestNo).toBeTruthy();
  const payLink = (await created.getByTestId('collect-pay-link').getAttribute('href')) as string;
  const requests = page.locator('tbody tr.portal-row', { hasText: requestNo });
  await expect(requests).toContainText('Open');

  // The payer's side: the services' demo payment page.
  await page.goto(payLink);
  await expect(page.getByTestId('pay-amount')).toHaveText('HKD 3,210.09');
  await expect(page.getByText('E2E table 7')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay HKD 3,210.09' }).click();
  const paid = page.getByRole('status');
  await expect(paid).toContainText('Paid. Reference number (RRN):');
  const rrn = /(\d{12})/.exec((await paid.textContent()) ?? '')?.[1] as string;

  await page.goto(`/transaction/transactions?rrn=${rrn}`);
  const sale = page.locator('tbody tr.portal-row');
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText('3,210.09');
  await expect(sale).toContainText('Card sale');

  await page.goto(`/collect/createTransaction?requestNo=${requestNo}`);
  await expect(requests).toContainText('Paid');
  // Paid: its drawer offers no cancel any more.
  const drawer = page.getByRole('dialog', { name: 'Payment request' });
  await clickUntilVisible(requests.getByText(requestNo), drawer);
  await expect(drawer).toContainText(rrn);
  await expect(drawer.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
});

test('an open payment request is cancelled from its drawer after a confirmation, and its pay link then takes no payment', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/collect/createTransaction');
  const form = page.getByTestId('collect-form');
  await chooseFirst(page, 'Merchant', 'merchantNo');
  await chooseFirst(page, 'Store', 'storeCode');
  await form.getByLabel('Amount (HKD)').fill('45.60');
  await form.getByRole('button', { name: 'Create pay link' }).click();
  const created = page.getByTestId('collect-created');
  await expect(created).toContainText('HKD 45.60');
  const requestNo = /PR\d{16}/.exec((await created.textContent()) ?? '')?.[0] as string;
  const payLink = (await created.getByTestId('collect-pay-link').getAttribute('href')) as string;

  const request = page.locator('tbody tr.portal-row', { hasText: requestNo });
  const drawer = page.getByRole('dialog', { name: 'Payment request', exact: true });
  await clickUntilVisible(request.getByText(requestNo), drawer);
  await drawer.getByRole('button', { name: 'Cancel request' }).click();
  await confirmDialog(page.getByRole('dialog', { name: new RegExp(requestNo) }), 'Cancel request');
  await expect(drawer).toBeHidden();
  await expect(request).toContainText('Cancelled');
  // The form above no longer offers the cancelled link; it says it was cancelled.
  await expect(created).toHaveCount(0);
  await expect(page.getByTestId('collect-cancelled')).toHaveText(`Payment request ${requestNo} was cancelled: its pay link no longer accepts a payment.`);

  await page.goto(payLink);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay HKD/ })).toHaveCount(0);
});

test('the merchant code page shows each store\u2019s QR code and downloads it as a PNG', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/collect/merchantCode');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant code' })).toBeVisible();
  const first = page.getByTestId('store-code').first();
  await expect(first.getByRole('img', { name: /^Payment QR code of / }).locator('svg')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('link', { name: /PNG/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^qr_S\d+\.png$/);
  const bytes = await readFile((await download.path()) as string);
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
});
