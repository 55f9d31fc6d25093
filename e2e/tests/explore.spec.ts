import { expect, test } from '@playwright/test';
import { watchPage } from '../helpers/watch-page.ts';

// Explore against the seeded caching service: every tab, the feeds list (network feeds and DVM feeds), every
// timeframe and scope, live network stats.

const TIMEFRAMES = ['latest', 'trending', 'popular', 'mostzapped', 'mostzapped4h'] as const;
const TABS = ['Feeds', 'People', 'Zaps', 'Media', 'Topics'] as const;

/** The panel (the tab panel, else the whole main column) settled: items or 'No results found', no alert. */
async function expectSettled(page: import('@playwright/test').Page, where: 'tabpanel' | 'main' = 'tabpanel') {
  const panel = page.getByRole(where);
  await expect(
    panel
      .locator(
        '[data-testid="note"], [data-testid="user-row"], [data-testid="zap-row"], [data-testid="explore-topics"] li, [data-testid="dvm-feed"]',
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

test('the feeds tab lists the seeded DVM feeds; one opens its own page with its notes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/explore');
  const feeds = page.getByTestId('dvm-feeds');
  await expect(feeds.getByTestId('dvm-feed').first()).toBeVisible({ timeout: 30_000 });
  const trending = feeds.getByTestId('dvm-feed').filter({ hasText: 'Trending on Tide' });
  await expect(trending).toContainText('Notes with the most interactions in the last 24 hours');
  await expect(trending.getByTestId('dvm-feed-likes')).toHaveText(/^\d+ likes?$/);
  const reads = feeds.getByTestId('dvm-feed').filter({ hasText: 'All Reads' });
  await expect(reads.getByText('Reads', { exact: true })).toBeVisible();
  await trending.getByRole('link').click();
  await expect(page).toHaveURL(/\/explore\/feed\/tide-trending_by_[0-9a-f]{64}$/);
  await expect(page.getByTestId('dvm-feed-header')).toContainText('Trending on Tide');
  await expectSettled(page, 'main');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Feeds', exact: true })).toHaveAttribute('aria-selected', 'true');
});

test('a reads DVM feed lists article cards', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/explore');
  await page.getByTestId('dvm-feed').filter({ hasText: 'All Reads' }).getByRole('link').click();
  await expect(page.getByTestId('article-card').first()).toBeVisible({ timeout: 30_000 });
});

test('every timeframe and scope of the network feeds loads, latest and popular have notes', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/explore');
  await page.getByTestId('explore-network-feeds').getByRole('link', { name: 'Latest', exact: true }).click();
  await expect(page).toHaveURL(/\/explore\/feed\/latest_global$/);
  for (const scope of ['global', 'network'] as const) {
    await page.getByTestId('explore-scope').selectOption(scope);
    for (const timeframe of TIMEFRAMES) {
      await page.getByTestId('explore-timeframe').selectOption(timeframe);
      await expect(page).toHaveURL(new RegExp(`/explore/feed/${timeframe}_${scope}$`));
      await expectSettled(page, 'main');
      if (timeframe === 'latest' || timeframe === 'popular') {
        await expect(page.getByRole('main').getByTestId('note').first()).toBeVisible();
      }
    }
  }
});

test('latest explore notes page on scroll without repeats', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/explore/feed/latest_global');
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
