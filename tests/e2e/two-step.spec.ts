import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { currentCode } from '../../upstream/rules/factor-secrets';
import { DEMO_FACTOR_ACCOUNT, DEMO_FACTOR_SECRET, DEMO_RECOVERY_CODES } from '../../upstream/seed/reference-data';
import { chooseFromAccountMenu, expect, newUser, signIn, test } from './fixtures';

const SHOTS = process.env.SCREENSHOTS_DIR;

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(serious).toEqual([]);
}

const secondStepHeading = (page: Page) => page.getByRole('heading', { name: 'Two-step verification' });

/** Waits for the password's second step, then types a code. */
async function answerSecondStep(page: Page, code: string, label = 'Authenticator code') {
  await expect(secondStepHeading(page)).toBeVisible();
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('the enrolled demo user signs in with a code, is refused a wrong one, signs in with a recovery code, and approves a refund with the second factor', async ({ page, leakScan }) => {
  for (const recovery of DEMO_RECOVERY_CODES) leakScan.secret(recovery.replace('-', ''));
  leakScan.secret(DEMO_FACTOR_SECRET);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_FACTOR_ACCOUNT);
  await expect(secondStepHeading(page)).toBeVisible();
  // Nothing of the portal opens before the second step passes.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('portal_session');
  await axeClean(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/second-step-390.png`, fullPage: true });

  await answerSecondStep(page, currentCode(DEMO_FACTOR_SECRET, Date.now() + 5 * 60_000));
  await expect(page.getByRole('alert').filter({ hasText: 'The code is not right. 4 attempts left' })).toBeVisible();
  await page.getByLabel('Authenticator code', { exact: true }).fill('12 34');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6 digits the app shows.')).toBeVisible();
  await answerSecondStep(page, currentCode(DEMO_FACTOR_SECRET));
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });

  // Step-up: the review asks the second factor, not the password (a recovery code here: this step's code is used).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/transaction/reviewRefund');
  await page.locator('tbody tr.portal-row').first().getByLabel('Select this row').check();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Authenticator code')).toBeVisible();
  await expect(dialog.getByLabel('Management password')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await dialog.getByLabel('Recovery code').fill(DEMO_RECOVERY_CODES[9] as string);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/step-up-1440.png` });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('review-outcome')).toContainText('Done');

  await chooseFromAccountMenu(page, 'Sign out', page.getByRole('heading', { name: 'Sign in' }));
  await signIn(page, DEMO_FACTOR_ACCOUNT);
  await expect(secondStepHeading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await answerSecondStep(page, (DEMO_RECOVERY_CODES[8] as string).toUpperCase(), 'Recovery code');
  await expect(page.getByRole('status')).toContainText(/You signed in with a recovery code\. \d+ recovery codes are left\./);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
});

test('a new user sets up an authenticator app by typing its key, keeps the recovery codes, and signs in with a code', async ({ browser, page, leakScan }) => {
  const { account, password } = await newUser(browser, 4);
  leakScan.secret(password);
  await signIn(page, account, password);
  await expect(page).toHaveURL(/\/FirstLoginUpdPwd$/);
  await page.getByLabel('New password', { exact: true }).fill('Enrol#2027x');
  await page.getByLabel('Confirm new password').fill('Enrol#2027x');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).not.toHaveURL(/FirstLoginUpdPwd/, { timeout: 30_000 });

  await chooseFromAccountMenu(page, 'Two-step verification', page.getByTestId('two-step-panel'));
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const typed = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(typed).toMatch(/^[A-Z2-7]{32}$/);
  leakScan.secret(typed);
  await axeClean(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/enrol-1440.png` });
  await page.getByLabel('Enter the 6-digit code the app shows').fill(currentCode(typed));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes.locator('li')).toHaveCount(10);
  await expect(codes).toContainText('These codes are shown only now');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/recovery-1440.png` });
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await chooseFromAccountMenu(page, 'Sign out', page.getByRole('heading', { name: 'Sign in' }));
  await signIn(page, account, 'Enrol#2027x');
  // The next step's code: the one confirmed at set-up is used (replay refused), and one step of drift is allowed.
  await answerSecondStep(page, currentCode(typed, Date.now() + 30_000));
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
});

test('a passkey is registered with the virtual authenticator on localhost and signs in alone', async ({ browser }) => {
  const { account, password } = await newUser(browser, 5);
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true } });
  await signIn(page, account, password);
  await page.getByLabel('New password', { exact: true }).fill('Passkey#2027x');
  await page.getByLabel('Confirm new password').fill('Passkey#2027x');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).not.toHaveURL(/FirstLoginUpdPwd/, { timeout: 30_000 });

  await chooseFromAccountMenu(page, 'Two-step verification', page.getByTestId('two-step-panel'));
  await page.getByLabel('Passkey name').last().fill('Office laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByTestId('passkey-list')).toContainText('Office laptop');
  await expect(page.getByTestId('passkey-list')).toContainText('Not used yet');
  await page.keyboard.press('Escape');

  await chooseFromAccountMenu(page, 'Sign out', page.getByRole('heading', { name: 'Sign in' }));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await chooseFromAccountMenu(page, 'Two-step verification', page.getByTestId('two-step-panel'));
  await expect(page.getByTestId('passkey-list')).toContainText('Last used');
  await context.close();
});

test('the second step speaks the browser language', async ({ browser }) => {
  for (const [locale, heading] of [['zh-HK', '兩步驗證'], ['zh-CN', '两步验证']] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/login');
    const labels = locale === 'zh-HK' ? { account: '電郵或帳戶名稱', password: '密碼', captcha: '驗證碼', submit: '登入' } : { account: '邮箱或账户名称', password: '密码', captcha: '验证码', submit: '登录' };
    await signIn(page, DEMO_FACTOR_ACCOUNT, undefined, labels);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await axeClean(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/second-step-${locale}.png`, fullPage: true });
    await context.close();
  }
});
