import type { Page } from '@playwright/test';
import { E2E_ENV } from '../../playwright.config';
import { chooseFromMenu, clickUntilVisible, confirmDialog, expect, newUser, openOptions, signIn, test } from './fixtures';

test.use({ locale: 'en-GB' });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(500, 3)]);

/** The bell's unread count, from its accessible name ("Notifications, 7 unread"), once it has been read. */
async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByTestId('notice-bell');
  await expect(bell).toHaveAttribute('aria-label', /unread/);
  return Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
}

test('an important notice stands before the pages, in their HTML, until answered in the sign-in, and never again once acknowledged; reading a notice lowers the count in the top bar', async ({ page, browser, leakScan }) => {
  const { account, password } = await newUser(browser, 4);
  const newPassword = 'Notices#E2e2027';
  leakScan.secret(password);
  leakScan.secret(newPassword);
  const title = `Terms update ${account}`;
  await page.request.post(`${E2E_ENV.UPSTREAM_URL}/dev/notices/publish`, {
    data: { customer_no: 'C0001', account, kind: 'NOTICE', important: true, title: { en: title, zhTW: '條款更新', zhCN: '条款更新' }, body: { en: 'Please read the new terms.', zhTW: '請閱讀新條款。', zhCN: '请阅读新条款。' } },
  });

  await signIn(page, account, password);
  await expect(page).toHaveURL(/\/FirstLoginUpdPwd$/);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('Please read the new terms.');
  const kept = page.waitForResponse((response) => response.url().endsWith('/api/notices/important'));
  await dialog.getByRole('button', { name: 'Remind me later' }).click();
  await expect(dialog).toBeHidden();
  expect((await kept).ok()).toBe(true);

  // Answered for this sign-in: another page of it, loaded whole, does not open it again.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const before = await unreadCount(page);
  await expect(dialog).toHaveCount(0);

  // Unread first; opening a notice reads it, and the top bar's count falls by one.
  const row = page.getByRole('row').filter({ hasText: 'Scheduled maintenance' });
  await expect(row.getByText('Unread')).toBeVisible();
  const drawer = page.getByRole('dialog', { name: 'Notice' });
  await clickUntilVisible(row.getByText('Scheduled maintenance'), drawer);
  await expect(drawer).toContainText('The portal will be unavailable from 02:00 to 04:00 this Sunday.');
  await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', `Notifications, ${before - 1} unread`);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('Read', { exact: true })).toBeVisible();

  // A new sign-in opens it again, in the server's first answer: with JavaScript off it is in the
  // page's HTML, and its form's "later" brings the page back without it.
  const bare = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  try {
    await bare.request.get('/api/auth/captcha');
    const signedIn = await bare.request.post('/api/auth/login', { headers: { origin: new URL(page.url()).origin }, data: { username: account, password: newPassword, captcha: E2E_ENV.CAPTCHA_TEST_CODE } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const plain = await bare.newPage();
    await plain.goto('/transaction/transactions');
    const plainDialog = plain.getByRole('dialog', { name: title });
    await expect(plainDialog).toContainText('Please read the new terms.');
    await plainDialog.getByRole('button', { name: 'Remind me later' }).click();
    await expect(plain).toHaveURL(/\/transaction\/transactions$/);
    await expect(plain.getByRole('heading', { name: 'Real-time transaction', level: 1 })).toBeVisible();
    await expect(plainDialog).toHaveCount(0);
  } finally {
    await bare.close();
  }

  // Acknowledged in another sign-in, no sign-in opens it any more.
  for (const acknowledge of [true, false]) {
    const context = await browser.newContext({ locale: 'en-GB' });
    const other = await context.newPage();
    await signIn(other, account, newPassword);
    await expect(other).toHaveURL(/\/dashboard\/dashboard$/);
    await expect(other.getByRole('button', { name: 'Account menu' })).toBeVisible();
    const otherDialog = other.getByRole('dialog', { name: title });
    if (acknowledge) {
      // Once the page runs, the keyboard starts in it and Tab stays in it.
      await expect(otherDialog).toBeFocused();
      for (let i = 0; i < 3; i++) await other.keyboard.press('Tab');
      await expect(otherDialog.getByRole('button', { name: 'Remind me later' })).toBeFocused();
      await otherDialog.getByRole('button', { name: 'Acknowledge' }).click();
      await expect(otherDialog).toBeHidden();
    } else {
      await expect(otherDialog).toHaveCount(0);
    }
    await context.close();
  }
});

test('a customer uploads a document, is refused a renamed executable, finds it listed as received, downloads and removes it', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await page.goto('/uploadDocuments');
  await expect(page.getByRole('heading', { name: 'Upload documents' })).toBeVisible();
  await expect(page.getByText('PDF, JPEG or PNG, at most 5 MB per file.', { exact: false })).toBeVisible();
  // The seed's registrations: the first merchant's expires within the month, another's has expired.
  await expect(page.getByText(/The business registration of Golden Harbour Seafood Restaurant \(852000100000001\) expires on \d{4}-\d{2}-\d{2}, in \d+ days/)).toBeVisible();
  await expect(page.getByText(/The business registration of .+ expired on \d{4}-\d{2}-\d{2}\./)).toBeVisible();
  const form = page.locator('form#documentUpload');

  // The upload form's field, not the list filter of the same name.
  // The choice is proven by the select showing it: a click on a list still moving can land nowhere.
  const typeSelect = form.getByLabel('Document type');
  const types = await openOptions(page, typeSelect);
  await chooseFromMenu(() => openOptions(page, typeSelect).then(() => undefined), types.and(page.getByTitle('Store photos', { exact: true })), form.getByTitle('Store photos', { exact: true }));
  const fileName = `shop-${Date.now().toString(36)}.png`;
  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: EXE });
  await expect(page.getByText('This file is not a PDF, JPEG or PNG document, whatever its name says.')).toBeVisible();
  await input.setInputFiles({ name: fileName, mimeType: 'image/png', buffer: PNG });
  // Gone from the page, not just hidden: the message folds away with a motion that moves the button.
  await expect(page.getByText('This file is not a PDF, JPEG or PNG document, whatever its name says.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`${fileName} was uploaded. The provider will review it.`)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText('Received')).toBeVisible();
  await expect(row.getByText('Store photos')).toBeVisible();
  const drawer = page.getByRole('dialog', { name: 'Document' });
  await clickUntilVisible(row.getByText(fileName), drawer);
  const download = page.waitForEvent('download');
  await drawer.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(fileName);

  await drawer.getByRole('button', { name: 'Remove' }).click();
  await confirmDialog(page.locator('.ant-modal-confirm'), 'Remove');
  await expect(page.getByText('The document was removed.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: fileName })).toHaveCount(0);

  // "Upload the renewal" fills the form with that merchant, offered by its name and number.
  const renewal = page.getByRole('alert').filter({ hasText: '(852000100000001)' }).getByRole('button', { name: 'Upload the renewal' });
  await clickUntilVisible(renewal, form.getByText('Golden Harbour Seafood Restaurant (852000100000001)', { exact: true }));
  await expect(form.getByText('Business registration', { exact: true }).filter({ visible: true })).toBeVisible();
});
