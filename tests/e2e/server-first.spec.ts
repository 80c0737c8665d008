import { expect, signedIn, test } from './fixtures';

/**
 * A list screen's first page is in the server's first answer (issue 29): with JavaScript off, the
 * browser paints the page's title, its summary and its first rows from the HTML alone, the same
 * rows a browser running the page shows.
 */

test.use({ locale: 'en-GB', viewport: { width: 1440, height: 900 } });

for (const screen of [
  { path: '/transaction/transactions', title: 'Real-time transaction' },
  { path: '/merchant/stores', title: 'Store information' },
  { path: '/transaction/settles', title: 'Fund settlement' },
]) {
  test(`${screen.path} shows its first rows with JavaScript off`, async ({ page, browser }) => {
    await signedIn(page, 'admin');
    await page.goto(screen.path);
    const rows = page.locator('main table tbody tr');
    await expect(rows.first()).toBeVisible();
    const shown = await rows.allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    const headers = await page.locator('main table thead th').allInnerTexts();

    const bare = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), locale: 'en-GB', viewport: { width: 1440, height: 900 } });
    try {
      const plain = await bare.newPage();
      await plain.goto(screen.path);
      await expect(plain.getByRole('heading', { name: screen.title, level: 1 })).toBeVisible();
      expect(await plain.locator('main table thead th').allInnerTexts()).toEqual(headers);
      const painted = plain.locator('main table tbody tr');
      await expect(painted).toHaveCount(shown.length);
      expect(await painted.allInnerTexts()).toEqual(shown);
    } finally {
      await bare.close();
    }
  });
}
