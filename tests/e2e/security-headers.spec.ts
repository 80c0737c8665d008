import { expect, test } from './fixtures';

const PAGES = ['/404', '/401', '/empty', '/login'];

test('pages carry a nonce-based CSP and every script carries that nonce', async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of PAGES) {
    const response = await request.get(path);
    const csp = response.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, `${path} CSP nonce`).toBeTruthy();
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    nonces.add(nonce as string);

    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const headers = response.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['x-powered-by']).toBeUndefined();
  }
  expect(nonces.size).toBe(PAGES.length);
});

test('API answers carry a CSP that loads nothing', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
});

test('Chromium logs no CSP violation while the pages load and hydrate', async ({ page }) => {
  // The auto fixture fails the test on any violation; hydration is proven by the language switch working.
  for (const path of PAGES) {
    await page.goto(path);
    await page.getByRole('combobox').selectOption('zhCN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans-CN');
    await page.getByRole('combobox').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
});

test('an injected inline script is refused and reported, as an XSS payload would be', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.route('**/404', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<body>', '<body><script>window.__injected = true</script>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(violations.length).toBeGreaterThan(0);
  await context.close();
});
