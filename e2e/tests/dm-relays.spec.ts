import { bytesToHex } from '@noble/hashes/utils.js';
import { expect, test } from '@playwright/test';
import { generateSecretKey, getPublicKey, verifyEvent } from 'nostr-tools/pure';
import { queryRelay } from '../support/relay.ts';
import { navigateInApp, signInWithKey } from '../support/session.ts';

// A new user sets where they receive private messages (kind 10050, NIP-17) in Settings → Network: the list is
// published to the relay, signed, and a second change keeps it whole.

test('a new user publishes their private message relays from Settings → Network', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const relay = `${baseURL!.replace(/^http/, 'ws')}/`;
  const key = generateSecretKey();
  const pubkey = getPublicKey(key);
  await page.goto('/home');
  await signInWithKey(page, bytesToHex(key));
  await navigateInApp(page, '/settings/network');
  const section = page.getByTestId('dm-relay-settings');
  await expect(section.getByText('You have no private message relays.')).toBeVisible({ timeout: 15_000 });
  await section.getByRole('button', { name: 'Use my relays' }).click();
  await expect(page.getByText('Private message relays saved')).toBeVisible({ timeout: 20_000 });
  await expect(section.locator('[data-dm-relay]')).toHaveCount(1);

  await section.getByLabel('New private message relay').fill('wss://dm.example');
  await section.getByRole('button', { name: 'Add private message relay' }).click();
  await expect(section.locator('[data-dm-relay]')).toHaveCount(2, { timeout: 20_000 });

  await expect
    .poll(async () => {
      const lists = await queryRelay(relay, { kinds: [10050], authors: [pubkey] });
      const newest = lists.sort((a, b) => b.created_at - a.created_at)[0];
      return newest && verifyEvent(newest) ? newest.tags.filter((t) => t[0] === 'relay').length : 0;
    })
    .toBe(2);
});
