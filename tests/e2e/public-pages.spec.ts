import { expect, test } from './fixtures';

test.use({ locale: 'en-GB' });

test('/ sends the user to the dashboard', async ({ request }) => {
  const response = await request.get('/', { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe('/dashboard/dashboard');
});

test('/404 shows the translated not-found page with a way back', async ({ page }) => {
  const response = await page.goto('/404');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  // The footer: the help pages (opening in a new tab) and the version.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/help/faq');
  await expect(footer).toContainText('Version 4.4.9');
});

test('an unknown path sends a signed-out visitor to sign in (spec section 2)', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});

test('/401 says what it means and leads a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/401');
  await expect(page).toHaveTitle(/Sign-in required/);
  await expect(page.getByText('401', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-in required' })).toBeVisible();
  await expect(page.getByText('needs you to be signed in')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('/empty is an empty page in the portal frame', async ({ page }) => {
  await page.goto('/empty');
  await expect(page.getByText('There is nothing to show here.')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Merchant Portal');
});

test('the first paint is styled: the stylesheets are linked from the server HTML, before any script runs', async ({ browser }) => {
  // No JavaScript at all: what shows is what the server sent.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ['/404', '/login']) {
    await page.goto(path);
    expect(await page.content()).toMatch(/<link rel="stylesheet" href="\/_next\/static\/[^"]+\.css"/);
    // The header has the theme's navy, the main action the theme's blue.
    await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(15, 39, 68)');
  }
  // Without a script the sign-in button stays off, in the stylesheet's waiting blue, and the page says why.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCSS('background-color', 'rgb(91, 140, 192)');
  // Chromium under Playwright parses <noscript> as if scripts ran, so the notice is checked in the HTML.
  expect(await page.content()).toMatch(/<noscript><p class="[^"]+">The portal needs JavaScript: turn it on in your browser to sign in\.<\/p><\/noscript>/);
  await page.goto('/404');
  await expect(page.getByRole('link', { name: 'Back to homepage' })).toHaveCSS('background-color', 'rgb(11, 92, 171)');
  await context.close();
});

test.describe('in Traditional Chinese', () => {
  test.use({ locale: 'zh-HK' });

  test('the sign-in frame: title, language, landmarks, help links and version in the user language', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('banner')).toContainText('商戶服務平臺');
    await expect(page.getByRole('combobox', { name: '語言' })).toHaveValue('zhTW');
    await expect(page.getByRole('main').getByRole('heading', { name: '登入' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('版本 4.4.9');
    await expect(footer.getByRole('link', { name: /常見問題/ })).toHaveAttribute('href', '/help/faq');
    await expect(footer.getByRole('link', { name: /私隱政策/ })).toHaveAttribute('target', '_blank');
  });
});
