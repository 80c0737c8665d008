import type { Page } from '@playwright/test';
import { clickUntilVisible, expect, openOptions, signedIn, test } from './fixtures';

test.use({ locale: 'en-GB' });

const rows = (page: Page) => page.locator('tbody tr.portal-row');

/** Opens a filter's select by its label and clicks the visible option with this text. */
async function choose(page: Page, label: string, option: string) {
  const options = await openOptions(page, page.getByLabel(label, { exact: true }));
  await options.filter({ hasText: option }).first().click();
}

test('merchant information: the customer card and counts, a merchant whose registration expires soon detailed with its bank account and contacts', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/merchant/merchants');
  await expect(page.getByRole('heading', { name: 'Merchant information' })).toBeVisible();
  const card = page.getByTestId('customer-card');
  await expect(card).toContainText('Golden Harbour Trading Limited');
  await expect(card).toContainText('C0001');
  await expect(page.getByTestId('summary-merchantIds').locator('.ant-statistic-content')).toHaveText('4');
  await expect(rows(page)).toHaveCount(4);
  await expect(rows(page).filter({ hasText: 'Expired' })).toHaveCount(1);

  // The seed's registrations within 30 days of expiry: the bakery's and the first merchant's (the upload page asks to renew it).
  await expect(rows(page).filter({ hasText: 'Expires within 30 days' })).toHaveCount(2);
  const soon = rows(page).filter({ hasText: 'Expires within 30 days' }).filter({ hasText: 'Golden Harbour Bakery' });
  await expect(soon).toHaveCount(1);
  const drawer = page.getByRole('dialog', { name: 'Merchant details' });
  await clickUntilVisible(soon, drawer);
  await expect(drawer).toContainText('Golden Harbour Bakery');
  await expect(drawer).toContainText('The Hongkong and Shanghai Banking Corporation Limited');
  await expect(drawer).toContainText(/•••• \d{4}/);
  // The full account number (004-nnnnnn-nnn) is nowhere on the page.
  await expect(page.locator('body')).not.toContainText(/\d{3}-\d{6}-\d{3}/);
  await expect(drawer.getByTestId('detail-contacts').getByRole('cell', { name: 'Golden Harbour Bakery Manager' })).toBeVisible();
});

test('merchant information as a partner: the partner card, every customer of the partnership, narrowed to one customer', async ({ page }) => {
  await signedIn(page, 'partner@demo.test');
  await page.goto('/merchant/merchants');
  await expect(page.getByRole('heading', { name: 'Merchant information' })).toBeVisible();
  const card = page.getByTestId('partner-card');
  await expect(card).toContainText('Harbour Payments Partners');
  await expect(card).toContainText('P0001');
  await expect(page.getByTestId('customer-card')).toHaveCount(0);
  await expect(rows(page).filter({ hasText: 'Lantau Pharmacy' })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Kowloon Bay' })).toHaveCount(0);

  await choose(page, 'Customer', 'Victoria Peak');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/customer=C0004/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Victoria Peak Cafe');
});

test('payment service: closed services found by status, each fee shown as a percentage, the account masked', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/merchant/payments');
  await expect(page.getByRole('heading', { name: 'Payment service' })).toBeVisible();
  await expect(page.getByTestId('summary-closed').locator('.ant-statistic-content')).toHaveText('2');

  await choose(page, 'Service status', 'Closed');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=N/);
  await expect(rows(page)).toHaveCount(2);
  for (const row of await rows(page).all()) {
    await expect(row).toContainText('American Express');
    await expect(row).toContainText('Closed');
    await expect(row).toContainText(/\d\.\d{2}%/);
  }
  const drawer = page.getByRole('dialog', { name: 'Payment service details' });
  await clickUntilVisible(rows(page).first(), drawer);
  await expect(drawer.locator('tr', { hasText: 'Overseas Visa fee' })).toContainText('2.95%');
  await expect(drawer.locator('tr', { hasText: 'Bank account' })).toContainText(/•••• \d{4}/);
  await expect(page.locator('body')).not.toContainText(/\d{3}-\d{6}-\d{3}/);
});

test('store information: stores by status, an applying store without terminals, a store detailed with its terminals', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/merchant/stores');
  await expect(page.getByRole('heading', { name: 'Store information' })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Inactive' })).toHaveCount(1);

  await choose(page, 'Store status', 'Applying');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=Applying/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('1 Canton Road, Tsim Sha Tsui, Hong Kong');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/status=/);
  const drawer = page.getByRole('dialog', { name: 'Store details' });
  await clickUntilVisible(rows(page).filter({ hasText: 'S000001' }), drawer);
  await expect(drawer.locator('tr', { hasText: 'Terminal numbers' })).toContainText(/T\d{8}, T\d{8}, T\d{8}/);
  await expect(drawer.locator('tr', { hasText: 'Store status' })).toContainText('Active');
});
