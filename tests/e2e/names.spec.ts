import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import zhCN from '../../messages/zhCN.json';
import zhTW from '../../messages/zhTW.json';
import { BANKS, CUSTOMERS, DISTRICTS, type CustomerSeed } from '../../upstream/seed/reference-data';
import { chooseFromMenu, clickUntilVisible, expect, signedIn, test } from './fixtures';
import { pdfLines } from './pdf-lines';

/**
 * Names in the reader's language (issue 28, item 12): the customer's, its merchants', its stores'
 * and its bank's names in Simplified Chinese for zhCN and in Traditional Chinese for zhTW, from the
 * services' data, on transactions, reconciliation, fund settlement, smart tips, the profile,
 * merchant information and the dashboard's PDF; never the other script's, never the English one.
 */

test.use({ locale: 'en-GB', viewport: { width: 1440, height: 900 } });

const hongKongDay = (offsetDays = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const SPAN = `from=${hongKongDay(-60)}&to=${hongKongDay(-1)}`;

type Script = 'hant' | 'hans';
/** The first customer, admin's. */
const golden = CUSTOMERS[0] as CustomerSeed;

/** The first customer's names in one script, as the seed writes them (upstream/seed/generate.ts). */
function namesOf(script: Script) {
  const hans = script === 'hans';
  const merchants = golden.merchants.map((m) => (hans ? m.business_cname_hans : m.business_cname));
  let seq = 0;
  const stores = golden.merchants.flatMap((m, i) =>
    Array.from({ length: m.stores }, () => {
      seq += 1;
      const place = DISTRICTS[seq % DISTRICTS.length] as (typeof DISTRICTS)[number];
      return `${merchants[i]}（${hans ? place.district_cname_hans : place.district_cname}）`;
    }),
  );
  const bank = BANKS[0] as (typeof BANKS)[number];
  return { customer: hans ? golden.customer_cname_hans : golden.customer_cname, merchants, stores, bank: hans ? bank.ch_name_hans : bank.ch_name };
}

const LANGUAGES = [
  { language: 'zhCN', script: 'hans', messages: zhCN },
  { language: 'zhTW', script: 'hant', messages: zhTW },
] as const;

/** The names of the other script that are written differently, and the English ones: none may show. */
function foreignTo(script: Script): string[] {
  const own = namesOf(script);
  const other = namesOf(script === 'hans' ? 'hant' : 'hans');
  const differing = [other.customer, ...other.merchants, ...other.stores, other.bank].filter((name) => ![own.customer, ...own.merchants, ...own.stores, own.bank].includes(name));
  return [...differing, golden.customer_name, ...golden.merchants.map((m) => m.business_name), (BANKS[0] as (typeof BANKS)[number]).eng_name];
}

async function signedInIn(page: Page, language: string) {
  await signedIn(page, 'admin');
  await page.context().addCookies([{ name: 'language', value: language, url: new URL('/', page.url()).href }]);
}

/** The texts of one column of the main list, by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const table = page.locator('table').first();
  await expect(table.locator('tbody tr.portal-row').first()).toBeVisible();
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return table.locator('tbody tr.portal-row').evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent?.trim() ?? ''), index);
}

/** A details row by its label exactly ("银行" is also in "银行账户"). */
const detail = (within: Locator, label: string) => within.locator('tr').filter({ has: within.page().getByText(label, { exact: true }) });

async function expectNoForeignNames(text: string, script: Script, where: string) {
  for (const name of foreignTo(script)) expect({ where, shows: text.includes(name) ? name : null }).toEqual({ where, shows: null });
}

for (const { language, script, messages } of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    const own = namesOf(script);

    test('transactions, reconciliation, fund settlement, merchant information and the profile name them in the reader\'s script', async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      await signedInIn(page, language);

      await page.goto(`/transaction/transactions?${SPAN}`);
      const stores = await column(page, messages.tx.store);
      expect(stores.length).toBeGreaterThan(0);
      for (const store of stores) expect(own.stores).toContain(store);
      await page.screenshot({ path: testInfo.outputPath(`transactions-${language}.png`) });

      await page.goto(`/transaction/reconciliation?${SPAN}`);
      const merchants = await column(page, messages.settle.businessName);
      expect(merchants.length).toBeGreaterThan(0);
      for (const merchant of merchants) expect(own.merchants).toContain(merchant);

      await page.goto(`/transaction/settles?${SPAN}`);
      const drawer = page.getByRole('dialog', { name: messages.settle.remitDetail });
      await clickUntilVisible(page.locator('tbody tr.portal-row').first(), drawer);
      await expect(detail(drawer, messages.settle.bankName)).toContainText(own.bank);
      await expect(detail(drawer, messages.settle.businessName)).toContainText(new RegExp(own.merchants.join('|')));
      await expectNoForeignNames(await drawer.innerText(), script, 'fund settlement details');

      await page.goto('/merchant/merchants');
      expect(await column(page, messages.merchant.fields.businessName)).toEqual(own.merchants);
      await page.screenshot({ path: testInfo.outputPath(`merchants-${language}.png`) });
      await expect(page.getByText(own.customer, { exact: true }).first()).toBeVisible();
      await expectNoForeignNames(await page.locator('main').innerText(), script, 'merchant information');

      const profile = page.getByRole('dialog', { name: messages.profile.title });
      await chooseFromMenu(() => page.getByRole('button', { name: messages.account.menu }).click(), page.getByRole('menuitem', { name: messages.account.profile }), profile);
      await expect(detail(profile, messages.profile.customerName)).toContainText(own.customer);
      await expectNoForeignNames(await profile.innerText(), script, 'profile');
    });

    test("smart tips and the dashboard's PDF name stores and the customer in the reader's script", async ({ page }) => {
      test.setTimeout(180_000);
      await signedInIn(page, language);

      // The seed's silent store (TIP_SHAPES): the second merchant's Islands store.
      await page.goto('/transaction/smartTips');
      const silentStore = own.stores.find((store) => store.startsWith(own.merchants[1] ?? '-') && store.includes(script === 'hans' ? '离岛' : '離島'));
      expect(silentStore).toBeTruthy();
      await expect(page.getByText(silentStore ?? '', { exact: false }).first()).toBeVisible();
      await expectNoForeignNames(await page.locator('main').innerText(), script, 'smart tips');

      await page.goto('/dashboard/dashboard');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: messages.dashboard.downloadPdf }).click();
      const text = pdfLines(readFileSync(await (await download).path())).join('\n');
      expect(text).toContain(own.customer);
      const printedStores = own.stores.filter((store) => text.includes(store));
      expect(printedStores.length).toBeGreaterThan(0);
      await expectNoForeignNames(text, script, 'the PDF');
    });
  });
}
