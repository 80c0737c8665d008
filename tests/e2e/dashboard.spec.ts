import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import Big from 'big.js';
import type { DrawnAxes, DrawnAxis } from '../../components/dashboard/canvases';
import { E2E_ENV, MOVES_THE_CLOCK_TAG } from '../../playwright.config';
import { expect, signIn, test, ZH_HK_LABELS } from './fixtures';
import { pdfLines } from './pdf-lines';

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

test("a chart's view is chosen from the keyboard: the arrow keys switch between the chart and its table", async ({ page }) => {
  await signIn(page, 'admin');
  const curve = page.getByTestId('chart-curve');
  const chart = curve.getByRole('radio', { name: 'Chart' });
  await expect(chart).toBeChecked();
  await expect(async () => {
    await chart.focus();
    await page.keyboard.press('ArrowRight');
    await expect(curve.getByRole('radio', { name: 'Table' })).toBeChecked({ timeout: 1_000 });
  }).toPass();
  await expect(curve.locator('tbody tr')).toHaveCount(7);
  await expect(curve.getByRole('radiogroup', { name: 'View as' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(chart).toBeChecked();
  await expect(curve.locator('tbody tr')).toHaveCount(0);
  await expect(curve.getByRole('img')).toBeVisible();
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

/** What a chart's axes drew at its present width (components/dashboard/canvases.tsx records it on the canvas). */
async function drawnAxes(page: Page, testId: string): Promise<DrawnAxis[]> {
  const figure = page.getByTestId(testId);
  await figure.scrollIntoViewIfNeeded();
  const canvas = figure.locator('canvas');
  // Drawn, and drawn again at the window's present width after a resize.
  let drawn: DrawnAxes = { width: -1, axes: [] };
  await expect
    .poll(async () => {
      drawn = JSON.parse((await canvas.getAttribute('data-axis-labels')) ?? '{"width":-1,"axes":[]}') as DrawnAxes;
      return Math.abs(drawn.width - (await canvas.evaluate((element) => element.clientWidth)));
    })
    .toBeLessThanOrEqual(1);
  return drawn.axes;
}

/** No two labels of an axis share a pixel: a 2 px gap at least along the axis, and horizontal ones are not turned. */
function expectApart(axes: DrawnAxis[], where: string) {
  for (const axis of axes) {
    if (axis.horizontal) expect(axis.rotation, `${where}: ${axis.axis} labels turned`).toBe(0);
    const spans = axis.labels
      .map((label) => (axis.horizontal ? [label.at - label.width / 2, label.at + label.width / 2] : [label.at - label.height / 2, label.at + label.height / 2]) as [number, number])
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) {
      expect((spans[i]?.[0] ?? 0) - (spans[i - 1]?.[1] ?? 0), `${where}: ${axis.axis} labels ${i} and ${i + 1} run together`).toBeGreaterThanOrEqual(2);
    }
  }
}

/** An axis by its id: Chart.js keeps its scales in the order the options give them, which differs between charts. */
const axisOf = (axes: DrawnAxis[], id: 'x' | 'y') => axes.find((axis) => axis.axis === id);

/** The numbers of an axis's labels ("1,000" or "1,000.5"). */
const tickValues = (axis: DrawnAxis | undefined) => (axis?.labels ?? []).map((label) => Number(label.lines.join('').replaceAll(',', '')));

const CHINESE_LABELS = { 'zh-HK': ZH_HK_LABELS, 'zh-CN': { account: '邮箱或账户名称', password: '密码', captcha: '验证码', submit: '登录' } } as const;
const TABLE = { 'en-GB': 'Table', 'zh-HK': '表格', 'zh-CN': '表格' } as const;
const CHART = { 'en-GB': 'Chart', 'zh-HK': '圖表', 'zh-CN': '图表' } as const;
const DOWNLOAD = { 'en-GB': 'Download PDF', 'zh-HK': '下載 PDF', 'zh-CN': '下载 PDF' } as const;

for (const locale of ['en-GB', 'zh-HK', 'zh-CN'] as const) {
  test.describe(`top 5 stores in ${locale}`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('the chart names every store apart and no axis runs its labels together at 1440, 1024 and 390 px; the PDF names them whole', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'admin', 'Portal#2026', locale === 'en-GB' ? undefined : CHINESE_LABELS[locale]);
      await expect(page).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
      const stores = page.getByTestId('chart-topStores');

      // The names in full, as the table view gives them, in the chart's order.
      await stores.scrollIntoViewIfNeeded();
      await stores.getByText(TABLE[locale], { exact: true }).click();
      // The table view loads on the switch (ChartFigure): its rows, before reading them.
      await expect(stores.locator('tbody tr')).toHaveCount(5);
      const names = await stores.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.children[0]?.textContent ?? ''));
      expect(names).toHaveLength(5);
      await stores.getByText(CHART[locale], { exact: true }).click();

      for (const width of [1440, 1024, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const drawn = await drawnAxes(page, 'chart-topStores');
        const [x, y] = [axisOf(drawn, 'x'), axisOf(drawn, 'y')];
        expectApart(drawn, `top stores at ${width} px`);
        const labels = (y?.labels ?? []).map((label) => label.lines);
        expect(new Set(labels.map((lines) => lines.join(' '))).size, `${width} px: ${JSON.stringify(labels)}`).toBe(5);
        // Each bar's label is its own store's: every piece of it (either side of a cut) is in that store's name.
        labels.forEach((lines, i) => {
          const name = names[i]?.replace(/\s+/g, '') ?? '';
          const label = lines.join(' ');
          for (const piece of label.split('…')) expect(name, `${width} px`).toContain(piece.replace(/\s+/g, ''));
          // Shortened only where it says so: a label without "…" is the name's end whole (its shared start left off), not a line dropped.
          if (!label.includes('…')) expect(name.endsWith(label.replace(/\s+/g, '')), `${width} px: ${label} of ${names[i]}`).toBe(true);
        });
        expect(Math.min(...tickValues(x)), 'no negative amounts, no axis below zero').toBeGreaterThanOrEqual(0);
        expectApart(await drawnAxes(page, 'chart-curve'), `seven-day trend at ${width} px`);
      }

      const download = page.waitForEvent('download');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole('button', { name: DOWNLOAD[locale] }).click();
      const text = pdfLines(readFileSync(await (await download).path())).join('').replace(/\s+/g, '');
      for (const name of names) expect(text, 'every store named whole in the PDF').toContain(name.replace(/\s+/g, ''));
      expect(text).not.toContain('…');
    });
  });
}

/**
 * Just after midnight (the services' clock at 00:05 of the day the demo data end, whose transactions
 * run to the moment the services started): a week ending with today ended with five minutes of sales.
 */
for (const [locale, basis, soFar] of [
  ['en-GB', 'Whole days compared: {from} to {to} against the 7 days before. Today counts once it is over.', /^Today so far, to 00:05: HKD [\d,]+\.\d{2} from [\d,]+ transactions?$/],
  ['zh-HK', '以完整日比較：{from} 至 {to}，對比之前 7 天。今天結束後才計入。', /^今天至 00:05：HKD [\d,]+\.\d{2}，共 [\d,]+ 筆交易$/],
  ['zh-CN', '以完整日比较：{from} 至 {to}，对比之前 7 天。今天结束后才计入。', /^今天至 00:05：HKD [\d,]+\.\d{2}，共 [\d,]+ 笔交易$/],
] as const) {
  test.describe(`just after midnight in ${locale}`, { tag: MOVES_THE_CLOCK_TAG }, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('the trend compares whole days and says which, gives today so far apart, and draws no axis below zero unless a day nets below it', async ({ page, request }) => {
      const clock = async (data: object) => (await request.post(`${E2E_ENV.UPSTREAM_URL}/dev/clock`, { data })).json() as Promise<{ now: string; seededDay: string }>;
      const { seededDay } = await clock({});
      const day = (offset: number) => new Date(Date.parse(`${seededDay}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
      try {
        expect((await clock({ at: `${seededDay} 00:05:00` })).now).toBe(`${seededDay} 00:05:00`);
        await signIn(page, 'admin', 'Portal#2026', locale === 'en-GB' ? undefined : CHINESE_LABELS[locale]);
        await expect(page).toHaveURL(/\/dashboard\/dashboard$/, { timeout: 30_000 });
        await expect(page.getByTestId('curve-basis')).toHaveText(basis.replace('{from}', day(-7)).replace('{to}', day(-1)));
        await expect(page.getByTestId('curve-today')).toHaveText(soFar);

        // The chart's days are the seven whole ones.
        const drawn = await drawnAxes(page, 'chart-curve');
        const [x, y] = [axisOf(drawn, 'x'), axisOf(drawn, 'y')];
        expect(x?.labels.map((label) => label.lines.join(''))).toEqual([-7, -6, -5, -4, -3, -2, -1].map((offset) => day(offset).slice(5)));

        // The comparison is of the two weeks the table lists, exactly.
        const curve = page.getByTestId('chart-curve');
        await curve.getByText(TABLE[locale], { exact: true }).click();
        await expect(curve.locator('tbody tr')).toHaveCount(7);
        const rows = await curve.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [1, 2].map((i) => tr.children[i]?.textContent?.replaceAll(',', '') ?? '')));
        expect(rows).toHaveLength(7);

        // The value axis starts at zero unless a day's refunds outweighed its sales (the demo's
        // shaped week brings a refund with every third sale, so a day can net below zero); then it
        // reaches down to that day.
        const lowest = rows.flat().reduce((low, value) => (new Big(value).lt(low) ? new Big(value) : low), new Big(0));
        const lowestTick = Math.min(...tickValues(y));
        if (lowest.gte(0)) expect(lowestTick, 'no negative day, no axis below zero').toBe(0);
        else expect(lowestTick, `a day nets ${lowest.toFixed(2)}`).toBeLessThanOrEqual(lowest.toNumber());
        const sum = (column: number) => rows.reduce((total, row) => total.plus(row[column] ?? '0'), new Big(0));
        const [current, previous] = [sum(0), sum(1)];
        const change = current.minus(previous).div(previous.abs()).times(100).round(1, Big.roundHalfUp).toFixed(1);
        await expect(page.getByTestId('curve-comparison')).toContainText(`HKD ${Number(current).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
        await expect(page.getByTestId('curve-comparison')).toContainText(`${current.gt(previous) ? '+' : ''}${change}%`);
      } finally {
        await clock({ reset: true });
      }
    });
  });
}
