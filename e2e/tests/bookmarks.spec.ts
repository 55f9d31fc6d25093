import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, test } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';

// Bookmarks against the seeded demo network (every demo account has a few bookmarked notes and two articles).

const carol = DEMO_ACCOUNTS.find((a) => a.name === 'carol')!;

test('a guest is asked to sign in, and the prompt opens the login dialog', async ({ page }) => {
  await page.goto('/bookmarks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bookmarks');
  await expect(page.getByText('Sign in to see your bookmarks')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});

test('signed in without a PIN, carol sees her bookmarked notes and opens a bookmarked article', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const problems = watchPage(page, baseURL!);
  await page.goto('/bookmarks');
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsecEncode(hexToBytes(carol.secretKeyHex)));
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Create PIN' }).getByRole('button', { name: 'Continue without PIN' }).click();

  await expect(page.getByTestId('note').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Reads' }).click();
  const article = page.getByTestId('bookmarked-reads').getByRole('link').first();
  await expect(article).toBeVisible();
  await article.click();
  await expect(page).toHaveURL(/\/a\/naddr1/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
});
