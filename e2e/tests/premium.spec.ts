import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, type Page, test } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';

// The premium flow against the real caching service's membership socket (/wallet/v1): a demo account finds a name
// (too short, invalid, free — each answered live by the service) and reaches the subscription step with its plans.

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;

async function signIn(page: Page, secretKeyHex: string) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsecEncode(hexToBytes(secretKeyHex)));
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Create PIN' }).getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(page.locator('nav[aria-label="Main navigation"] [data-testid="account-name"]')).toBeVisible();
}

test('a demo account finds a free premium name live and reaches the subscription plans', async ({ page }) => {
  await page.goto('/premium');
  await signIn(page, alice.secretKeyHex);
  await page.getByRole('link', { name: 'Find your name' }).click();
  await expect(page).toHaveURL(/\/premium\/name$/);
  const field = page.getByLabel('Premium name');

  await field.fill('ab');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name needs to be at least 3 characters long')).toBeVisible();

  // The service refuses names outside [a-z0-9_-.]: not available.
  await field.fill('no spaces!');
  await expect(page.getByText('Sorry, that name is currently unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  const name = `alice${Date.now().toString(36)}`;
  await field.fill(name);
  await expect(page.getByText('This name is available')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/premium/subscribe\\?name=${name}$`));
  await expect(page.getByRole('radio', { name: '$7 a month, paid for 3 months' })).toBeChecked();
  await page.getByRole('radio', { name: '$6 a month, paid for 12 months' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Your name will be ${name}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: '$6 a month, paid for 12 months' })).toBeChecked();
});
