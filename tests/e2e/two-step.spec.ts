import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { currentCode } from '../../upstream/rules/factor-secrets';
import { DEMO_FACTOR_ACCOUNT, DEMO_FACTOR_SECRET, DEMO_RECOVERY_CODES } from '../../upstream/seed/reference-data';
import { chooseFromAccountMenu, chooseFromMenu, expect, expectAxeClean, newUser, signIn, test, watchProblems } from './fixtures';

/**
 * The second factor end to end (issue 26): the second step with a code, a recovery code and a wrong
 * code; step-up on a refund approval; enrolment by the typed key and new recovery codes; a passkey
 * with Chromium's virtual authenticator on localhost, a replayed and a foreign assertion refused;
 * the three languages at 390 and 1440 px, axe clean.
 */

const secondStepHeading = (page: Page, name = 'Two-step verification') => page.getByRole('heading', { name });

/** Waits for the password's second step, then types a code. */
async function answerSecondStep(page: Page, code: string, label = 'Authenticator code') {
  await expect(secondStepHeading(page)).toBeVisible();
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The second step's refusal: Next's route announcer is an alert too, so the one with this text. */
const refusal = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('the enrolled demo user signs in with a code, is refused a wrong one, signs in with a recovery code, and approves a refund with the second factor', async ({ page, leakScan }) => {
  for (const recovery of DEMO_RECOVERY_CODES) leakScan.secret(recovery.replace('-', ''));
  leakScan.secret(DEMO_FACTOR_SECRET);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_FACTOR_ACCOUNT);
  await expect(secondStepHeading(page)).toBeVisible();
  // Nothing of the portal opens before the second step passes.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('portal_session');
  await expectAxeClean(page);

  await answerSecondStep(page, currentCode(DEMO_FACTOR_SECRET, Date.now() + 5 * 60_000));
  await expect(refusal(page, 'The code is not right. 4 attempts left')).toBeVisible();
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
  await expectAxeClean(page, '.ant-modal');
  await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await dialog.getByLabel('Recovery code').fill(DEMO_RECOVERY_CODES[9] as string);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('review-outcome')).toContainText('Approved');

  await chooseFromAccountMenu(page, 'Sign out', page.getByRole('heading', { name: 'Sign in' }));
  await signIn(page, DEMO_FACTOR_ACCOUNT);
  await expect(secondStepHeading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  // The code the review used is spent.
  await answerSecondStep(page, DEMO_RECOVERY_CODES[9] as string, 'Recovery code');
  await expect(refusal(page, 'The code is not right.')).toBeVisible();
  await answerSecondStep(page, (DEMO_RECOVERY_CODES[8] as string).toUpperCase(), 'Recovery code');
  await expect(page.getByRole('status')).toContainText('You signed in with a recovery code. 8 recovery codes are left.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
});

test('a new user sets up an authenticator app by typing its key, keeps the recovery codes, renews them, and signs in with a code', async ({ browser, page, leakScan }) => {
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
  await expectAxeClean(page);
  await page.getByLabel('Enter the 6-digit code the app shows').fill(currentCode(typed));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes.locator('li')).toHaveCount(10);
  await expect(codes).toContainText('These codes are shown only now');
  const first = (await codes.locator('li').allInnerTexts()).map((code) => code.trim());
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByText('10 recovery codes left')).toBeVisible();

  // New codes on the second factor (an old recovery code here): the ten before stop working.
  await page.getByRole('button', { name: 'Generate new recovery codes' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with two-step verification' });
  await stepUp.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await stepUp.getByLabel('Recovery code').fill(first[0] as string);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(codes.locator('li')).toHaveCount(10);
  const renewed = (await codes.locator('li').allInnerTexts()).map((code) => code.trim());
  expect(renewed.filter((code) => first.includes(code))).toEqual([]);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await page.keyboard.press('Escape');

  await chooseFromAccountMenu(page, 'Sign out', page.getByRole('heading', { name: 'Sign in' }));
  await signIn(page, account, 'Enrol#2027x');
  await expect(secondStepHeading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await answerSecondStep(page, first[1] as string, 'Recovery code');
  await expect(refusal(page, 'The code is not right.')).toBeVisible();
  await page.getByRole('button', { name: 'Use the authenticator app instead' }).click();
  // The next step's code: the one confirmed at set-up is used (replay refused), and one step of drift is allowed.
  await answerSecondStep(page, currentCode(typed, Date.now() + 30_000));
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
});

test('a passkey is registered with the virtual authenticator on localhost and signs in alone; a replayed or foreign assertion changes nothing', async ({ browser }) => {
  const { account, password } = await newUser(browser, 5);
  // localhost: the relying party the portal names when its address is an IP (browsers refuse IPs).
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const page = await context.newPage();
  const problems = await watchProblems(page);
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
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/passkey') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  const assertion = (await sent).postDataJSON() as { assertion: unknown };
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await chooseFromAccountMenu(page, 'Two-step verification', page.getByTestId('two-step-panel'));
  await expect(page.getByTestId('passkey-list')).toContainText('Last used');
  await page.keyboard.press('Escape');

  // The same assertion again: its challenge is used.
  const origin = `http://localhost:${E2E_PORT}`;
  const replayed = await context.request.post('/api/auth/passkey', { headers: { origin }, data: assertion });
  expect(replayed.status()).toBe(422);
  expect(await replayed.json()).toEqual({ ok: false, error: expect.objectContaining({ code: 'PASSKEY_CHALLENGE_INVALID', message: 'The passkey prompt has expired or was already used. Please try again.' }) });

  // This passkey answering another user's second step (the enrolled demo user's challenge): refused.
  await chooseFromAccountMenu(page, 'Sign out', page.getByRole('heading', { name: 'Sign in' }));
  await signIn(page, DEMO_FACTOR_ACCOUNT);
  await expect(secondStepHeading(page)).toBeVisible();
  const foreign = await page.evaluate(async () => {
    const b64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const { data } = (await post('/api/auth/passkey/options', { purpose: 'second-step' })) as { data: { options: { challenge: string; rpId: string } } };
    const challenge = Uint8Array.from(atob(data.options.challenge.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const credential = (await navigator.credentials.get({ publicKey: { challenge, rpId: data.options.rpId, allowCredentials: [], userVerification: 'preferred' } })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAssertionResponse;
    const answer = {
      id: credential.id,
      rawId: b64(credential.rawId),
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64(response.clientDataJSON), authenticatorData: b64(response.authenticatorData), signature: b64(response.signature), userHandle: response.userHandle ? b64(response.userHandle) : undefined },
    };
    return post('/api/auth/second-step', { assertion: answer });
  });
  expect(foreign).toEqual({ ok: false, error: expect.objectContaining({ code: 'PASSKEY_REFUSED', message: 'This passkey is not registered for this account, or it did not verify.' }) });
  expect((await context.cookies()).map((c) => c.name)).not.toContain('portal_session');
  expect(problems).toEqual([]);
  await context.close();
});

test('the second step and the two-step dialog in Chinese, at 390 and 1440 px', async ({ browser }) => {
  const cases = [
    { locale: 'zh-HK', width: 390, heading: '兩步驗證', code: '驗證碼', verify: '驗證', wrong: '驗證碼不正確。', back: '返回登入', menu: '帳戶選單', policy: '貴機構的政策', labels: { account: '電郵或帳戶名稱', password: '密碼', captcha: '驗證碼', submit: '登入' } },
    { locale: 'zh-CN', width: 1440, heading: '两步验证', code: '验证码', verify: '验证', wrong: '验证码不正确。', back: '返回登录', menu: '账户菜单', policy: '贵机构的政策', labels: { account: '邮箱或账户名称', password: '密码', captcha: '验证码', submit: '登录' } },
  ];
  for (const c of cases) {
    const context = await browser.newContext({ locale: c.locale, viewport: { width: c.width, height: 900 } });
    const page = await context.newPage();
    const problems = await watchProblems(page);
    await signIn(page, DEMO_FACTOR_ACCOUNT, undefined, c.labels);
    await expect(secondStepHeading(page, c.heading)).toBeVisible();
    await page.getByLabel(c.code, { exact: true }).fill(currentCode(DEMO_FACTOR_SECRET, Date.now() + 5 * 60_000));
    await page.getByRole('button', { name: c.verify, exact: true }).click();
    await expect(refusal(page, c.wrong)).toBeVisible();
    await expectAxeClean(page);

    // The administrator's dialog, with its organisation's policy.
    await page.getByRole('button', { name: c.back }).click();
    await signIn(page, 'admin', undefined, c.labels);
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
    await chooseFromMenu(() => page.getByRole('button', { name: c.menu }).click(), page.getByRole('menuitem', { name: c.heading, exact: true }), page.getByTestId('two-step-panel'));
    await expect(page.getByRole('dialog').getByRole('heading', { name: c.policy })).toBeVisible();
    await expectAxeClean(page);
    expect(problems).toEqual([]);
    await context.close();
  }
});
