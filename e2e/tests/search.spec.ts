import { expect, test } from '@playwright/test';
import { npubEncode } from 'nostr-tools/nip19';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';

// Search against the seeded caching service: suggestions, results, advanced search, the spec's messages.

test('the search box suggests at most 10 users and opens the chosen profile', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/search');
  const input = page.getByTestId('search-input');
  await input.fill('a');
  const suggestions = page.getByTestId('search-suggestion');
  await expect(suggestions.first()).toBeVisible({ timeout: 30_000 });
  expect(await suggestions.count()).toBeLessThanOrEqual(10);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/(p\/nprofile1|p\/npub1|[a-z0-9_]+$)/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile', { timeout: 30_000 });
});

test('an npub suggests that user; an npub that cannot be decoded is searched as text', async ({ page }) => {
  const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice');
  if (!alice) throw new Error('demo account alice missing');
  await page.goto('/search');
  const input = page.getByTestId('search-input');
  await input.fill(npubEncode(alice.pubkey));
  await expect(page.getByTestId('search-suggestion')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('search-suggestion')).toContainText('Alice Demo');
  await input.fill('npub1notreallyannpub');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\/npub1notreallyannpub$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results');
});

test('an empty term says "Please enter search term"', async ({ page }) => {
  await page.goto('/search');
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByText('Please enter search term').first()).toBeVisible();
  await expect(page).toHaveURL(/\/search$/);
});

test('/search/:query shows content and users; a nonsense term says "No results found"', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/search/bitcoin');
  await expect(page.getByRole('tabpanel').getByTestId('note').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('note-content').first()).toContainText(/bitcoin/i);
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  await expect(
    page.getByRole('tabpanel').getByTestId('user-row').or(page.getByText('No results found')).first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await page.goto('/search/zqxjkvwzzqx');
  await expect(page.getByText('No results found')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  await expect(page.getByText('No results found')).toBeVisible({ timeout: 30_000 });
});

test('advanced search builds an advsearch query and shows its results', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/search');
  const form = page.getByTestId('advanced-search');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form.getByText('Please enter search term')).toBeVisible();
  await form.getByLabel('Includes these words').fill('bitcoin');
  await form.getByLabel('Excludes these words').fill('ethereum');
  await page.getByTestId('advanced-kind').selectOption('notes');
  await expect(page.getByTestId('advanced-query')).toHaveText('bitcoin -ethereum kind:1');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\/bitcoin%20-ethereum%20kind%3A1$/);
  await expect(page.getByRole('tabpanel').getByTestId('note').first()).toBeVisible({ timeout: 30_000 });
  const texts = await page.getByTestId('note-content').allTextContents();
  expect(texts.some((t) => /ethereum/i.test(t))).toBe(false);
});
