import { E2E_ENV } from '../../playwright.config';
import { chooseFromAccountMenu, clickUntilVisible, expect, latestMail, signIn, test, ZH_HK_LABELS } from './fixtures';


test.describe('sign-in', () => {
  test.use({ locale: 'en-GB' });

  test('signs in, lands on the dashboard, signs out with the 3-second message', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Chan Tai Man' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/);

    await chooseFromAccountMenu(page, 'Sign out', page.getByRole('heading', { name: 'Sign in' }));
    await expect(page).toHaveURL(/\/login\?notice=loggedOut$/);
    const message = page.getByText('You have signed out.');
    await expect(message).toBeVisible();
    await expect(message).toBeHidden({ timeout: 6000 });
    await page.goto('/dashboard/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a count in flight while the user signs out does not say the session ended', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { name: 'Welcome, Chan Tai Man' })).toBeVisible();
    await page.waitForFunction(() => localStorage.getItem('portal_user') !== null);
    // The bell's count is asked for while the sign-out runs: it reaches the server after the revocation, so it is answered
    // "session ended", and that answer reaches the page before the sign-out's own.
    let revoked!: () => void;
    const revocation = new Promise<void>((resolve) => (revoked = resolve));
    let heldAnswer!: (body: unknown) => void;
    const held = new Promise<unknown>((resolve) => (heldAnswer = resolve));
    await page.route('**/api/gateway/noticeCount', async (route) => {
      await revocation;
      const response = await route.fetch();
      await route.fulfill({ response });
      heldAnswer(await response.json());
    });
    await page.route('**/api/auth/logout', async (route) => {
      const response = await route.fetch();
      revoked();
      await held;
      // Time for the page to follow the count's answer, were it to.
      await page.waitForURL(/notice=sessionEnded/, { timeout: 2_000 }).catch(() => undefined);
      await route.fulfill({ response }).catch(() => undefined);
    });
    await page.evaluate(() => window.dispatchEvent(new Event('portal:notices')));
    await page.evaluate(() => {
      localStorage.removeItem('portal_user');
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await held).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^(NOT_SIGNED_IN|SESSION_EXPIRED|LOGIN_EXPIRED)$/) } });
    await expect(page).toHaveURL(/\/login\?notice=loggedOut$/);
    await expect(page.getByText('You have signed out.')).toBeVisible();
  });

  test('sends a signed-out visitor of a signed-in page to /login', async ({ page }) => {
    await page.goto('/transaction/transactions');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('lands a single-search user on its only menu route', async ({ page }) => {
    await signIn(page, 'viewer@demo.test');
    // The transactions page arrives with its own issue; the route is the landing target.
    await expect(page).toHaveURL(/\/transaction\/transactions$/);
  });

  test('names each required field', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Please enter your email or account ID.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await expect(page.getByText('Please enter the verification code.')).toBeVisible();
  });

  test('refuses a wrong verification code and shows a new one', async ({ page }) => {
    await page.goto('/login');
    const image = page.getByRole('img', { name: 'Verification code image' });
    const firstCode = await image.getAttribute('src');
    await page.getByLabel('Email or account ID').fill('maker@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Portal#2026');
    await page.getByLabel('Verification code', { exact: true }).fill('9999');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid verification code. Please try again.' })).toBeVisible();
    await expect(image).not.toHaveAttribute('src', firstCode as string);
    await expect(page.getByLabel('Verification code', { exact: true })).toHaveValue('');
  });

  test('refuses a wrong password with the spec message', async ({ page }) => {
    await signIn(page, 'maker@demo.test', 'Wrong#2026');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid account ID or password. Please try again.' })).toBeVisible();
  });
});

test.describe('sign-in in Traditional Chinese', () => {
  test.use({ locale: 'zh-HK' });

  test('refuses a wrong password in Chinese, then signs in', async ({ page }) => {
    await signIn(page, 'maker@demo.test', 'Wrong#2026', ZH_HK_LABELS);
    await expect(page.getByRole('alert').filter({ hasText: '帳戶名稱或密碼無效，請重試。' })).toBeVisible();
    await page.getByLabel('密碼', { exact: true }).fill('Portal#2026');
    await page.getByLabel('驗證碼', { exact: true }).fill(E2E_ENV.CAPTCHA_TEST_CODE);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page.getByRole('heading', { name: '歡迎，Wong Siu Ling' })).toBeVisible();
  });
});

test.describe('forgot and reset password', () => {
  test.use({ locale: 'en-GB' });

  test('the dialog closes on Escape, refuses a wrong e-mail, mails a link that sets a new password', async ({ page, request, leakScan }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    // Until the sign-in page has hydrated, the link opens nothing.
    await clickUntilVisible(page.getByText('Forgot password?'), dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByText('Forgot password?').click();
    await dialog.getByLabel('Email address').fill('someone@else.test');
    await dialog.getByLabel('Account ID').fill('assets@demo.test');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog.getByText('The email address is not associated with the account.')).toBeVisible();
    await dialog.getByLabel('Email address').fill('assets@demo.test');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText('A link to reset your password has been sent to your email.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const link = /http:\/\/\S+\/reset\/[\w-]+\//.exec(await latestMail(request, 'assets@demo.test'))?.[0];
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(page.getByText('For the account assets@demo.test')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('assets2027');
    await expect(page.locator('li[data-met="true"]')).toHaveCount(3);
    await page.getByLabel('Confirm new password').fill('Assets#2027');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password must contain an uppercase letter.')).toBeVisible();
    await expect(page.getByText('Password is different.')).toBeVisible();
    leakScan.secret('Assets#2027');
    await page.getByLabel('New password', { exact: true }).fill('Assets#2027');
    await expect(page.locator('li[data-met="true"]')).toHaveCount(5);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/login\?notice=passwordReset$/);
    await expect(page.getByText('Your password has been reset. Please sign in with the new password.')).toBeVisible();

    await signIn(page, 'assets@demo.test', 'Assets#2027');
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
    await page.goto(link as string);
    await expect(page.getByText('The webpage has expired, resubmit the reset request; the access address does not exist.')).toBeVisible();
  });
});

test.describe('first login in Simplified Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('forces the login then the management password, then opens the dashboard', async ({ page, leakScan }) => {
    leakScan.secret('Newcomer#2027');
    leakScan.secret('Manage#2027');
    await signIn(page, 'newcomer@demo.test', 'Portal#2026', { account: '邮箱或账户名称', password: '密码', captcha: '验证码', submit: '登录' });
    await expect(page).toHaveURL(/\/FirstLoginUpdPwd$/);
    await expect(page.getByRole('heading', { name: '重设密码' })).toBeVisible();
    await page.goto('/dashboard/dashboard');
    await expect(page).toHaveURL(/\/FirstLoginUpdPwd$/);

    await page.getByLabel('新密码', { exact: true }).fill('Portal#2026');
    await page.getByLabel('确认新密码').fill('Portal#2026');
    await page.getByRole('button', { name: '保存并继续' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '新密码不可与现有密码及最近 4 次使用的密码相同。' })).toBeVisible();
    await page.getByLabel('新密码', { exact: true }).fill('Newcomer#2027');
    await page.getByLabel('确认新密码').fill('Newcomer#2027');
    await page.getByRole('button', { name: '保存并继续' }).click();
    await expect(page.getByText('请设置用于审批退款及管理账户的管理密码。')).toBeVisible();
    await page.getByLabel('新密码', { exact: true }).fill('Manage#2027');
    await page.getByLabel('确认新密码').fill('Manage#2027');
    await page.getByRole('button', { name: '保存并继续' }).click();
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
    await expect(page.getByRole('heading', { name: '欢迎，Yeung Ka Yan' })).toBeVisible();
  });
});

test.describe('single sign-on and the mobile site', () => {
  test.use({ locale: 'en-GB' });

  test('opens the dashboard from a merchant-center link once', async ({ page, request }) => {
    const { token } = await (await request.post(`${E2E_ENV.UPSTREAM_URL}/dev/sso-token`, { data: { account: 'wxali@demo.test' } })).json();
    await page.goto(`/redirect?token=${token}`);
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Ho Wing Kei' })).toBeVisible();
    // The link opened again in a new browser: the dashboard left first, so that none of its calls,
    // answered "session ended" once the cookies are gone, takes the page to sign in mid-navigation.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto(`/redirect?token=${token}`);
    await expect(page).toHaveURL(/\/login\?notice=ssoFailed$/);
    await expect(page.getByText('The sign-on link is invalid or has expired. Please sign in.')).toBeVisible();
  });

  test('sends a phone to the H5 site with its redirect or reset query, a desktop only for emcapp', async ({ request }) => {
    const iphone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' };
    const phone = await request.get('/redirect?token=abc&lang=zh', { headers: iphone, maxRedirects: 0 });
    expect(phone.status()).toBe(307);
    expect(phone.headers().location).toBe(`${E2E_ENV.MOBILE_H5_URL}/redirect?token=abc&lang=zh`);
    const reset = await request.get('/reset/some-link', { headers: iphone, maxRedirects: 0 });
    expect(reset.headers().location).toBe(`${E2E_ENV.MOBILE_H5_URL}/reset/some-link`);
    const desktop = await request.get('/redirect?token=abc&platform=emcapp', { maxRedirects: 0 });
    expect(desktop.headers().location).toBe(`${E2E_ENV.MOBILE_H5_URL}/redirect?token=abc&platform=emcapp`);
    const stay = await request.get('/login', { maxRedirects: 0 });
    expect(stay.status()).toBe(200);
  });
});
