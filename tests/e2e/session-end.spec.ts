import type { Browser, Page } from '@playwright/test';
import { E2E_ENV } from '../../playwright.config';
import { chooseFromAccountMenu, expect, newUser, readyUser, settled, signIn, test, watchRequests } from './fixtures';

/**
 * Issue 28: a session ended elsewhere signs the user out wherever the portal notices it, and the
 * page, the user's name and data go with it (spec section 4: "logs out and goes to the login page").
 * Each test signs in as a total-assets user (role 8) of its own: revoking a seed user's tokens would
 * end other spec files' sessions, and auth.spec.ts resets the seed's assets user's password.
 */
const NAME = 'Test User';
const PASSWORD = 'Assets#2026';

/** Signs in on a context of its own, opens `path`, marks the window (a full load forgets it), then the services end the user's sessions. */
async function signedInThenRevoked(browser: Browser, account: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  watchRequests(page);
  await signIn(page, account, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(NAME);
  // The shell's own first calls (the notices' count) are made once the page is
  // idle: ended after them, the session is noticed first by the action each test makes.
  await settled(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const revoked = await page.request.post(`${E2E_ENV.UPSTREAM_URL}/dev/tokens/revoke`, { data: { account } });
  expect((await revoked.json()).revoked).toBeGreaterThan(0);
  return page;
}

/** At sign-in, told why, with nothing of the ended session left: a full page load, no name, no data. */
async function expectSignedOut(page: Page) {
  await expect(page).toHaveURL(/\/login\?notice=sessionEnded$/, { timeout: 20_000 });
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect(page.getByText(NAME)).toHaveCount(0);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument ?? false), 'a full load, not a client navigation').toBe(false);
  await page.context().close();
}

test('a session ended at the services sends the tab to sign-in on a gateway call from the page', async ({ browser, leakScan }) => {
  test.setTimeout(120_000);
  const page = await signedInThenRevoked(browser, await readyUser(browser, 8, PASSWORD, leakScan), '/notifications');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expectSignedOut(page);
});

test('a session ended at the services sends the tab to sign-in on a list search', async ({ browser, leakScan }) => {
  test.setTimeout(120_000);
  const page = await signedInThenRevoked(browser, await readyUser(browser, 8, PASSWORD, leakScan), '/notifications');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expectSignedOut(page);
});

test('a session ended at the services sends the tab to sign-in on navigation', async ({ browser, leakScan }) => {
  test.setTimeout(120_000);
  const page = await signedInThenRevoked(browser, await readyUser(browser, 8, PASSWORD, leakScan), '/dashboard/dashboard');
  await page.locator('a[data-menu-code="totalAssets"]').click();
  await expectSignedOut(page);
});

test('a session ended at the services sends the tab to sign-in when the tab is shown again', async ({ browser, leakScan }) => {
  test.setTimeout(120_000);
  const page = await signedInThenRevoked(browser, await readyUser(browser, 8, PASSWORD, leakScan), '/log/activityLog');
  // The browser tab comes back to the front (spec section 2's tab-visibility rule).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expectSignedOut(page);
});

test('a password changed in another browser ends the first browser’s session on navigation, a gateway call and tab focus', async ({ browser, leakScan }) => {
  test.setTimeout(120_000);
  // A user of its own: its password changes.
  const { account, password: temporary } = await newUser(browser, 8);
  const [current, next] = ['Assets#2026', 'Assets#2027'];
  for (const secret of [temporary, current, next]) leakScan.secret(secret);
  const first = await (await browser.newContext()).newPage();
  await signIn(first, account, temporary);
  await expect(first).toHaveURL(/\/FirstLoginUpdPwd$/, { timeout: 30_000 });
  await first.getByLabel('New password', { exact: true }).fill(current);
  await first.getByLabel('Confirm new password').fill(current);
  await first.getByRole('button', { name: 'Save and continue' }).click();
  await expect(first).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });

  const opened: Page[] = [first];
  for (let i = 0; i < 2; i++) {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, account, current);
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
    opened.push(page);
  }
  for (const page of opened) await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // Another browser: the same user changes the password there.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, account, current);
  await expect(other).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
  const dialog = other.getByRole('dialog', { name: 'Change password' });
  await chooseFromAccountMenu(other, 'Change password', dialog);
  await dialog.getByLabel('Current password').fill(current);
  await dialog.getByLabel('New password', { exact: true }).fill(next);
  await dialog.getByLabel('Confirm new password').fill(next);
  await dialog.getByRole('button', { name: 'Update password' }).click();
  await expect(other.getByText('Password updated.')).toBeVisible();

  const [byNavigation, byCall, byFocus] = opened as [Page, Page, Page];
  await byNavigation.locator('a[data-menu-code="totalAssets"]').click();
  // The profile dialog reads the profile through the gateway (spec section 4's profile fetch).
  await byCall.getByRole('button', { name: 'Account menu' }).click();
  await byCall.getByRole('menuitem', { name: 'Profile' }).click();
  await byFocus.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  for (const page of opened) {
    await expect(page).toHaveURL(/\/login\?notice=sessionEnded$/, { timeout: 20_000 });
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument ?? false)).toBe(false);
  }
  // The browser that changed it goes on.
  await other.locator('a[data-menu-code="totalAssets"]').click();
  await expect(other).toHaveURL(/\/merchant\/totalAssets$/);
});
