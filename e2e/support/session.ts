import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, type Page } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';

/**
 * Signs in through the navigation's Sign in dialog with a private key (hex or bytes), without a PIN; waits for the
 * account name.
 */
export async function signInWithKey(page: Page, secretKey: string | Uint8Array): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog
    .getByLabel('Private key (nsec)')
    .fill(nsecEncode(typeof secretKey === 'string' ? hexToBytes(secretKey) : secretKey));
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Create PIN' }).getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(page.locator('nav[aria-label="Main navigation"] [data-testid="account-name"]')).toBeVisible();
}

/** Client-side navigation (no reload: the signer stays as it is). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
