import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Download, type Locator, type Page, type Request } from '@playwright/test';
import { E2E_ENV } from '../../playwright.config';

/** Texts that must never reach the browser; tests add the passwords they type. */
const ALWAYS_SECRET = ['Portal#2026', E2E_ENV.PAYLOAD_KEY, E2E_ENV.SESSION_SECRET];
/**
 * The build's static files: named by their content and made before any test ran, so they can hold
 * no test's password or live token; each is read once a run rather than by every test that loads
 * it (about a megabyte of scripts a page, copied from the browser to the test runner each time).
 */
const STATIC_FILE = /\/_next\/static\//;
const scannedStatic = new Set<string>();
const TOKEN_SHAPED = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

export interface LeakScan {
  secret(value: string): void;
}

/**
 * Every end-to-end test fails when the page logs a Content-Security-Policy violation or throws
 * (a blocked script is a feature that silently does not work), and when any response the page
 * received (documents, data, scripts, styles) holds the payload key, the session secret, a
 * password, or a live upstream token (checked against the reference services' token hashes).
 */
export const test = base.extend<{ pageProblems: string[]; leakScan: LeakScan }>({
  pageProblems: [
    async ({ page }, use) => {
      watchRequests(page);
      const problems = await watchProblems(page);
      await use(problems);
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
  leakScan: [
    async ({ page, request }, use) => {
      const bodies: Promise<string>[] = [];
      page.on('response', (response) => {
        if (!/html|json|javascript|css|svg|text/.test(response.headers()['content-type'] ?? '')) return;
        if (STATIC_FILE.test(response.url())) {
          if (scannedStatic.has(response.url())) return;
          scannedStatic.add(response.url());
        }
        bodies.push(response.text().catch(() => ''));
      });
      const secrets = new Set(ALWAYS_SECRET);
      await use({ secret: (value) => secrets.add(value) });
      const all = (await Promise.all(bodies)).join('\n');
      for (const secret of secrets) expect(all.includes(secret), `a response holds the secret ${secret.slice(0, 3)}…`).toBe(false);
      const candidates = [...new Set(all.match(TOKEN_SHAPED) ?? [])];
      for (let i = 0; i < candidates.length; i += 5000) {
        const answer = await request.post(`${E2E_ENV.UPSTREAM_URL}/dev/tokens/match`, { data: { candidates: candidates.slice(i, i + 5000) } });
        expect((await answer.json()).matches, 'a response holds a live upstream token').toBe(0);
      }
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Collects a page's Content-Security-Policy violations and uncaught errors (with the script and
 * line a violation came from). The fixture does it for `page`; a test that opens pages of its own
 * context calls it and expects the list empty at the end.
 */
export async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return problems;
}

/** Each watched page's requests: how many have started and how many are still open. */
const requests = new WeakMap<Page, { started: number; open: number }>();

/** Counts a page's requests for `settled`; the fixture does it for `page`, a test for the pages it opens itself. */
export function watchRequests(page: Page) {
  const count = { started: 0, open: 0 };
  requests.set(page, count);
  page.on('request', () => {
    count.started++;
    count.open++;
  });
  const done = () => void count.open--;
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the page has loaded, no request is open, and the page has been idle (its
 * `requestIdleCallback` tasks, such as the shell's deferred calls, run) with no request started
 * meanwhile. What Playwright's "networkidle" waits for, without its fixed half second of silence
 * after every page (a sweep of 150 pages spent over a minute in it).
 */
export async function settled(page: Page) {
  const count = requests.get(page);
  if (!count) throw new Error('settled() needs the page watched: call watchRequests(page) after opening it');
  for (;;) {
    await page.waitForLoadState('load');
    // As long as networkidle would wait on CI's busy cores, not the 15 s of an expectation.
    await expect.poll(() => count.open, { message: 'requests still open', intervals: [20, 50, 100], timeout: 60_000 }).toBe(0);
    const before = count.started;
    // A page that navigates meanwhile loses the script's context: its new document is waited for in turn.
    const idle = await page.evaluate(() => new Promise<boolean>((resolve) => requestIdleCallback(() => setTimeout(() => resolve(true), 100)))).catch(() => false);
    if (idle && count.open === 0 && count.started === before) return;
  }
}

/** The login form's labels for a browser set to Hong Kong Chinese (zhTW). */
export const ZH_HK_LABELS = { account: '電郵或帳戶名稱', password: '密碼', captcha: '驗證碼', submit: '登入' };

/** Signs in through the login form with the test verification code. */
export async function signIn(page: Page, account: string, password = 'Portal#2026', labels = { account: 'Email or account ID', password: 'Password', captcha: 'Verification code', submit: 'Sign in' }) {
  await page.goto('/login');
  await page.getByLabel(labels.account).fill(account);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByLabel(labels.captcha, { exact: true }).fill(E2E_ENV.CAPTCHA_TEST_CODE);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/** Signs in through the login form and waits to leave the sign-in page (several seconds on CI's busy cores). */
export async function signedIn(...credentials: Parameters<typeof signIn>) {
  await signIn(...credentials);
  await expect(credentials[0]).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

/** A page of a browser context of its own (a second user beside the test's own), signed in. */
export async function signedInPage(browser: Browser, account: string, options?: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signedIn(page, account);
  return page;
}

/** The newest mail to an address, from the reference services' outbox. */
export async function latestMail(request: APIRequestContext, to: string): Promise<string> {
  const answer = await request.get(`${E2E_ENV.UPSTREAM_URL}/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const [mail] = (await answer.json()) as { body: string }[];
  return mail?.body ?? '';
}

/**
 * A day of the demo data, `offsetDays` from the day the services made it for (YYYY-MM-DD). Not the
 * wall clock's day: a run that crosses Hong Kong's midnight would read the next day's "four days
 * ago", another day of the data than the test was written for (the seed's quiet day, three days
 * back, has one sale of the first customer: CI's clean run at 23:45 HKT met it).
 */
export async function seededDay(request: APIRequestContext, offsetDays = 0): Promise<string> {
  const answer = await request.post(`${E2E_ENV.UPSTREAM_URL}/dev/clock`, { data: {} });
  const { seededDay: day } = (await answer.json()) as { seededDay: string };
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + offsetDays)).toISOString().slice(0, 10);
}

/**
 * A user of the test's own, for a test that changes a user's password or first-login state: the
 * tests run in parallel against one database, so no other test may share such a user. The
 * administrator creates it through the portal's account-creation route (in a browser context of its
 * own, leaving the caller's untouched); its temporary password comes from the mail, and the user must
 * change it at first sign-in, as every new user must.
 */
export async function newUser(browser: Browser, roleId: number): Promise<{ account: string; password: string }> {
  // In English whatever the test's language (a new context takes the test's locale), as signIn's labels are.
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const admin = await context.newPage();
    await signIn(admin, 'admin');
    await expect(admin).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
    const account = `e2e.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `${account}@demo.test`;
    const created = await admin.request.post('/api/accounts', {
      headers: { origin: new URL(admin.url()).origin },
      data: { account, contactName: 'Test User', contactEmail: email, contactNumber: '85290004321', roleId, status: 1, jobTitle: 'Tester', department: 'Quality', appellation: 'MS' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const password = /temporary password: (\S+)/.exec(await latestMail(admin.request, email))?.[1];
    expect(password, 'the temporary password in the mail').toBeTruthy();
    return { account, password: password as string };
  } finally {
    await context.close();
  }
}

/**
 * Waits for what is moving to stop: a dialog or message still fading in has its text at part
 * opacity, and axe would measure the motion, not the colours. Endless animations (a spinner) never
 * finish and are left out.
 */
export async function motionSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** No serious or critical axe finding on the page, or within `within` (a dialog over a page the test did not make). */
export async function expectAxeClean(page: Page, within?: string) {
  await motionSettled(page);
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(serious).toEqual([]);
}

/**
 * A new user of `roleId` whose first-login password change is done (to `password`), so that it
 * signs in straight to its first screen: for tests that must not share a seed user another spec
 * file changes (auth.spec.ts resets the seed's assets user's password) or whose sessions it ends.
 */
export async function readyUser(browser: Browser, roleId: number, password: string, leakScan: { secret: (value: string) => void }): Promise<string> {
  const { account, password: temporary } = await newUser(browser, roleId);
  leakScan.secret(temporary);
  leakScan.secret(password);
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await signIn(page, account, temporary);
    await expect(page).toHaveURL(/\/FirstLoginUpdPwd$/, { timeout: 30_000 });
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).not.toHaveURL(/\/FirstLoginUpdPwd$/, { timeout: 30_000 });
    return account;
  } finally {
    await context.close();
  }
}

/**
 * Opens a menu and chooses one of its items, as a person would: the menu is placed once measured,
 * and on CI's busy cores a first click can come before hydration or a late layout shift can move
 * the item, so the item is clicked once it stands in the window, and the menu opened again if needed.
 * `then` is what the choice shows; without it a choice that did nothing would pass unnoticed.
 */
export async function chooseFromMenu(open: () => Promise<void>, item: Locator, then: Locator) {
  await expect(async () => {
    if (!(await then.isVisible())) {
      if (!(await item.isVisible())) await open();
      await expect(item).toBeInViewport({ timeout: 3_000 });
      await item.click({ timeout: 3_000 });
    }
    await expect(then).toBeVisible({ timeout: 5_000 });
  }).toPass();
}

/** Right-clicks an open page's tab and chooses an item of its menu. */
export async function chooseFromTabMenu(page: Page, tab: string, item: string, then: Locator) {
  const tabLink = page.getByRole('navigation', { name: 'Open pages' }).getByRole('link', { name: tab });
  await chooseFromMenu(() => tabLink.click({ button: 'right' }), page.getByRole('menuitem', { name: item, exact: true }), then);
}

/** Chooses an item of the top bar's account menu (profile, change password, sign out). */
export async function chooseFromAccountMenu(page: Page, item: string, then: Locator) {
  await chooseFromMenu(() => page.getByRole('button', { name: 'Account menu' }).click(), page.getByRole('menuitem', { name: item, exact: true }), then);
}

/**
 * Clicks a server-rendered control until what it opens is visible. Its handler is attached once
 * the page is hydrated; on CI's two busy cores a first click can come earlier and do nothing.
 */
export async function clickUntilVisible(trigger: Locator, opened: Locator) {
  await expect(async () => {
    // A slow first opening must not be clicked shut again: the closing menu would still count as visible.
    if (!(await opened.isVisible())) await trigger.click();
    await expect(opened).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

/**
 * Confirms a dialog with its button, again while the dialog stays open: a click during the dialog's
 * opening motion can miss its button on CI's busy cores. Only for a choice that closes the dialog.
 */
export async function confirmDialog(dialog: Locator, button: string) {
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: button }).click({ timeout: 5_000 });
    await expect(dialog).toBeHidden({ timeout: 5_000 });
  }).toPass();
}

/**
 * Opens a select and answers the options of its own dropdown: another select's dropdown may still
 * be closing and counts as visible while it does, and before hydration a click opens nothing.
 */
export async function openOptions(page: Page, select: Locator): Promise<Locator> {
  const id = await select.getAttribute('id');
  expect(id, 'the select has an id').toBeTruthy();
  const options = page.locator(`.ant-select-dropdown:has([id="${id}_list"]) .ant-select-item-option`);
  await clickUntilVisible(select, options.first());
  return options;
}

/**
 * Downloads the export of a list in this format, as a person would: the button's menu is opened
 * (again if a click came too early) and the item chosen until the export's request goes out. On
 * CI's busy cores a click on a menu still being placed can land where the item no longer is:
 * the menu stays open and nothing starts (CI's run of bdbf026, and a clean run after it).
 */
export async function exportAs(page: Page, button: Locator, format: 'CSV' | 'Excel (xlsx)'): Promise<Download> {
  const item = page.getByRole('menuitem', { name: format });
  const download = page.waitForEvent('download', { timeout: 60_000 });
  const isExport = (request: Request) => {
    const path = new URL(request.url()).pathname;
    return path.startsWith('/api/export/') && path !== '/api/export/progress';
  };
  await expect(async () => {
    await clickUntilVisible(button, item);
    const requested = page.waitForRequest(isExport, { timeout: 5_000 });
    requested.catch(() => undefined); // awaited below unless the click itself fails first
    await item.click({ timeout: 5_000 });
    await requested;
  }).toPass();
  // A refused or broken export says so in a message and never downloads: fail with its words.
  const failed = page.locator('.ant-message-error');
  const refusal = failed.waitFor({ timeout: 60_000 }).then(
    async () => `the export failed: ${await failed.innerText()}`,
    () => 'no download',
  );
  const outcome = await Promise.race([download, refusal]);
  if (typeof outcome === 'string') throw new Error(outcome);
  return outcome;
}

/**
 * Shows columns of the page's list from its column menu, as a user would: the optional ones
 * (docs/list-kit.md) are hidden until chosen. `labels` names them as the menu does, or 'all'.
 */
export async function showColumns(page: Page, labels: readonly string[] | 'all') {
  const menu = page.locator('.ant-dropdown:visible');
  await clickUntilVisible(page.getByRole('button', { name: 'Columns' }), menu);
  // The menu's box can be visible a moment before its checkboxes are in it: 'all' read then was none
  // (the every-column test failed one run in five on this machine with no box ticked).
  await expect(menu.getByRole('checkbox').first()).toBeVisible();
  const boxes = labels === 'all' ? await menu.getByRole('checkbox').all() : labels.map((label) => menu.getByRole('checkbox', { name: label, exact: true }));
  for (const box of boxes) if (!(await box.isChecked())) await box.check();
  // The menu closes with a click outside it, as a person closes it.
  await page.mouse.click(2, 200);
  await expect(menu).toBeHidden();
}
