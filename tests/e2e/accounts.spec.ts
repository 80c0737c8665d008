import type { Locator, Page } from '@playwright/test';
import { clickUntilVisible, confirmDialog, expect, latestMail, openOptions, signIn, test } from './fixtures';

test.use({ locale: 'en-GB' });

test('admin creates a role 4 account; the user signs in with the mailed password, changes it, works; admin sees it in the log and deactivates it', async ({ page, browser, leakScan }) => {
  const account = `till.${Date.now().toString(36)}`;
  const email = `${account}@demo.test`;
  const newPassword = 'Cashier#E2e2027';
  leakScan.secret(newPassword);

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await page.goto('/accountMng/accountStatus');
  await expect(page.getByRole('heading', { name: 'Account status' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await clickUntilVisible(page.getByRole('button', { name: 'New account' }), dialog);
  await dialog.getByLabel('Account ID').fill(account);
  await dialog.getByLabel('Contact name').fill('Ng Wai Man');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Contact number').fill('85290001234');
  await dialog.getByLabel('Job title').fill('Cashier');
  await dialog.getByLabel('Department').fill('Shop floor');
  await dialog.getByRole('radio', { name: /Maker · Can apply/ }).check();
  await expect(dialog.getByRole('radio', { name: /Administrator/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Account created. The temporary password was sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('cell', { name: account, exact: true })).toBeVisible();

  // The new user, in a browser of its own.
  const temporary = /temporary password: (\S+)/.exec(await latestMail(page.request, email))?.[1] as string;
  expect(temporary).toBeTruthy();
  const userContext = await browser.newContext({ locale: 'en-GB' });
  const user = await userContext.newPage();
  await signIn(user, account, temporary);
  await expect(user).toHaveURL(/\/FirstLoginUpdPwd$/);
  await user.getByLabel('New password', { exact: true }).fill(newPassword);
  await user.getByLabel('Confirm new password').fill(newPassword);
  await user.getByRole('button', { name: 'Save and continue' }).click();
  await expect(user).toHaveURL(/\/dashboard\/dashboard$/);
  await user.goto('/transaction/transactions');
  await expect(user.getByRole('heading', { name: 'Real-time transaction' })).toBeVisible();

  // The administrator sees the user's entries, by name, in the activity log.
  await page.goto(`/log/activityLog?user=${account}`);
  await expect(page.getByRole('heading', { name: 'Activity log' })).toBeVisible();
  for (const action of ['Signed in', 'Login password changed']) {
    await expect(page.getByRole('row').filter({ hasText: account }).filter({ hasText: action }).first()).toBeVisible();
  }

  // Deactivation, confirmed, ends the user's open session at its next request.
  await page.goto(`/accountMng/accountStatus?userName=${account}`);
  const deactivate = page.getByRole('button', { name: 'Deactivate' });
  await clickUntilVisible(page.getByRole('cell', { name: account, exact: true }), deactivate);
  await deactivate.click();
  await confirmDialog(page.locator('.ant-modal-confirm'), 'Deactivate');
  await expect(page.getByText('Account deactivated; its sessions have ended.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: account }).getByText('Inactive')).toBeVisible();
  await user.goto('/transaction/transactions');
  await expect(user).toHaveURL(/\/login/);
  await userContext.close();
});

/** Types into the new account's merchant choice and takes the one option left with Enter. */
async function chooseMerchant(page: Page, dialog: Locator, typed: string) {
  const select = dialog.getByLabel('Associated merchant');
  await select.fill(typed);
  const options = page.locator('.ant-select-dropdown:has([id="newAccount_merchantNo_list"]) .ant-select-item-option');
  await expect(options).toHaveText(['Golden Harbour Online Store (852000100000004)']);
  await select.press('Enter');
  await expect(dialog.getByTitle('Golden Harbour Online Store (852000100000004)', { exact: true })).toBeVisible();
}

test('admin adds a merchant sub account, choosing its merchant by name from the merchants it has', async ({ page }) => {
  const account = `shop.${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await page.goto('/accountMng/accountStatus');
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await clickUntilVisible(page.getByRole('button', { name: 'New account' }), dialog);
  await dialog.getByRole('radio', { name: 'Merchant sub account' }).check();
  const merchants = await openOptions(page, dialog.getByLabel('Associated merchant'));
  await expect(merchants).toHaveText(['Golden Harbour Seafood Restaurant (852000100000001)', 'Golden Harbour Bakery (852000100000002)', 'Golden Harbour Tea House (852000100000003)', 'Golden Harbour Online Store (852000100000004)']);
  // Typed and chosen with the keyboard: the list narrows to the merchant whose name or number matches.
  await chooseMerchant(page, dialog, 'Online Store');
  await dialog.getByLabel('Account ID').fill(account);
  await dialog.getByLabel('Contact name').fill('Lee Siu Ming');
  await dialog.getByLabel('Email').fill(`${account}@demo.test`);
  await dialog.getByLabel('Contact number').fill('85290004321');
  await dialog.getByLabel('Job title').fill('Shop manager');
  await dialog.getByLabel('Department').fill('Online');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Account created. The temporary password was sent to ${account}@demo.test.`)).toBeVisible();
  await expect(page.getByRole('cell', { name: account, exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Its merchant is shown in the list, in its details and in its edit form (issue 28), by name and number.
  const merchant = 'Golden Harbour Online Store (852000100000004)';
  await expect(page.getByRole('row').filter({ hasText: account }).getByRole('cell', { name: merchant, exact: true })).toBeVisible();
  const details = page.getByRole('dialog', { name: 'Account status' });
  await clickUntilVisible(page.getByRole('cell', { name: account, exact: true }), details);
  await expect(details.locator('tr', { hasText: 'Associated merchant' })).toContainText(merchant);
  const edit = page.getByRole('dialog', { name: `Edit account ${account}` });
  await clickUntilVisible(details.getByRole('button', { name: 'Edit' }), edit);
  await expect(edit.getByLabel('Associated merchant')).toHaveValue(merchant);
  await expect(edit.getByLabel('Associated merchant')).toHaveAttribute('readonly', '');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // One account per merchant (spec section 3): a second one for the same merchant is refused.
  await clickUntilVisible(page.getByRole('button', { name: 'New account' }), dialog);
  await dialog.getByRole('radio', { name: 'Merchant sub account' }).check();
  await chooseMerchant(page, dialog, '852000100000004');
  await dialog.getByLabel('Account ID').fill(`${account}.2`);
  await dialog.getByLabel('Contact name').fill('Lee Siu Ming');
  await dialog.getByLabel('Email').fill(`${account}.2@demo.test`);
  await dialog.getByLabel('Contact number').fill('85290004321');
  await dialog.getByLabel('Job title').fill('Shop manager');
  await dialog.getByLabel('Department').fill('Online');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This merchant already has an account.')).toBeVisible();
});
