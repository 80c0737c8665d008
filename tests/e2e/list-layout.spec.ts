import type { Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../lib/i18n/languages';
import type { ListColumn, ListDefinition } from '../../lib/list-kit/definition';
import { accountsList } from '../../lib/lists/accounts';
import { activityList } from '../../lib/lists/activity';
import { applicationsList } from '../../lib/lists/applications';
import { assetHistoryList } from '../../lib/lists/assets';
import { documentsList } from '../../lib/lists/documents';
import { merchantsList, paymentsList, storesList } from '../../lib/lists/merchants';
import { noticesList } from '../../lib/lists/notices';
import { paymentRequestsList } from '../../lib/lists/payment-requests';
import { reconciliationList, reconWxAliList } from '../../lib/lists/reconciliation';
import { refundDecidedList, refundRequestsList, refundReviewList } from '../../lib/lists/refunds';
import { settlesList, settleWxAliList } from '../../lib/lists/settles';
import { transactionsList } from '../../lib/lists/transactions';
import { clickUntilVisible, expect, showColumns, signedIn, test } from './fixtures';

/*
 * Issue 28, "Lists and money": every list shows its essential columns (the ones not in the column
 * menu) in view at 1440 and 1024 px, in each language, none of them under a pinned column; no
 * amount is cut; a column partly under the pinned ones never shows cut text; summary figures fit
 * their cards at 390, 1024 and 1440 px for the largest account (a partner over a year).
 */

const hongKongDay = (offsetDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const YEAR = `from=${hongKongDay(-365)}&to=${hongKongDay()}`;

interface Screen {
  definition: ListDefinition;
  path: string;
  /** A row's drawer holds lists of its own (a settlement file's transactions): checked in the drawer too. */
  panels?: string[];
  /** Makes the rows a fresh database lacks, as the user would (through the portal's own route). */
  prepare?: (page: Page) => Promise<void>;
}

/** A payment request with a long description (the seed has none): the create-transaction list's row. */
async function paymentRequest(page: Page) {
  const answer = await page.request.post('/api/collect/requests', {
    headers: { origin: new URL(page.url()).origin },
    data: { merchantNo: '852000100000001', storeCode: 'S000001', amount: '12345.60', description: 'Deposit for the wedding banquet of 12 December, tables 7 and 8, with the wine list', expiresInMinutes: 60, requestKey: `layout-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Every list screen, with a view that has rows (the e2e seed's data), by the user who sees it. */
const SCREENS: Record<string, Screen[]> = {
  admin: [
    { definition: transactionsList, path: `/transaction/transactions?from=${hongKongDay(-60)}&to=${hongKongDay(-1)}` },
    { definition: settlesList, path: '/transaction/settles', panels: ['files'] },
    { definition: reconciliationList, path: '/transaction/reconciliation', panels: ['transactions'] },
    { definition: refundRequestsList, path: `/transaction/refundRequest?from=${hongKongDay(-29)}&to=${hongKongDay()}` },
    { definition: refundReviewList, path: '/transaction/reviewRefund' },
    { definition: refundDecidedList, path: '/transaction/reviewRefund?view=decided' },
    { definition: assetHistoryList, path: '/merchant/totalAssets' },
    { definition: merchantsList, path: '/merchant/merchants' },
    { definition: paymentsList, path: '/merchant/payments' },
    { definition: storesList, path: '/merchant/stores' },
    { definition: applicationsList, path: '/merchant/applyService' },
    { definition: accountsList, path: '/accountMng/accountStatus' },
    { definition: activityList, path: `/log/activityLog?from=${hongKongDay(-365)}&to=${hongKongDay()}` },
    { definition: documentsList, path: '/uploadDocuments' },
    { definition: noticesList, path: '/notifications' },
    { definition: paymentRequestsList, path: '/collect/createTransaction', prepare: paymentRequest },
  ],
  // The WeChat Pay and Alipay user of the issue (未劃款 cut to "1,073.1" under the pinned columns).
  'wxali@demo.test': [
    { definition: settleWxAliList, path: '/transaction/settleWxAli', panels: ['files'] },
    { definition: reconWxAliList, path: '/transaction/reconWxAli', panels: ['transactions'] },
  ],
  // A partner's rows name the stores and merchants of several customers.
  'partner@demo.test': [
    { definition: transactionsList, path: `/transaction/transactions?from=${hongKongDay(-60)}&to=${hongKongDay(-1)}` },
    { definition: settlesList, path: '/transaction/settles' },
    { definition: reconciliationList, path: '/transaction/reconciliation' },
    { definition: merchantsList, path: '/merchant/merchants' },
    { definition: storesList, path: '/merchant/stores' },
  ],
};

/** The columns a list shows before anyone chooses, in the table's order: the pinned ones last, at the right edge. */
const essential = (columns: readonly ListColumn[]) => [...columns.filter((c) => !c.optional && !c.pinned), ...columns.filter((c) => !c.optional && c.pinned)].map((c) => c.id);
const numeric = (columns: readonly ListColumn[]) => columns.filter((c) => c.format === 'amount' || c.format === 'count' || c.format === 'percent').map((c) => c.id);

/** The language cookie for the whole site. */
async function chooseLanguage(page: Page, language: Language) {
  await page.context().addCookies([{ name: 'language', value: language, url: new URL('/', page.url()).href }]);
}

/**
 * What is wrong with a table's columns as a user sees them, in words: an essential column not shown
 * or shown with an optional one beside it, a header or cell outside the table's visible box, a cell
 * whose text is covered by another (the pinned columns), an amount's text wider than its cell.
 */
async function layoutProblems(page: Page, table: string, columns: readonly ListColumn[]): Promise<string[]> {
  return page.evaluate(
    ({ selector, essentials, numbers }) => {
      const element = document.querySelector<HTMLTableElement>(selector);
      if (!element) return [`no table ${selector}`];
      const frame = element.parentElement as HTMLElement;
      const problems: string[] = [];
      const ids = [...element.querySelectorAll<HTMLElement>('thead th')].map((th) => th.dataset.column ?? '');
      const shown = ids.filter(Boolean);
      if (shown.join() !== essentials.join()) problems.push(`the columns shown are ${shown.join()}, the essential ones ${essentials.join()}`);
      const describe = (node: Element | null) => (node ? `${node.tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 30)}"` : 'nothing');
      const inView = (what: string, box: DOMRect) => {
        const frameBox = frame.getBoundingClientRect();
        const left = frameBox.left + frame.clientLeft;
        const right = left + frame.clientWidth;
        if (box.left < left - 0.5 || box.right > right + 0.5) problems.push(`${what} at ${Math.round(box.left - left)}..${Math.round(box.right - left)} px, the table shows 0..${frame.clientWidth}`);
      };
      for (const id of essentials) {
        const th = element.querySelector(`thead th[data-column="${id}"]`);
        if (th) inView(`the header of ${id}`, th.getBoundingClientRect());
      }
      const rows = [...element.querySelectorAll<HTMLTableRowElement>('tbody tr.portal-row')];
      if (rows.length === 0) problems.push('no rows to check');
      rows.forEach((row, r) => {
        row.scrollIntoView({ block: 'center', inline: 'start' });
        for (const id of essentials) {
          const cell = row.children[ids.indexOf(id)] as HTMLElement | undefined;
          if (!cell) continue;
          inView(`row ${r + 1}'s ${id}`, cell.getBoundingClientRect());
          const range = document.createRange();
          range.selectNodeContents(cell);
          const text = range.getBoundingClientRect();
          if (text.width === 0) continue;
          const hit = document.elementFromPoint(text.left + text.width / 2, text.top + text.height / 2);
          if (!cell.contains(hit)) problems.push(`row ${r + 1}'s ${id} "${cell.textContent}" is covered by ${describe(hit)}`);
          if (numbers.includes(id) && (cell.scrollWidth > cell.clientWidth || text.width > cell.clientWidth)) problems.push(`row ${r + 1}'s ${id} "${cell.textContent}" is cut`);
        }
      });
      return problems;
    },
    { selector: table, essentials: essential(columns), numbers: numeric(columns) },
  );
}

/** Checks a table at 1440 and 1024 px (the sidebar beside it at 1440, folded away at 1024). */
async function checkWidths(page: Page, table: string, columns: readonly ListColumn[], name: string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    // The pinned columns are measured after a resize: wait for the layout to settle, and say what stayed wrong.
    await expect.poll(() => layoutProblems(page, table, columns), { message: `${name} at ${width} px`, timeout: 10_000 }).toEqual([]);
  }
}

for (const [user, screens] of Object.entries(SCREENS)) {
  for (const language of LANGUAGES) {
    test(`${user} in ${language}: every list's essential columns are in view at 1440 and 1024 px, none covered, no amount cut`, async ({ page }) => {
      test.setTimeout(60_000 + screens.length * 30_000);
      await signedIn(page, user);
      await chooseLanguage(page, language);
      for (const screen of screens) {
        await page.setViewportSize({ width: 1440, height: 900 });
        await screen.prepare?.(page);
        await page.goto(screen.path);
        const name = `${screen.definition.id} (${screen.path})`;
        await expect(page.locator(`table[data-list="${screen.definition.id}"] tbody tr.portal-row`).first(), `${name} has rows`).toBeVisible();
        await checkWidths(page, `table[data-list="${screen.definition.id}"]`, screen.definition.columns, name);
        for (const panel of screen.panels ?? []) {
          const section = screen.definition.detailRows?.find((s) => s.id === panel);
          if (!section) throw new Error(`${screen.definition.id} has no panel ${panel}`);
          await page.setViewportSize({ width: 1440, height: 900 });
          await clickUntilVisible(page.locator('tbody tr.portal-row').first(), page.getByTestId(`detail-${panel}`).locator('tbody tr.portal-row').first());
          await checkWidths(page, `[data-testid="detail-${panel}"] table`, section.columns, `${name}'s ${panel} panel`);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId(`detail-${panel}`)).toBeHidden();
        }
      }
    });
  }
}

/**
 * Cells shown while only partly in the table's visible band (between the stuck columns at either
 * side), at scroll positions across the whole width: none may be, since a cut "1,073.10" reads
 * "1,073.1". Also says whether the pinned columns were stuck over a scrolling table at all.
 */
async function cutCells(page: Page, table: string): Promise<{ stuck: boolean; scrolls: boolean; hidden: number; problems: string[] }> {
  return page.evaluate(async (selector) => {
    const element = document.querySelector<HTMLTableElement>(selector);
    if (!element) return { stuck: false, scrolls: false, hidden: 0, problems: [`no table ${selector}`] };
    const frame = element.parentElement as HTMLElement;
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const headers = [...element.querySelectorAll<HTMLElement>('thead th')];
    const stuck = headers.some((th) => th.dataset.stuck === 'right');
    const max = frame.scrollWidth - frame.clientWidth;
    const problems: string[] = [];
    let hidden = 0;
    for (let x = 0; x <= max + 29; x += 29) {
      frame.scrollLeft = Math.min(x, max);
      await frames();
      const box = frame.getBoundingClientRect();
      const left = headers.filter((th) => th.dataset.stuck === 'left').reduce((edge, th) => Math.max(edge, th.getBoundingClientRect().right), box.left + frame.clientLeft);
      const right = headers.filter((th) => th.dataset.stuck === 'right').reduce((edge, th) => Math.min(edge, th.getBoundingClientRect().left), box.left + frame.clientLeft + frame.clientWidth);
      for (const row of element.querySelectorAll('tr')) {
        [...row.children].forEach((cell, i) => {
          if (headers[i]?.dataset.stuck || !(cell.textContent ?? '').trim()) return;
          const r = cell.getBoundingClientRect();
          const partly = r.right > left + 1 && r.left < right - 1 && (r.left < left - 1 || r.right > right + 1);
          if (!partly) return;
          if (getComputedStyle(cell).opacity === '0') hidden++;
          else problems.push(`at ${frame.scrollLeft} px, "${(cell.textContent ?? '').trim().slice(0, 24)}" shows ${Math.round(Math.min(r.right, right) - Math.max(r.left, left))} of ${Math.round(r.width)} px`);
        });
      }
    }
    frame.scrollLeft = 0;
    return { stuck, scrolls: max > 0, hidden, problems: problems.slice(0, 10) };
  }, table);
}

for (const { user, definition, path } of [
  { user: 'wxali@demo.test', definition: settleWxAliList, path: '/transaction/settleWxAli' },
  { user: 'admin', definition: transactionsList, path: `/transaction/transactions?from=${hongKongDay(-60)}&to=${hongKongDay(-1)}` },
]) {
  test(`${definition.id} with every column shown: a column partly under the pinned ones shows no cut text, at 1024, 768 and 390 px`, async ({ page }) => {
    await signedIn(page, user);
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(path);
    const table = `table[data-list="${definition.id}"]`;
    await expect(page.locator(`${table} tbody tr.portal-row`).first()).toBeVisible();
    await showColumns(page, 'all');
    await expect(page.locator(`${table} thead th[data-column]`)).toHaveCount(definition.columns.length);
    for (const width of [1024, 768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      const result = await cutCells(page, table);
      expect(result.problems, `${definition.id} at ${width} px`).toEqual([]);
      expect(result.scrolls, `${definition.id} at ${width} px is wider than its box, so some column is partly out of view`).toBe(true);
      // Where the pinned columns stick (not on a phone, where they would leave the rest too little), some column passed under them.
      if (width > 390) expect(result.stuck && result.hidden > 0, `${definition.id} at ${width} px: a column passed under the stuck pinned columns`).toBe(true);
    }
  });
}

/** Each summary figure's text against its card: wider than its box, out of the card, or shrunk past reading. */
async function figureProblems(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((cards) =>
    cards.flatMap((card) => {
      const content = card.querySelector<HTMLElement>('.ant-statistic-content');
      if (!content) return [`${card.dataset.testid}: no figure`];
      const range = document.createRange();
      range.selectNodeContents(content);
      const text = range.getBoundingClientRect();
      const box = card.getBoundingClientRect();
      const size = parseFloat(getComputedStyle(content).fontSize);
      const problems: string[] = [];
      const name = `${card.dataset.testid} "${content.textContent}"`;
      if (content.scrollWidth > content.clientWidth) problems.push(`${name} is ${content.scrollWidth} px in a ${content.clientWidth} px box`);
      if (text.left < box.left || text.right > box.right) problems.push(`${name} runs ${Math.round(text.right - box.right)} px out of its card`);
      if (size < 12) problems.push(`${name} shrank to ${size} px`);
      return problems;
    }),
  );
}

for (const language of LANGUAGES) {
  test(`a partner's year in ${language}: every summary amount fits its card at 390, 1024 and 1440 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await signedIn(page, 'partner@demo.test');
    await chooseLanguage(page, language);
    for (const path of ['/transaction/transactions', '/transaction/settles', '/transaction/reconciliation', '/transaction/settleWxAli', '/transaction/reconWxAli']) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${path}?${YEAR}`);
      const cards = page.locator('[data-testid^="summary-"]');
      await expect(cards.first()).toBeVisible();
      for (const width of [1440, 1024, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => figureProblems(page, '[data-testid^="summary-"]'), { message: `${path} at ${width} px` }).toEqual([]);
      }
    }
  });
}

test('total assets and the refund lists: figures fit their cards at 390, 1024 and 1440 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin');
  for (const [path, cards] of [
    ['/merchant/totalAssets', '[data-testid^="asset-"]:not([data-testid="asset-pie"]), [data-testid^="summary-"]'],
    [`/transaction/refundRequest?from=${hongKongDay(-29)}&to=${hongKongDay()}`, '[data-testid^="summary-"]'],
  ] as const) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await expect(page.locator(cards).first()).toBeVisible();
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => figureProblems(page, cards), { message: `${path} at ${width} px` }).toEqual([]);
    }
  }
});

test('money going out carries its minus sign: refunds and voids in the list, the drawer and the summary; decreases of total assets', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto(`/transaction/transactions?from=${hongKongDay(-60)}&to=${hongKongDay(-1)}&size=100`);
  const table = page.locator('table[data-list="transactions"]');
  const headers = await table.locator('thead th').evaluateAll((ths) => ths.map((th) => (th as HTMLElement).dataset.column));
  const rows = await table.locator('tbody tr.portal-row').evaluateAll(
    (trs, [type, amount]) => trs.map((tr) => ({ type: tr.children[type as number]?.textContent ?? '', amount: tr.children[amount as number]?.textContent ?? '' })),
    [headers.indexOf('type'), headers.indexOf('amount')],
  );
  const outgoing = rows.filter((row) => /refund|void/i.test(row.type));
  expect(outgoing.length, 'refunds or voids among the rows').toBeGreaterThan(0);
  for (const row of rows) expect(row, 'a refund or void is negative, anything else is not').toMatchObject({ amount: /refund|void/i.test(row.type) ? /^-[\d,]+\.\d{2}$/ : /^[\d,]+\.\d{2}$/ });
  // The drawer says the same.
  const refund = table.locator('tbody tr.portal-row').filter({ hasText: /refund/i }).first();
  const shown = (await refund.locator('td').nth(headers.indexOf('amount')).innerText()).trim();
  await refund.click();
  const drawer = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(drawer.getByRole('rowheader', { name: 'Amount (HKD)', exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(shown);
  await page.keyboard.press('Escape');
  // The summary's voids and refunds are negative too, so the net is the sum of the three.
  const figure = async (id: string) => Math.round(Number((await page.getByTestId(`summary-${id}`).locator('.ant-statistic-content').innerText()).replace(/[^\d.-]/g, '')) * 100);
  expect(await figure('REFUND')).toBeLessThan(0);
  expect(await figure('VOID')).toBeLessThanOrEqual(0);
  expect((await figure('SALE')) + (await figure('VOID')) + (await figure('REFUND'))).toBe(await figure('net'));

  await page.goto('/merchant/totalAssets?direction=DECREASE');
  const decreases = await page.locator('table[data-list="assetHistory"] tbody tr.portal-row td:last-child').allInnerTexts();
  expect(decreases.length).toBeGreaterThan(0);
  for (const amount of decreases) expect(amount).toMatch(/^-[\d,]+\.\d{2}$/);
});

test('a long name is cut to three lines in the table, whole on hover and in the details', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await signedIn(page, 'admin');
  await page.goto('/merchant/stores');
  const table = page.locator('table[data-list="stores"]');
  const headers = await table.locator('thead th').evaluateAll((ths) => ths.map((th) => (th as HTMLElement).dataset.column));
  const address = table.locator('tbody tr.portal-row').first().locator('td').nth(headers.indexOf('address')).locator('div');
  const whole = await address.getAttribute('title');
  expect(whole && whole.length).toBeGreaterThan(20);
  // The table holds the whole name (for reading aloud and copying), shown on at most three lines.
  expect(await address.textContent()).toBe(whole);
  const lines = await address.evaluate((div) => Math.round(div.clientHeight / parseFloat(getComputedStyle(div).lineHeight)));
  expect(lines).toBeLessThanOrEqual(3);
  await address.click();
  await expect(page.getByRole('dialog')).toContainText(whole as string);
});
