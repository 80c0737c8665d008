import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_ENV } from '../../playwright.config';
import { expect, signIn, test, ZH_HK_LABELS } from './fixtures';

/** Counts the pixels a chart drew: a canvas that stayed blank has none. */
async function drawnPixels(page: Page, testId: string) {
  // A chart is drawn once it is scrolled to, as a reader would.
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  const canvas = page.getByTestId(testId).locator('canvas');
  await expect(canvas).toBeVisible();
  // Chart.js animates the first draw; wait until the canvas holds ink.
  await expect
    .poll(() =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? [];
        let ink = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) ink++;
        return ink;
      }),
    )
    .toBeGreaterThan(500);
}

test('on a phone, a chart below the screen is drawn when it is scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  // The trend, near the top, is drawn: Chart.js has loaded, and the payment types, far below, wait.
  await drawnPixels(page, 'chart-curve');
  const payments = page.getByTestId('chart-paymentTypes');
  await expect(payments.locator('.ant-skeleton')).toHaveCount(1);
  await expect(payments.locator('canvas')).toHaveCount(0);
  await drawnPixels(page, 'chart-paymentTypes');
});

test('the dashboard draws its four charts and gives each as a table', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  for (const chart of ['chart-curve', 'chart-transTypes', 'chart-topStores', 'chart-paymentTypes']) await drawnPixels(page, chart);

  const totals = page.getByTestId('panel-totals');
  await expect(totals).toContainText(/Net amount \(HKD\)\s*-?[\d,]+\.\d{2}/);
  await expect(page.getByTestId('panel-counts')).toContainText('Golden Harbour Trading Limited');

  // The table view of the curve: seven days, each with both weeks' amounts in the spec's format.
  const curve = page.getByTestId('chart-curve');
  await curve.getByText('Table', { exact: true }).click();
  const rows = curve.locator('tbody tr');
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText(/\d{2}-\d{2} \/ \d{2}-\d{2}\s*-?[\d,]+\.\d{2}\s*-?[\d,]+\.\d{2}/);
  // The seven days in the table add up to the comparison line above the chart.
  const amounts = await rows.evaluateAll((trs) => trs.map((tr) => Math.round(Number(tr.children[1]?.textContent?.replaceAll(',', '')) * 100)));
  const total = amounts.reduce((a, b) => a + b, 0);
  const shown = await page.getByTestId('curve-comparison').innerText();
  expect(shown).toContain(`HKD ${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
});

test('a partner sees the partner header and its own figures', async ({ page }) => {
  await signIn(page, 'partner@demo.test');
  await expect(page.getByTestId('partner-header')).toContainText(/Partner .+ \(P\d+\)/);
  await drawnPixels(page, 'chart-curve');
});

test('a failing panel shows its own error with a retry, the others still load', async ({ page, request }) => {
  const fault = (status: number | null) => request.post(`${E2E_ENV.UPSTREAM_URL}/dev/faults`, { data: { account: 'other-checker@demo.test', path: '/api/MerchantInfo/GetMerchantTopFiveStores', status } });
  await fault(500);
  try {
    await signIn(page, 'other-checker@demo.test');
    await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
    const panel = page.getByTestId('panel-topStores');
    await expect(panel.getByRole('alert')).toContainText('This panel could not be loaded.');
    await drawnPixels(page, 'chart-curve');
    await fault(null);
    await panel.getByRole('button', { name: 'Retry' }).click();
    await drawnPixels(page, 'chart-topStores');
    await expect(panel.getByRole('alert')).toHaveCount(0);
  } finally {
    await fault(null);
  }
});

test.describe('in Traditional Chinese', () => {
  test.use({ locale: 'zh-HK' });

  test('the dashboard downloads as a PDF made on the server', async ({ page }) => {
    await signIn(page, 'admin', 'Portal#2026', ZH_HK_LABELS);
    await expect(page.getByRole('heading', { level: 1, name: '歡迎，Chan Tai Man' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下載 PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dashboard_\d{8}\.pdf$/);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The CJK font is embedded (subset), so the Chinese labels print.
    expect(bytes.toString('latin1')).toMatch(/FontFile2|NotoSansCJK/);
  });
});
