import { expect, test } from '@playwright/test';
import { watchPage } from '../helpers/watch-page.ts';

// Explore against the seeded caching service: every tab, every timeframe and scope, live network stats.

const TIMEFRAMES = ['latest', 'trending', 'popular', 'mostzapped', 'mostzapped4h'] as const;
const TABS = ['Feeds', 'People', 'Zaps', 'Media', 'Topics'] as const;

/** The panel settled: notes, rows or the 'No results found' message, and no loading skeleton. */
async function expectSettled(page: import('@playwright/test').Page) {
  const panel = page.getByRole('tabpanel');
  await expect(
    panel
      .locator(
        '[data-testid="note"], [data-testid="user-row"], [data-testid="zap-row"], [data-testid="explore-topics"] li',
      )
      .or(panel.getByText('No results found'))
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('alert')).toHaveCount(0);
}

test('every explore tab loads from the service', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const problems = watchPage(page, baseURL!);
  await page.goto('/explore');
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectSettled(page);
  }
  // The seeded network has notes with media: the media tab is not empty.
  await page.getByRole('tab', { name: 'Media', exact: true }).click();
  await expect(page.getByRole('tabpanel').getByTestId('note').first()).toBeVisible({ timeout: 30_000 });
  expect(problems.consoleErrors).toEqual([]);
});

test('every timeframe and scope of the feeds tab loads, latest and popular have notes', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/explore');
  for (const scope of ['global', 'network'] as const) {
    await page.getByTestId('explore-scope').selectOption(scope);
    for (const timeframe of TIMEFRAMES) {
      await page.getByTestId('explore-timeframe').selectOption(timeframe);
      await expectSettled(page);
      if (timeframe === 'latest' || timeframe === 'popular') {
        await expect(page.getByRole('tabpanel').getByTestId('note').first()).toBeVisible();
      }
    }
  }
});

test('latest explore notes page on scroll without repeats', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/explore');
  await page.getByTestId('explore-timeframe').selectOption('latest');
  const list = page.getByTestId('note-list');
  await expect.poll(async () => Number(await list.getAttribute('data-count')), { timeout: 30_000 }).toBe(20);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => Number(await list.getAttribute('data-count')), { timeout: 30_000 }).toBeGreaterThan(20);
  const keys = await page
    .locator('[data-item-key]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-item-key')));
  expect(new Set(keys).size).toBe(keys.length);
});

test('network stats arrive live from the net_stats subscription', async ({ page }) => {
  await page.goto('/explore');
  const stats = page.getByTestId('net-stats');
  for (const stat of ['users', 'pubkeys', 'zaps', 'satszapped', 'pubnotes', 'reposts', 'reactions', 'any']) {
    await expect(stats.locator(`dd[data-stat="${stat}"]`)).toHaveText(/^[\d.,]+[KMB]?$/, { timeout: 30_000 });
  }
  await expect(stats.locator('dd[data-stat="pubnotes"]')).not.toHaveText('0');
});

test('/explore/feed/:id opens one explore feed and keeps the choice in the address', async ({ page }) => {
  await page.goto('/explore/feed/latest_global');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore feed');
  await expect(page.getByTestId('note').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('explore-timeframe').selectOption('popular');
  await expect(page).toHaveURL(/\/explore\/feed\/popular_global$/);
  await page.goto('/explore/feed/nonsense');
  await expect(page.getByRole('alert')).toHaveText('This explore feed does not exist');
});
