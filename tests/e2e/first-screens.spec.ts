import type { Page } from '@playwright/test';
import { HELP_TOPICS } from '../../lib/shell/help';
import { chooseFromAccountMenu, chooseFromTabMenu, clickUntilVisible, expect, newUser, settled, signIn, test, ZH_HK_LABELS } from './fixtures';

/**
 * The first screens as a new user meets them (issue 16): every width, honest navigation messages,
 * a tab strip that stays one row, help links that lead somewhere.
 */
test.use({ locale: 'en-GB' });

/**
 * Each test loads its pages at the first width and measures them again at the others by resizing
 * the window: 360 and 390 px share antd's xs breakpoint and the page's media queries, so one load
 * serves both and the suite loads every page three times rather than four.
 */
const WIDTHS = [[1440], [1024], [390, 360]] as const;

/** The menu routes this user has, read from the sidebar (present in the page at every width), so screens added later are covered too. */
const menuRoutes = (page: Page) =>
  page.locator('.portal-sider a[data-menu-code]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

/** The page's width beyond the window, and the widest element that causes it (for the failure message). */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - width;
    let culprit = '';
    if (over > 0) {
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        const box = element.getBoundingClientRect();
        if (box.right > width + 1 && box.width > 0) culprit = `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} right=${Math.round(box.right)}`;
      }
    }
    return { over, culprit };
  });
}

/** Signs in and waits for the landing page (a sign-in on a loaded machine takes longer than the default wait). */
async function signedIn(page: Page, account: string, landing: RegExp, labels?: typeof ZH_HK_LABELS) {
  await signIn(page, account, 'Portal#2026', labels);
  await expect(page).toHaveURL(landing, { timeout: 30_000 });
}

async function expectNoOverflow(page: Page, where: string) {
  const { over, culprit } = await overflowOf(page);
  expect({ where, over, culprit }).toEqual({ where, over: 0, culprit: '' });
}

for (const widths of WIDTHS) {
  test.describe(`at ${widths.join(' and ')} px`, () => {
    test.use({ viewport: { width: widths[0], height: 800 } });

    /**
     * The page at each width of this test, the window resized back to the first for the next page;
     * in the signed-in frame the account and language menus, and the menu button below the
     * sidebar's breakpoint, stay on screen.
     */
    async function expectNoOverflowAtEachWidth(page: Page, where: string, frame: 'signed-in' | 'public') {
      for (const width of widths) {
        if (width !== widths[0]) await page.setViewportSize({ width, height: 800 });
        await expectNoOverflow(page, `${where} at ${width} px`);
        if (frame === 'public') continue;
        for (const control of [page.getByRole('button', { name: 'Account menu' }), page.getByRole('combobox', { name: 'Language' })]) await expect(control).toBeInViewport({ ratio: 1 });
        if (width < 1264) await expect(page.getByRole('button', { name: 'Open the menu' })).toBeInViewport({ ratio: 1 });
      }
      await page.setViewportSize({ width: widths[0], height: 800 });
    }

    test('no signed-in screen is wider than the window, and the account and language menus and the menu button are on screen', async ({ page }) => {
      test.setTimeout(180_000);
      await signedIn(page, 'admin', /\/dashboard\/dashboard$/);
      const routes = await menuRoutes(page);
      expect(routes.length).toBeGreaterThanOrEqual(20);
      for (const route of [...routes, '/no/such/page']) {
        await page.goto(route);
        await settled(page);
        await expectNoOverflowAtEachWidth(page, route, 'signed-in');
      }
    });

    test('the partner, the sign-in and the help pages fit too', async ({ page }) => {
      for (const path of ['/login', '/help', ...HELP_TOPICS.map((topic) => `/help/${topic}`)]) {
        await page.goto(path);
        await expectNoOverflowAtEachWidth(page, path, 'public');
      }
      await signedIn(page, 'partner@demo.test', /\/dashboard\/dashboard$/);
      await settled(page);
      await expectNoOverflowAtEachWidth(page, 'partner dashboard', 'signed-in');
    });
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the account menu opens and signs out', async ({ page }) => {
    await signedIn(page, 'maker@demo.test', /\/dashboard\/dashboard$/);
    // Drawn by the theme over the page: opaque, in the popups' layer, its items at antd's height.
    await clickUntilVisible(page.getByRole('button', { name: 'Account menu' }), page.getByRole('menu'));
    await expect(page.getByRole('menu')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.locator('.ant-dropdown')).toHaveCSS('z-index', '1050');
    expect((await page.getByRole('menuitem', { name: 'Profile' }).boundingBox())?.height).toBe(32);
    await chooseFromAccountMenu(page, 'Sign out', page.getByRole('heading', { name: 'Sign in' }));
    await expect(page).toHaveURL(/\/login\?notice=loggedOut$/);
    await page.goto('/dashboard/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('twenty open tabs stay one row that scrolls, the current one in view', async ({ page }) => {
    test.setTimeout(120_000);
    await signedIn(page, 'admin', /\/dashboard\/dashboard$/);
    const routes = await menuRoutes(page);
    // The strip as the reader has it: a streamed page can hold a hidden copy of it until React reveals it.
    const items = page.getByRole('navigation', { name: 'Open pages' }).locator('li[data-tab-path]');
    const tab = (route: string) => items.and(page.locator(`[data-tab-path="${route}"]`));
    for (const route of routes) {
      await page.goto(route);
      await expect(tab(route)).toHaveCount(1);
    }
    await expect(items).toHaveCount(20);
    const tops = await items.evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(new Set(tops).size, 'every tab on one row').toBe(1);
    await expect(tab(routes.at(-1) ?? '')).toBeInViewport({ ratio: 0.9 });
    await expectNoOverflow(page, 'twenty tabs');
  });
});

test.describe('forbidden and unknown addresses', () => {
  test('a route the role lacks says "no access" inside the shell, a mistyped one is the shell\'s 404, and the session survives both', async ({ page }) => {
    await signedIn(page, 'viewer@demo.test', /\/transaction\/transactions$/);

    await page.goto('/dashboard/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(page.getByText('You do not have access to this page.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page).toHaveTitle(/^No access \|/);

    const missing = await page.goto('/transaction/no-such-screen');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).first()).toBeAttached();

    // The way back leads home, still signed in.
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await expect(page).toHaveURL(/\/transaction\/transactions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Real-time transaction' })).toBeVisible();
  });

  test.describe('in Traditional Chinese', () => {
    test.use({ locale: 'zh-HK' });

    test('the no-access page is translated', async ({ page }) => {
      await signedIn(page, 'viewer@demo.test', /\/transaction\/transactions$/, ZH_HK_LABELS);
      await page.goto('/merchant/totalAssets');
      await expect(page.getByRole('heading', { level: 1, name: '無法存取' })).toBeVisible();
      await expect(page.getByRole('link', { name: '返回首頁' })).toBeVisible();
    });
  });
});

test('the forced first-login page has a way out: sign out', async ({ page, browser, leakScan }) => {
  // A new user of its own: auth.spec.ts completes the seeded newcomer's first login meanwhile.
  const { account, password } = await newUser(browser, 2);
  leakScan.secret(password);
  await signIn(page, account, password);
  await expect(page).toHaveURL(/\/FirstLoginUpdPwd$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?notice=loggedOut$/);
  await page.goto('/FirstLoginUpdPwd');
  await expect(page).toHaveURL(/\/login$/);
});

test('Refresh reloads the tab it belongs to, not the page shown', async ({ page }) => {
  await signedIn(page, 'admin', /\/dashboard\/dashboard$/);
  await page.locator('.portal-sider a[data-menu-code="stores"]').click();
  await expect(page).toHaveURL(/\/merchant\/stores$/);
  const tabs = page.getByRole('navigation', { name: 'Open pages' });
  await tabs.getByRole('link', { name: 'Homepage' }).click();
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await settled(page);

  // Every server render the browser asks for after the click (full loads and client navigations alike).
  const rendered: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'document' || url.searchParams.has('_rsc') || request.headers()['rsc'] === '1') rendered.push(url.pathname);
  });
  await chooseFromTabMenu(page, 'Store information', 'Refresh', page.getByRole('heading', { level: 1, name: 'Store information' }));
  await expect(page).toHaveURL(/\/merchant\/stores$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Store information' })).toBeVisible();
  await settled(page);
  expect(rendered).toContain('/merchant/stores');
  expect(rendered).not.toContain('/dashboard/dashboard');

  // The current page's own Refresh renders that page again.
  rendered.length = 0;
  // The tab's own menu may still be closing: its Refresh would be a second one.
  const refresh = page.getByRole('menuitem', { name: 'Refresh' });
  await expect(refresh).toHaveCount(0);
  await expect(async () => {
    await clickUntilVisible(page.getByRole('button', { name: 'Actions for this tab' }), refresh);
    await refresh.click({ timeout: 5_000 });
    await expect.poll(() => rendered, { timeout: 5_000 }).toContain('/merchant/stores');
  }).toPass();
  expect(rendered).not.toContain('/dashboard/dashboard');
});

test('the footer and sidebar help links open the portal\'s help pages when no address is configured', async ({ page, context }) => {
  await signedIn(page, 'viewer@demo.test', /\/transaction\/transactions$/);
  const footer = page.getByRole('contentinfo');
  for (const [name, heading] of [
    ['FAQ', 'FAQ'],
    ['User Guide', 'User Guide'],
    ['Terms and Conditions', 'Terms and Conditions'],
    ['Privacy Policy', 'Privacy Policy'],
    ['Contact us', 'Contact us'],
  ] as const) {
    const opened = context.waitForEvent('page');
    await footer.getByRole('link', { name }).click();
    const help = await opened;
    await expect(help.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(help.locator('h2').first()).not.toBeEmpty();
    await help.close();
  }
  const opened = context.waitForEvent('page');
  await page.locator('.portal-sider').getByRole('link', { name: 'Help and tips' }).click();
  const index = await opened;
  await expect(index.getByRole('heading', { level: 1, name: 'Help and tips' })).toBeVisible();
  // The index's own link (the footer's is the same topic, in a new tab).
  await index.getByRole('main').getByRole('link', { name: 'User Guide' }).click();
  // The guide names each screen with its menu label.
  await expect(index.getByRole('heading', { level: 3, name: 'Transaction management › Real-time transaction' })).toBeVisible();
  // The risk portal is another system: without an address it still says so.
  await page.locator('.portal-sider').getByText('Risk management portal').click();
  await expect(page.getByText('There is no related data.')).toBeVisible();
});

test.describe('help in Simplified Chinese, signed out', () => {
  test.use({ locale: 'zh-CN' });

  test('the help pages are readable before signing in, from the sign-in page\'s footer', async ({ page, context }) => {
    await page.goto('/login');
    const opened = context.waitForEvent('page');
    await page.getByRole('contentinfo').getByRole('link', { name: '常见问题' }).click();
    const faq = await opened;
    await expect(faq).toHaveURL(/\/help\/faq$/);
    await expect(faq.getByRole('heading', { level: 1, name: '常见问题' })).toBeVisible();
    await expect(faq.getByRole('heading', { name: '我忘记了密码。' })).toBeVisible();
  });
});

test('the dashboard PDF shows how far it is, can be cancelled, and then downloads', async ({ page }) => {
  await signedIn(page, 'admin', /\/dashboard\/dashboard$/);
  // The browser's request is held back (not answered falsely) so that the cancel can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/pdf-download-dashboard', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByTestId('pdf-progress')).toHaveText('Collecting the figures…');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('The PDF download was cancelled.')).toBeVisible();
  release();
  await page.unroute('**/pdf-download-dashboard');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^dashboard_\d{8}\.pdf$/);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
});
