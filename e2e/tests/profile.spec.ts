import { expect, test } from '@playwright/test';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';

// Profiles against the seeded caching service: header, stats, every tab, vanity names, not found, history.

const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const TABS = ['Notes', 'Replies', 'Reads', 'Media', 'Zaps', 'Following', 'Followers', 'Relays'] as const;

test('a profile shows its header and stats, and every tab loads', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const problems = watchPage(page, baseURL!);
  await page.goto(`/p/${bob.pubkey}`);
  await expect(page.getByTestId('profile-name')).toHaveText(bob.displayName);
  await expect(page.getByTestId('profile-stats')).toContainText('followers');
  await expect(page.getByRole('tab', { name: 'Drafts' })).toHaveCount(0);
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await expect(
      panel
        .locator(
          '[data-testid="note"], [data-testid="profile-media-item"], [data-testid="article-card"], [data-testid="profile-zap"], [data-testid="profile-person"], [data-testid="profile-relays"] li',
        )
        .or(panel.getByTestId('profile-tab-empty'))
        .first(),
    ).toBeVisible();
    await expect(panel.getByRole('alert')).toHaveCount(0);
  }
  // The notes tab pages: 20 first, more after "Show more" or scrolling.
  await page.getByRole('tab', { name: 'Notes', exact: true }).click();
  await expect(page.getByRole('tabpanel').getByTestId('note').first()).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
});

test('a verified name opens the profile and the visit goes into the recent-profiles history', async ({ page }) => {
  await page.goto(`/${bob.name}`);
  await expect(page.getByTestId('profile-name')).toHaveText(bob.displayName);
  await expect(page.getByTestId('recent-profiles')).toContainText(bob.displayName);
  const stored = await page.evaluate(() => localStorage.getItem('store_anon'));
  expect(JSON.parse(stored ?? '{}').profileHistory[0].pubkey).toBe(bob.pubkey);
});

test("an unknown key says 'user not found'", async ({ page }) => {
  await page.goto(`/p/${'ab'.repeat(32)}`);
  await expect(page.getByTestId('profile-not-found')).toHaveText('user not found');
});

test("an unknown verified name says 'user not found'", async ({ page }) => {
  await page.goto('/nosuchname1234');
  await expect(page.getByTestId('profile-not-found')).toHaveText('user not found');
});
