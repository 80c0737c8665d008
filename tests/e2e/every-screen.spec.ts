import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { buildMenu } from '../../lib/auth/menu';
import { SCRIPTS_TOUCH } from '../../lib/i18n/spacing';
import { MENUS, ROLES } from '../../upstream/seed/reference-data';
import { expect, motionSettled, newUser, readyUser, settled, signIn, test, ZH_HK_LABELS } from './fixtures';

/**
 * Every menu screen of every demo role (issue 28, 14 and 17), each loaded once in a signed-in page:
 * axe with WCAG 2.2 AA's rules, colour contrast on; and the words and numbers a reader meets: an
 * amount's currency apart from it, telephone numbers grouped, whole counts, and (in Chinese) Latin
 * text set off from Chinese. One sign-in per role walks its screens; each role is read in one
 * language, the three spread over them. The shell around the screens is checked on the first screen,
 * the content of the others (`main`) on each.
 *
 * axe is most of a screen's time (seconds on CI's two cores), and several roles of one customer get
 * the same screen (the dashboard, the activity log) built of the same markup. axe's findings follow
 * from the markup (elements, their classes, styles and ARIA) and not from the words in it, so a
 * screen whose markup is one already checked in this run is not checked again; its words still are.
 */

type Locale = 'en-GB' | 'zh-HK' | 'zh-CN';
const LABELS: Record<Locale, typeof ZH_HK_LABELS | undefined> = {
  'en-GB': undefined,
  'zh-HK': ZH_HK_LABELS,
  'zh-CN': { account: '邮箱或账户名称', password: '密码', captcha: '验证码', submit: '登录' },
};

/**
 * The demo roles: role 2's demo user (newcomer) is another test's first login, and auth.spec.ts resets
 * role 8's (assets) password, so those two are users of the sweep's own.
 */
// The two with the most screens (the administrator, the partner) in Chinese and in English: the smart
// tips' counts and names are read both ways.
const SWEEPS: { who: string; roleId: number; partner?: boolean; locale: Locale }[] = [
  { who: 'admin', roleId: 1, locale: 'zh-HK' },
  { who: 'partner@demo.test', roleId: 1, partner: true, locale: 'en-GB' },
  { who: 'a new user of role 2', roleId: 2, locale: 'zh-HK' },
  { who: 'checker@demo.test', roleId: 3, locale: 'en-GB' },
  { who: 'maker@demo.test', roleId: 4, locale: 'zh-CN' },
  { who: 'viewer@demo.test', roleId: 5, locale: 'en-GB' },
  { who: 'wxali@demo.test', roleId: 6, locale: 'zh-HK' },
  { who: 'a new user of role 8', roleId: 8, locale: 'zh-CN' },
];

/** The menu screens a role has, from the reference data's role table (as the sidebar builds them). */
function screensOf(roleId: number, partner = false): string[] {
  const role = ROLES.find((r) => r.role_id === roleId);
  const leaves = MENUS.filter((m) => !MENUS.some((c) => c.parent === m.code));
  const codes = role?.menus === 'all' ? leaves.map((m) => m.code) : (role?.menus ?? []);
  const allowed = codes.filter((code) => !partner || !MENUS.find((m) => m.code === code)?.customerOnly);
  return buildMenu(allowed).flatMap((entry) => (entry.kind === 'item' ? [entry.path] : entry.items.map((i) => i.path)));
}

const sidebarPaths = (page: Page) =>
  page.locator('.portal-sider a[data-menu-code]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

/**
 * Words and numbers as a reader meets them, in the text each element holds itself (its own text
 * nodes joined, as React renders `{name}自` in two): "HKD" run into its amount, a telephone number
 * left as the digits the services keep, a count with decimals, Latin text touching Chinese.
 */
async function wordsAndNumbers(page: Page, chinese: boolean): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const seen: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node as HTMLElement;
      if (element.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
      const own = Array.from(element.childNodes)
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim();
      if (own) seen.push(own);
      // An amount's currency and figure in elements of their own (a statistic's prefix and value): read together, as copied or spoken.
      const whole = element.innerText?.trim();
      if (whole && /HKD/.test(whole) && whole.length < 200) seen.push(whole);
    }
    return seen;
  });
  const rules: [string, RegExp][] = [
    ['HKD run into its amount', /HKD(?=[\d-])/],
    ['a telephone number left as digits', /(?<![\d+ ])852\d{8}(?!\d)/],
    // A rate per 100 sales ("36.2 voids and refunds per 100 sales") may have decimals; a count may not.
    ['a count of transactions with decimals', /^(?!.*(per 100|每 100)).*\d\.\d+ (transactions?|筆|笔)/],
  ];
  if (chinese) rules.push(['Latin text touching Chinese', SCRIPTS_TOUCH]);
  return [...new Set(texts.flatMap((text) => rules.filter(([, rule]) => rule.test(text)).map(([problem]) => `${problem}: ${text.slice(0, 120)}`)))];
}

/** axe's WCAG 2.2 AA rules on the page (or only its `main`), colour contrast among them, and what each finds. */
async function axeProblems(page: Page, within?: string): Promise<string[]> {
  // Details of violations only: axe's passes and incomplete results on every node of a long list cost more than its checks.
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).options({ resultTypes: ['violations'] });
  await motionSettled(page);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` [${n.any[0].message}]` : ''}`).join('; ')}`);
}

/**
 * The markup of the page (or its `main`) without its words: each element's tag and attributes, the
 * values of those that carry text or ids (labels, titles, links, ids) reduced to whether they are
 * empty, and whether each text node is. Two screens alike in this get the same findings from axe.
 */
async function markupOf(page: Page, within?: string): Promise<string> {
  const markup = await page.locator(within ?? 'body').evaluate((root) => {
    const words = /^(aria-label|aria-valuetext|aria-valuenow|aria-valuemax|aria-labelledby|aria-describedby|aria-controls|aria-activedescendant|aria-owns|title|alt|placeholder|value|href|id|for|name|data-.*)$/;
    const parts: string[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        parts.push((node.textContent ?? '').trim() ? 'T' : '');
        return;
      }
      if (!(node instanceof Element)) return;
      const attributes = Array.from(node.attributes)
        .map((a) => (words.test(a.name) ? `${a.name}${a.value ? '+' : '-'}` : `${a.name}=${a.value}`))
        .sort();
      parts.push(`<${node.tagName} ${attributes.join(' ')}>`);
      node.childNodes.forEach(walk);
      parts.push('>');
    };
    walk(root);
    return parts.join('');
  });
  return createHash('sha256').update(markup).digest('hex');
}

/** Markup axe has checked in this run (a worker's tests share it; another worker checks its own). */
const checkedMarkup = new Set<string>();

test.describe.configure({ mode: 'parallel' });

for (const sweep of SWEEPS) {
  const { locale } = sweep;
  test.describe(`${sweep.who} in ${locale}`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('every menu screen passes axe (colour contrast on) and writes its numbers and words as a reader reads them', async ({ page, browser, leakScan }) => {
      const screens = screensOf(sweep.roleId, sweep.partner);
      test.setTimeout(60_000 + screens.length * 10_000);
      const problems: Record<string, string[]> = {};
      let shellChecked = false;
      const check = async (screen: string) => {
        await settled(page);
        const within = shellChecked ? 'main' : undefined;
        const markup = `${screen} ${await markupOf(page, within)}`;
        const found = [...(checkedMarkup.has(markup) ? [] : await axeProblems(page, within)), ...(await wordsAndNumbers(page, locale !== 'en-GB'))];
        checkedMarkup.add(markup);
        shellChecked = true;
        if (found.length) problems[screen] = found;
      };

      if (sweep.roleId === 2) {
        // A new user meets the forced first-login page first: it is checked, then passed as a person would.
        const { account, password } = await newUser(browser, 2);
        leakScan.secret(password);
        await signIn(page, account, password, LABELS[locale]);
        await expect(page).toHaveURL(/\/FirstLoginUpdPwd$/, { timeout: 30_000 });
        await check('/FirstLoginUpdPwd');
        const setPassword = async (next: string) => {
          leakScan.secret(next);
          await page.getByLabel('新密碼', { exact: true }).fill(next);
          await page.getByLabel('確認新密碼').fill(next);
          await page.getByRole('button', { name: '儲存並繼續' }).click();
        };
        await setPassword('Sweep#2028a');
        await expect(page.getByText('請設定用於審批退款及管理帳戶的管理密碼。')).toBeVisible({ timeout: 30_000 });
        await setPassword('Sweep#2028b');
      } else if (sweep.roleId === 8) {
        await signIn(page, await readyUser(browser, 8, 'Sweep#2028c', leakScan), 'Sweep#2028c', LABELS[locale]);
      } else {
        await signIn(page, sweep.who, 'Portal#2026', LABELS[locale]);
      }
      await expect(page).toHaveURL(new RegExp(`${screens[0]}$`), { timeout: 30_000 });
      // The sidebar offers exactly these screens: a screen added to the role is swept too.
      expect(await sidebarPaths(page)).toEqual(screens);
      for (const screen of screens) {
        if (new URL(page.url()).pathname !== screen) await page.goto(screen);
        await check(screen);
      }
      expect(problems).toEqual({});
    });
  });
}
