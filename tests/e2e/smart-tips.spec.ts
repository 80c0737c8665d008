import { expect, signedIn, test } from './fixtures';

test.use({ locale: 'en-GB' });

test('a smart tip links to the real-time transactions that show its figures', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/transaction/smartTips');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction smart tips' })).toBeVisible();
  for (const kind of ['BUSY_HOUR', 'BUSY_WEEKDAY', 'PAYMENT_MIX', 'REFUND_RATE', 'SILENT_STORE', 'SILENT_TERMINAL', 'LOW_DAY']) {
    await expect(page.getByTestId(`tips-${kind}`)).toBeVisible();
  }

  // The seed's low day: its count and net amount are what the list of that day sums.
  const tip = page.locator('[data-testid="tip"][data-kind="LOW_DAY"]').first();
  const [, day, count, net] = /(\d{4}-\d{2}-\d{2}): ([\d,]+) transactions? and HKD (-?[\d,]+\.\d{2}) net/.exec(await tip.innerText()) ?? [];
  expect(day).toBeTruthy();
  await tip.getByTestId('tip-link').click();
  await expect(page).toHaveURL(new RegExp(`/transaction/transactions\\?from=${day}&to=${day}$`));
  await expect(page.getByTestId('summary-count')).toContainText(count as string);
  await expect(page.getByTestId('summary-net')).toContainText(net as string);
});
