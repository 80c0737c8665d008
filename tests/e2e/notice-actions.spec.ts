import type { Browser, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { expect, signedInPage, signIn, test } from './fixtures';

/**
 * Issue 28: a notice's action appears only for users who can follow it, and a date in the past
 * is told as past ("expired on"); an unknown help topic is one 404 page, one header and one footer.
 * The seed gives the first customer business registrations that expired 20 days ago and expire in
 * 12 and 21 days, and the services derive a renewal notice for each, linked to Upload documents
 * (which only the administrator's menus open).
 */

const LANGUAGES = [
  { code: 'en', expired: /Business registration of .+ expired on \d{4}-\d{2}-\d{2}$/, coming: /Business registration of .+ expires on \d{4}-\d{2}-\d{2}$/, action: 'Go there' },
  { code: 'zhTW', expired: /的商業登記已於 \d{4}-\d{2}-\d{2} 到期$/, coming: /的商業登記將於 \d{4}-\d{2}-\d{2} 到期$/, action: '前往處理' },
  { code: 'zhCN', expired: /的商业登记已于 \d{4}-\d{2}-\d{2} 到期$/, coming: /的商业登记将于 \d{4}-\d{2}-\d{2} 到期$/, action: '前往处理' },
] as const;

const languageCookie = (value: string) => [{ name: 'language', value, domain: '127.0.0.1', path: '/' }];

/** Signed in through the English form (the helper's labels), then reading in `language`. */
async function signedInReading(browser: Browser, account: string, language: string): Promise<Page> {
  const page = await signedInPage(browser, account);
  await page.context().addCookies(languageCookie(language));
  return page;
}

/** The title cells of the notices list, and the drawer of the notice whose title matches. */
async function openNotice(page: Page, title: RegExp) {
  await page.goto('/notifications?size=50');
  const cell = page.locator('tbody tr.portal-row td').filter({ hasText: title }).first();
  await expect(cell).toBeVisible();
  // The title as listed; in the drawer more text follows it, so the pattern's end anchor is the cell's.
  const text = (await cell.innerText()).trim();
  await cell.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(text);
  return drawer;
}

for (const language of LANGUAGES) {
  test(`a renewal notice says expired or expires by its date, and only the administrator is offered its action (${language.code})`, async ({ browser }) => {
    test.setTimeout(120_000);
    for (const [account, canUpload] of [['admin', true], ['wxali@demo.test', false], ['maker@demo.test', false]] as const) {
      const page = await signedInReading(browser, account, language.code);
      const drawer = await openNotice(page, language.expired);
      await expect(drawer.getByRole('link', { name: language.action })).toHaveCount(canUpload ? 1 : 0);
      if (account === 'wxali@demo.test') await page.screenshot({ path: test.info().outputPath(`notice-${language.code}-${account}.png`) });
      await page.keyboard.press('Escape');
      // The registrations still valid say "expires on", with their action for the same users.
      const coming = await openNotice(page, language.coming);
      await expect(coming.getByRole('link', { name: language.action })).toHaveCount(canUpload ? 1 : 0);
      if (canUpload) {
        await coming.getByRole('link', { name: language.action }).click();
        await expect(page).toHaveURL(/\/uploadDocuments$/);
      }
      await page.context().close();
    }
  });
}

for (const [language, heading] of [['en', 'Page not found'], ['zhTW', '找不到頁面'], ['zhCN', '找不到页面']] as const) {
  test(`an unknown help topic is one 404 page with one header and one footer (${language})`, async ({ browser }) => {
    const context = await browser.newContext();
    await context.addCookies(languageCookie(language));
    const page = await context.newPage();
    for (const width of [390, 1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const answer = await page.goto('/help/no-such-topic');
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath(`help-404-${language}-${width}.png`), fullPage: true });
    }
    // Signed in, the same.
    await page.setViewportSize({ width: 1440, height: 800 });
    await context.addCookies(languageCookie('en'));
    await signIn(page, 'admin');
    await expect(page).toHaveURL(new RegExp(`:${E2E_PORT}/dashboard/dashboard$`), { timeout: 30_000 });
    await context.addCookies(languageCookie(language));
    await page.goto('/help/no-such-topic');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await context.close();
  });
}
