import { expect, test } from './fixtures';

test.describe('language', () => {
  test.use({ locale: 'zh-HK' });

  test('a zh-HK browser gets Traditional Chinese; English chosen in the selector sticks', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: '找不到頁面' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
    await expect(page.getByRole('link', { name: '返回首頁' })).toHaveAttribute('href', '/');

    // A marker on window survives only if the switch re-renders in place instead of reloading.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await page.getByRole('combobox', { name: '語言' }).selectOption({ label: 'English' });

    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
  });

  test('the selector works from the keyboard', async ({ page }) => {
    await page.goto('/401');
    await expect(page.getByRole('heading', { name: '需要登入' })).toBeVisible();
    // A native select: the arrow keys change the choice without opening it.
    await page.getByRole('combobox', { name: '語言' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('heading', { name: '需要登录' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans-CN');
  });
});

test.describe('language from the browser', () => {
  // Chromium derives Accept-Language from the browser locale, as a real user's browser does.
  for (const [locale, heading, lang] of [
    ['zh-CN', '找不到页面', 'zh-Hans-CN'],
    ['zh-TW', '找不到頁面', 'zh-Hant-TW'],
    ['fr-FR', 'Page not found', 'en'],
  ] as const) {
    test(`a ${locale} browser gets ${lang}`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/404');
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await context.close();
    });
  }
});
