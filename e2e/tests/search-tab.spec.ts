import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;

// A search opens on the tab that has results: a person's name on Users (no note says "Alice Demo"), words that
// notes use on Content.

test("searching a person's name opens the Users tab with them", async ({ page }) => {
  await page.goto(`/search/${encodeURIComponent(alice.displayName)}`);
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('user-results').getByText(alice.displayName).first()).toBeVisible();
  await expect(page.getByTestId('no-results')).toHaveCount(0);
  // The other tab stays one click away and says what it has.
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByTestId('no-results')).toHaveText('No results found');
});

test('searching words that notes use opens the Content tab', async ({ page }) => {
  await page.goto('/search/bread');
  await expect(page.getByTestId('note').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
});
