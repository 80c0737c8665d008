import type { Locator, Page } from '@playwright/test';
import en from '../../messages/en.json';
import zhCN from '../../messages/zhCN.json';
import zhTW from '../../messages/zhTW.json';
import { clickUntilVisible, confirmDialog, expect, seededDay, signedInPage, test } from './fixtures';

/**
 * Issue 28, the refund screens told straight: the batch preview says "Ready" only for rows the
 * services would take; a rejection carries its reason to the requester and the activity log, and
 * each decision reads Approved or Rejected; an administrator's own request is named before any
 * password; a voided sale says so; order and merchant numbers never break across lines.
 * Each test takes sales of its own days of the demo data (`seededDay`: refunds.spec.ts takes 2, 4 and 5 days back; these 6 to 9 and 10 on).
 */

const REQUEST = '/transaction/refundRequest';
const REVIEW = '/transaction/reviewRefund';
const MESSAGES = { en, zhTW, zhCN } as const;
type Language = keyof typeof MESSAGES;
const LANGUAGES: Language[] = ['en', 'zhTW', 'zhCN'];

interface Sale {
  order_no: string;
  merchant_no: string;
  gmt_payment: string;
  trans_amount: string;
  refundBalance: string;
  voidedAmount?: string;
  voidTime?: string;
}

const money = (amount: string | number) => Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const stamp = (text: string) => `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)} ${text.slice(8, 10)}:${text.slice(10, 12)}:${text.slice(12, 14)}`;
/** A message of the app's own files with its simple {placeholders} filled (the Chinese files have no plurals where used here). */
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
/** The seed's card sales: the type the refund search finds and refunds. */
const CARD_SALE = en.codes.transType['11'];
const languageCookie = (value: string) => [{ name: 'language', value, domain: '127.0.0.1', path: '/' }];
/** A browser window this wide, for a user's page of its own. */
const at = (width: number) => ({ viewport: { width, height: 900 } });

/** The card sales of a day as the refund search sees them (each with its balance, voids included). */
async function salesOfDay(page: Page, daysAgo: number): Promise<Sale[]> {
  const day = await seededDay(page.request, -daysAgo);
  await page.goto(`/transaction/transactions?from=${day}&to=${day}&size=100`);
  await expect(page.locator('tbody tr.portal-row').first()).toBeVisible();
  const headers = await page.locator('thead th').allInnerTexts();
  const [order, type] = [en.tx.order, en.tx.transType].map((h) => headers.findIndex((text) => text.trim() === h));
  const rows = await page.locator('tbody tr.portal-row').evaluateAll((trs, [o, t]) => trs.map((tr) => [tr.children[o as number]?.textContent?.trim(), tr.children[t as number]?.textContent?.trim()]), [order, type]);
  const sales: Sale[] = [];
  for (const [orderNo, typeName] of rows) {
    if (typeName !== CARD_SALE || !orderNo) continue;
    const found = await page.request.post('/api/refunds/find', { data: { alipayOrder: orderNo }, headers: { origin: new URL(page.url()).origin } });
    const [sale] = ((await found.json()) as { data: Sale[] }).data;
    if (sale) sales.push(sale);
  }
  return sales;
}

const refundable = (sales: Sale[]) => sales.filter((sale) => Number(sale.refundBalance) > 10 && !(Number(sale.voidedAmount) > 0));

/** Requests a refund through the form's route, as the maker's browser would. */
async function requestRefund(page: Page, sale: Sale, amount: string, key: string): Promise<string> {
  const answer = await page.request.post('/api/refunds', {
    headers: { origin: new URL(page.url()).origin },
    data: { merchantNo: sale.merchant_no, alipayOrder: sale.order_no, transDate: sale.gmt_payment.slice(0, 8), transTime: sale.gmt_payment.slice(8), refundAmount: amount, reasonType: 'RETURN', reason: 'Returned', requestKey: `${key}-${Date.now()}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { refundNo: string } }).data.refundNo;
}

/** How many lines a text takes where it is shown: a number broken across lines takes two. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
}

test('the batch preview weighs each row against its sale and the file’s other rows, in three languages, its result in view at 390, 1024 and 1440 px', async ({ browser }) => {
  test.setTimeout(150_000);
  const maker = await signedInPage(browser, 'maker@demo.test', at(1440));
  const [a, b] = refundable(await salesOfDay(maker, 6)) as [Sale, Sale];
  expect(b, 'two refundable sales six days ago').toBeTruthy();
  const part = (Number(b.refundBalance) * 0.6).toFixed(2);
  const row = (sale: Sale, amount: string, overrides: { order?: string; type?: string } = {}) =>
    [sale.merchant_no, sale.gmt_payment.slice(0, 8), sale.gmt_payment.slice(8), overrides.order ?? sale.order_no, '', amount, overrides.type ?? 'RETURN', 'Returned'].join(',');
  const lines = [
    'merchantNo,transDate,transTime,orderNo,rrn,refundAmount,reasonType,reason',
    row(a, '1.00'), // line 2: ready
    row(a, (Number(a.refundBalance) + 100).toFixed(2)), // line 3: more than the sale's balance
    row(a, '1.00', { order: 'NOSUCHORDER0001' }), // line 4: no such sale
    row(b, part), // line 5: ready
    row(b, part), // line 6: with line 5, more than the balance
    row(a, '1.00', { type: 'REFUNDX' }), // line 7: no such reason type
  ];
  const file = { name: 'refunds.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) };
  const left = (Number(b.refundBalance) - Number(part)).toFixed(2);

  for (const language of LANGUAGES) {
    const m = MESSAGES[language].refund;
    await maker.context().addCookies(languageCookie(language));
    await maker.goto(REQUEST);
    await maker.locator('input[type=file]').setInputFiles(file);
    const preview = maker.getByTestId('batch-preview');
    const result = (line: number) => preview.locator('tbody tr', { has: maker.locator(`td:first-child:text-is("${line}")`) }).locator('td').nth(1);
    await expect(result(2)).toContainText(m.batch.ready);
    await expect(result(5)).toContainText(m.batch.ready);
    const types = (['RETURN', 'DUPLICATE', 'CANCELLED', 'AMOUNT', 'OTHER'] as const).map((code) => `${code} (${m.reasonTypes[code]})`).join(', ');
    if (language === 'en') {
      await expect(maker.getByText('2 of 6 rows can be submitted; 4 have errors.')).toBeVisible();
      await expect(result(3)).toHaveText(`The refund amount may not exceed the refundable balance of ${money(a.refundBalance)}.`);
      await expect(result(4)).toHaveText('No refundable sale has this merchantNo and orderNo or rrn: the transaction does not exist or is not yours.');
      await expect(result(6)).toHaveText(`This file also refunds this sale above (line 5): together they exceed its refundable balance of ${money(b.refundBalance)}; this row may take at most ${money(left)}.`);
      await expect(result(7)).toHaveText(`“REFUNDX” is not a reasonType. Use one of: ${types}.`);
    } else {
      await expect(result(3)).toHaveText(fill(m.errors.overBalance, { balance: money(a.refundBalance) }));
      await expect(result(4)).toHaveText(m.errors.batchNoSale);
      await expect(result(6)).toHaveText(fill(m.errors.batchOverBalanceWithRows, { lines: 5, balance: money(b.refundBalance), left: money(left) }));
      await expect(result(7)).toHaveText(fill(m.errors.batchReasonType, { given: 'REFUNDX', types }));
    }
    await expect(maker.getByRole('main').getByRole('button', { name: language === 'en' ? 'Submit 2 good rows' : fill(m.batch.submit, { count: 2 }) })).toBeEnabled();
  }

  // The result is read without scrolling the table sideways, at every width.
  await maker.context().addCookies(languageCookie('en'));
  for (const width of [1440, 1024, 390]) {
    await maker.setViewportSize({ width, height: 900 });
    await maker.goto(REQUEST);
    await maker.locator('input[type=file]').setInputFiles(file);
    const preview = maker.getByTestId('batch-preview');
    await expect(preview.locator('tbody tr').filter({ hasText: 'NOSUCHORDER0001' })).toBeVisible();
    const view = await preview.locator('.ant-table-body').boundingBox();
    const heading = await preview.locator('thead th', { hasText: 'Result' }).boundingBox();
    expect(view && heading && heading.x + heading.width <= view.x + view.width + 1, `the Result column inside the table's view at ${width} px`).toBe(true);
    expect(view && heading && heading.x + heading.width <= width, `the Result column on screen at ${width} px`).toBe(true);
    await preview.scrollIntoViewIfNeeded();
    await maker.screenshot({ path: test.info().outputPath(`batch-preview-${width}.png`) });
  }
});

test('a checker rejects with a reason the maker and the activity log show; each decision reads Approved or Rejected, in three languages', async ({ browser }) => {
  test.setTimeout(150_000);
  const maker = await signedInPage(browser, 'maker@demo.test', at(1440));
  const sales = refundable(await salesOfDay(maker, 8));
  expect(sales.length, 'four refundable sales eight days ago').toBeGreaterThanOrEqual(4);
  const requests: string[] = [];
  for (const [i, sale] of sales.slice(0, 4).entries()) requests.push(await requestRefund(maker, sale, '1.00', `e2e-decide-${i}`));
  const [rejected, approved, rejectedTw, approvedCn] = requests as [string, string, string, string];
  const reason = `Goods not returned (${rejected})`;

  const checker = await signedInPage(browser, 'checker@demo.test', at(1440));
  const decide = async (refundNo: string, action: 'approve' | 'reject', language: Language, why?: string) => {
    const m = MESSAGES[language].refund.review;
    await checker.context().addCookies(languageCookie(language));
    await checker.goto(`${REVIEW}?refundNo=${refundNo}`);
    await checker.locator('tbody tr.portal-row', { hasText: refundNo }).locator('input[type=checkbox]').check();
    await checker.getByRole('button', { name: m[action], exact: true }).click();
    const dialog = checker.getByRole('dialog');
    await expect(dialog.getByTestId('review-chosen')).toContainText(refundNo);
    await dialog.locator('#review-password').fill('Portal#2026');
    if (why !== undefined) {
      // A rejection without its reason is refused before anything is sent.
      await dialog.getByRole('button', { name: m.reject }).click();
      await expect(dialog).toContainText(MESSAGES[language].refund.errors.rejectReasonRequired);
      await dialog.locator('#review-reason').fill(why);
    }
    // Again while the dialog stays open: a click during its motion can miss on a busy machine (a clean run's did).
    await confirmDialog(dialog, m[action]);
    const outcome = checker.getByTestId('review-outcome-row').filter({ hasText: refundNo });
    await expect(outcome).toHaveText(`${refundNo} ${action === 'reject' ? m.rowRejected : m.rowApproved}`);
    await expect(checker.getByTestId('review-outcome')).not.toContainText('Done');
  };
  await decide(rejected, 'reject', 'en', reason);
  await checker.screenshot({ path: test.info().outputPath('review-rejected-en.png') });
  await decide(approved, 'approve', 'en');
  await decide(rejectedTw, 'reject', 'zhTW', '貨品未退回');
  await checker.screenshot({ path: test.info().outputPath('review-rejected-zhTW.png') });
  await decide(approvedCn, 'approve', 'zhCN');
  await checker.screenshot({ path: test.info().outputPath('review-approved-zhCN.png') });

  // The maker reads the reason with the request.
  await maker.goto(`${REQUEST}?refundNo=${rejected}`);
  const row = maker.locator('tbody tr.portal-row', { hasText: rejected });
  await expect(row).toContainText('Rejected');
  await row.click();
  const drawer = maker.getByRole('dialog');
  await expect(drawer.getByRole('row', { name: /Rejection reason/ })).toContainText(reason);
  await maker.screenshot({ path: test.info().outputPath('maker-reads-reason.png') });
  // And the activity log keeps it, beside the request's number.
  await checker.context().addCookies(languageCookie('en'));
  await checker.goto(`/log/activityLog?action=refundReject`);
  await expect(checker.locator('tbody tr.portal-row', { hasText: rejected })).toContainText(reason);
  await checker.screenshot({ path: test.info().outputPath('activity-log-reason.png') });
});

test('an administrator who ticks an own request is told at once, before any password, in three languages', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, 'admin', at(1440));
  const [sale] = refundable(await salesOfDay(admin, 9)) as [Sale];
  const own = await requestRefund(admin, sale, '1.00', 'e2e-own');
  for (const language of LANGUAGES) {
    const m = MESSAGES[language].refund.review;
    await admin.context().addCookies(languageCookie(language));
    await admin.goto(`${REVIEW}?refundNo=${own}`);
    await admin.locator('tbody tr.portal-row', { hasText: own }).locator('input[type=checkbox]').check();
    const warning = admin.getByTestId('review-own');
    await expect(warning).toHaveText(language === 'en' ? `${own}: requested by you, so another checker must decide. Approve and Reject leave your own requests out.` : fill(m.ownSelected, { numbers: own }));
    // Nothing to decide: no button leads to a password.
    await expect(admin.getByRole('button', { name: m.approve, exact: true })).toBeDisabled();
    await expect(admin.getByRole('button', { name: m.reject, exact: true })).toBeDisabled();
    await expect(admin.locator('#review-password')).toHaveCount(0);
    await admin.screenshot({ path: test.info().outputPath(`own-request-${language}.png`) });
  }
  // Beside another's request: the dialog asks the password for the other one only.
  await admin.context().addCookies(languageCookie('en'));
  await admin.goto(REVIEW);
  await admin.locator('tbody tr.portal-row', { hasText: own }).locator('input[type=checkbox]').check();
  const other = admin.locator('tbody tr.portal-row', { hasNotText: own }).first();
  const otherNo = (await other.innerText()).match(/RF\w+/)?.[0] as string;
  await other.locator('input[type=checkbox]').check();
  await expect(admin.getByTestId('review-own')).toContainText(own);
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByTestId('review-chosen')).toContainText(`1 request (${otherNo})`);
  await expect(admin.getByTestId('review-chosen')).not.toContainText(own);
  await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  // The warning and the actions on a phone and a wide screen, beside the list.
  for (const width of [1440, 390]) {
    await admin.setViewportSize({ width, height: 900 });
    await expect(admin.getByTestId('review-own')).toBeInViewport({ ratio: 0.5 });
    await admin.screenshot({ path: test.info().outputPath(`review-own-${width}.png`) });
  }
});

test('a voided sale is told as voided, not offered a form, its numbers whole at 390, 1024 and 1440 px, in three languages', async ({ browser }) => {
  test.setTimeout(150_000);
  const maker = await signedInPage(browser, 'maker@demo.test', at(1440));
  let voided: Sale | undefined;
  for (let daysAgo = 10; daysAgo < 20 && !voided; daysAgo++) voided = (await salesOfDay(maker, daysAgo)).find((sale) => Number(sale.voidedAmount) > 0);
  expect(voided, 'a voided card sale in the seed').toBeTruthy();
  const sale = voided as Sale;
  for (const language of LANGUAGES) {
    const m = MESSAGES[language].refund;
    await maker.context().addCookies(languageCookie(language));
    for (const width of [1440, 1024, 390]) {
      await maker.setViewportSize({ width, height: 900 });
      await maker.goto(REQUEST);
      await maker.locator('#refund-find_alipayOrder').fill(sale.order_no);
      await maker.locator('form[id="refund-find"] button[type=submit]').click();
      const card = maker.getByTestId('refund-sale');
      await expect(card.getByTestId('refund-nothing')).toHaveText(fill(m.form.voided, { time: stamp(sale.voidTime as string), amount: `HKD ${money(sale.voidedAmount as string)}` }));
      await expect(card).not.toContainText(m.tx.refunded);
      await expect(card.locator('form')).toHaveCount(0);
      for (const number of [sale.order_no, sale.merchant_no]) expect(await linesOf(card.getByText(number, { exact: true })), `${number} on one line at ${width} px`).toBe(1);
      if (language === 'en' || width === 390) {
        await card.scrollIntoViewIfNeeded();
        await maker.screenshot({ path: test.info().outputPath(`voided-${language}-${width}.png`) });
      }
    }
  }
});

test('order and merchant numbers stay whole in a refund’s details on a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const maker = await signedInPage(browser, 'maker@demo.test', at(390));
  // A request of its own, so the list has a row whatever the seed's request dates.
  const [sale] = refundable(await salesOfDay(maker, 7)) as [Sale];
  const refundNo = await requestRefund(maker, sale, '1.00', 'e2e-phone');
  await maker.goto(`${REQUEST}?refundNo=${refundNo}`);
  const row = maker.locator('tbody tr.portal-row', { hasText: refundNo });
  await expect(row).toBeVisible();
  const drawer = maker.getByRole('dialog');
  // A click before the list has hydrated opens nothing: clicked again until the details show.
  await clickUntilVisible(row, drawer);
  for (const label of [en.refund.col.order, en.refund.col.merchant, en.refund.col.refundNo, en.refund.col.eft]) {
    const cell = drawer.getByRole('row', { name: new RegExp(`^${label}`) }).locator('td').last();
    expect(await linesOf(cell), `${label} on one line`).toBe(1);
  }
  await maker.screenshot({ path: test.info().outputPath('refund-details-390.png') });
});
