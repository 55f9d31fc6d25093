import { hexToBytes } from '@noble/hashes/utils.js';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { npubEncode, nsecEncode } from 'nostr-tools/nip19';
import { finalizeEvent } from 'nostr-tools/pure';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { publishToRelay } from '../support/relay.ts';
import { relayUrlOf } from '../support/server.ts';

// Direct messages (issue 15) in Chromium against the real caching service and relay, two demo accounts in two
// browser contexts: alice sends bob a NIP-04 and a NIP-17 message; both arrive live in bob's open conversation (the
// NIP-17 one marked private, read from bob's DM relay over NIP-42 AUTH), bob's unread badge moves, Mark All Read
// clears it; a corrupt kind 4 shows the placeholder, never its ciphertext.

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const nsecOf = (a: typeof alice) => nsecEncode(hexToBytes(a.secretKeyHex));

async function signIn(page: Page, nsec: string): Promise<void> {
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  await createPin.getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(createPin).toBeHidden({ timeout: 30_000 });
}

async function open(browser: Browser, account: typeof alice) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, nsecOf(account));
  return { context, page };
}

const badgeOf = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).locator('[data-nav-item="/dms"] [data-testid="dm-badge"]');

async function send(page: Page, text: string, privately: boolean): Promise<void> {
  const box = page.getByLabel('Message', { exact: true });
  await expect(page.getByTestId('dm-mode')).toHaveAttribute('data-mode', /nip04|nip17/, { timeout: 20_000 });
  const toggle = page.getByRole('checkbox', { name: 'Private (NIP-17)' });
  if ((await toggle.isChecked()) !== privately) await toggle.setChecked(privately);
  await expect(page.getByTestId('dm-mode')).toHaveAttribute('data-mode', privately ? 'nip17' : 'nip04');
  await box.fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // success only after a relay OK: the box empties and the message is in the sender's conversation
  await expect(box).toHaveValue('', { timeout: 20_000 });
  await expect(page.getByTestId('dm-message').filter({ hasText: text })).toBeVisible();
}

test('alice sends bob a NIP-04 and a NIP-17 message: both arrive live, the badge moves, Mark All Read clears it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const a = await open(browser, alice);
  const b = await open(browser, bob);
  const problems = watchPage(b.page, origin);
  const stamp = Date.now().toString(36);

  // bob starts from nothing unread
  await b.page.goto('/dms');
  await b.page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(b.page.getByText('All messages marked as read')).toBeVisible({ timeout: 20_000 });
  await expect(badgeOf(b.page)).toBeHidden({ timeout: 20_000 });

  // alice opens bob: bob published DM relays (kind 10050) in the seed, so NIP-17 is offered
  await a.page.goto(`/dms/${npubEncode(bob.pubkey)}`);
  await expect(a.page.getByTestId('dm-mode')).toHaveAttribute('data-mode', 'nip17', { timeout: 20_000 });

  // NIP-04: published after a relay OK, bob's badge rises live
  const first = `hello bob, nip04 ${stamp}`;
  await send(a.page, first, false);
  await expect(badgeOf(b.page)).toHaveText('1', { timeout: 20_000 });

  // bob opens the conversation from the All list: the message is there, the count resets
  await b.page.getByRole('tab', { name: 'All' }).click();
  const contact = b.page.locator(`[data-testid="dm-contact"][data-pubkey="${alice.pubkey}"]`);
  await expect(contact.getByTestId('dm-contact-unread')).toHaveText('1', { timeout: 20_000 });
  await contact.click();
  await expect(b.page.getByTestId('dm-message').filter({ hasText: first })).toBeVisible({ timeout: 20_000 });
  await expect(badgeOf(b.page)).toBeHidden({ timeout: 20_000 });

  // NIP-17: arrives live in bob's open conversation, marked private; only gift wraps travel (kind 1059)
  const second = `psst bob, nip17 ${stamp}`;
  await send(a.page, second, true);
  const wrapped = b.page.getByTestId('dm-message').filter({ hasText: second });
  await expect(wrapped).toBeVisible({ timeout: 30_000 });
  await expect(wrapped).toHaveAttribute('data-private', 'true');
  await expect(wrapped.getByTestId('dm-private')).toBeVisible();

  // another NIP-04 arrives live in the open conversation, no reload
  const third = `still there? ${stamp}`;
  await send(a.page, third, false);
  await expect(b.page.getByTestId('dm-message').filter({ hasText: third })).toBeVisible({ timeout: 20_000 });

  // away from the conversation a new message raises the badge; Mark All Read clears it
  await b.page.goto('/dms');
  const fourth = `mark me read ${stamp}`;
  await send(a.page, fourth, false);
  await expect(badgeOf(b.page)).toHaveText(/^[1-9]/, { timeout: 20_000 });
  await b.page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(badgeOf(b.page)).toBeHidden({ timeout: 20_000 });

  expect(problems.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test('a corrupt kind 4 shows the marked placeholder, never its ciphertext', async ({ browser, baseURL }) => {
  const origin = baseURL!;
  const garbage = `Zm9yZ2VkIGNpcGhlcnRleHQ${Date.now().toString(36)}==?iv=AAAAAAAAAAAAAAAAAAAAAA==`;
  const corrupt = finalizeEvent(
    { kind: 4, created_at: Math.floor(Date.now() / 1000), tags: [['p', bob.pubkey]], content: garbage },
    hexToBytes(alice.secretKeyHex),
  );
  expect(await publishToRelay(relayUrlOf(origin), [corrupt])).toBe(1);
  const b = await open(browser, bob);
  await b.page.goto(`/dms/${npubEncode(alice.pubkey)}`);
  const placeholder = b.page.getByTestId('dm-undecryptable');
  await expect(placeholder.first()).toBeVisible({ timeout: 20_000 });
  await expect(placeholder.first()).toHaveText('This message could not be decrypted');
  await expect(b.page.getByText(garbage.slice(0, 20))).toHaveCount(0);
  await expect(b.page.getByTestId('dm-conversation-header')).toContainText(alice.displayName);
  await b.context.close();
});
