import type { Page } from '@playwright/test';
import { expect, signedIn, test } from './fixtures';

/**
 * A list screen's first page is in the server's first answer (issue 29): with JavaScript off, the
 * browser paints the page's title, the shell's open pages, its summary and its first rows from the
 * HTML alone, the same rows a browser running the page shows.
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
      // The shell's row of open pages is in the HTML too: painted with the page, not pushed in above it afterwards.
      await expect(plain.getByRole('navigation', { name: 'Open pages' }).getByRole('link', { name: 'Homepage' })).toBeVisible();
      expect(await plain.locator('main table thead th').allInnerTexts()).toEqual(headers);
      const painted = plain.locator('main table tbody tr');
      await expect(painted).toHaveCount(shown.length);
      expect(await painted.allInnerTexts()).toEqual(shown);
    } finally {
      await bare.close();
    }
  });
}

test('with JavaScript off, the pager pages the list by its links', async ({ page, browser }) => {
  await signedIn(page, 'admin');
  const bare = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), locale: 'en-GB', viewport: { width: 1440, height: 900 } });
  try {
    const plain = await bare.newPage();
    const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offset * 86_400_000));
    await plain.goto(`/transaction/transactions?from=${day(-60)}&to=${day(-1)}`);
    const rows = plain.locator('main table tbody tr');
    const first = await rows.allInnerTexts();
    expect(first.length).toBe(10);
    await plain.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
    await expect(plain).toHaveURL(/page=2/);
    await expect(plain.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    const second = await rows.allInnerTexts();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((row) => first.includes(row))).toEqual([]);
  } finally {
    await bare.close();
  }
});

/**
 * The chunks the HTML of `path` names when the page next loads it: its scripts and stylesheets,
 * and the chunks its React payload asks for. Filled as the document arrives.
 */
async function chunksNamedBy(page: Page, path: string): Promise<Set<string>> {
  const named = new Set<string>();
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    for (const match of html.matchAll(/static\/chunks\/[^"\\]+/g)) named.add(`/_next/${match[0]}`);
    await route.fulfill({ response, body: html });
  });
  return named;
}

/**
 * The filter form is part of the server's HTML; its code is not part of the page's first load
 * (components/list-kit/FilterIsland.tsx). Every chunk the HTML does not name is held here until the
 * test lets it through: meanwhile the form is painted, in its place, and waits (inert: nothing typed
 * into it is lost); once its code has come it works, and the rows below it have not moved.
 */
test('the filter form is painted from the HTML, waits for its code, then searches; the rows do not move', async ({ page }) => {
  await signedIn(page, 'admin');
  const path = '/transaction/transactions';
  const firstLoad = await chunksNamedBy(page, path);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route('**/_next/static/chunks/**', async (route) => {
    const chunk = new URL(route.request().url()).pathname;
    if (!firstLoad.has(chunk)) {
      held.push(chunk);
      await released;
    }
    await route.continue();
  });

  // Not to the load event: scripts the page asks for before it may be held too.
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const form = page.locator('main form');
  await expect(form).toBeVisible();
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
  await expect.poll(() => held.length, { message: 'the form asks for its code once the page has hydrated' }).toBeGreaterThan(0);
  await expect(page.locator('main [inert]')).toHaveCount(1);
  await expect(form.getByRole('button', { name: 'Search' })).toBeDisabled();
  // A reader who clicks a field and types meanwhile types into nothing, rather than into a field about to be replaced.
  const order = page.getByLabel('Order no.', { exact: true });
  const box = await order.boundingBox();
  await page.mouse.click((box?.x ?? 0) + 10, (box?.y ?? 0) + 10);
  await page.keyboard.type('lost');
  await expect(order).toHaveValue('');
  const rowsAt = await page.locator('main table').boundingBox();

  release();
  await expect(page.locator('main [inert]')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Search' })).toBeEnabled();
  expect(await page.locator('main table').boundingBox()).toEqual(rowsAt);
  await order.fill('no such order');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/order=no(\+|%20)such(\+|%20)order/);
  await expect(page.locator('main table tbody tr.portal-row')).toHaveCount(0);
});

test('when the form\'s code cannot be fetched, the rows stay and the reader is asked to reload, which brings the form', async ({ page }) => {
  await signedIn(page, 'admin');
  const path = '/transaction/transactions';
  const firstLoad = await chunksNamedBy(page, path);
  // As after a deployment that replaced the build: the chunks the page did not name at first are gone.
  await page.route('**/_next/static/chunks/**', (route) => (firstLoad.has(new URL(route.request().url()).pathname) ? route.continue() : route.fulfill({ status: 404, body: '' })));
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const prompt = page.getByRole('dialog', { name: 'A new version is available' });
  await expect(prompt).toBeVisible();
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
  await expect(page.locator('main [inert]')).toHaveCount(1);

  await page.unrouteAll({ behavior: 'wait' });
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('main [inert]')).toHaveCount(0);
  await expect(page.locator('main form').getByRole('button', { name: 'Search' })).toBeEnabled();
});

test('a list opened from the menu shows its filter form with its rows, ready to search', async ({ page }) => {
  await signedIn(page, 'admin');
  let documents = 0;
  page.on('request', (request) => void (request.resourceType() === 'document' && documents++));
  await page.locator('a[data-menu-code="stores"]').click();
  await expect(page).toHaveURL(/\/merchant\/stores$/);
  const form = page.locator('main form');
  await expect(form).toBeVisible();
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
  await expect(page.locator('main [inert]')).toHaveCount(0);
  await page.locator('a[data-menu-code="transactions"]').click();
  await expect(page).toHaveURL(/\/transaction\/transactions$/);
  await page.getByLabel('Order no.', { exact: true }).fill('no such order');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/order=no(\+|%20)such(\+|%20)order/);
  await expect(page.locator('main table tbody tr.portal-row')).toHaveCount(0);
  expect(documents, 'the lists were opened in the page, not loaded anew').toBe(0);
});
