import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, type Page, test } from '@playwright/test';
import { neventEncode } from 'nostr-tools/nip19';
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { publishToRelay, queryRelay } from '../support/relay.ts';
import {
  sandboxBalance,
  sandboxInvoice,
  sandboxToken,
  sandboxUrl,
  sandboxWallet,
  sandboxWeblnScript,
  setSandboxBalance,
} from '../support/sandbox.ts';
import { relayUrlOf } from '../support/server.ts';
import { navigateInApp as navigate, signInWithKey as signIn } from '../support/session.ts';

// Payments against the real caching service + relay and the lightning sandbox the harness starts (ledger, LNURL-pay
// with zap receipts for the seeded lightning addresses, NWC on the relay, Cashu mint, WebLN provider): alice connects
// her sandbox NWC wallet and zaps bob; carol zaps with WebLN; an empty wallet fails cleanly; an invoice in a note is
// paid; an ecash token is redeemed once, not twice.

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const carol = DEMO_ACCOUNTS.find((a) => a.name === 'carol')!;
const now = () => Math.floor(Date.now() / 1000);
const sign = (secretHex: string, kind: number, content: string, tags: string[][] = []) =>
  finalizeEvent({ kind, content, tags, created_at: now() }, hexToBytes(secretHex)) as NostrEvent;
const origin = `http://127.0.0.1:${process.env.TIDE_E2E_PORT}`;
const relay = relayUrlOf(origin);
const sats = sandboxBalance;

async function publishNote(secretHex: string, content: string): Promise<NostrEvent> {
  const note = sign(secretHex, 1, content);
  expect(await publishToRelay(relay, [note])).toBe(1);
  return note;
}

const noteOf = (page: Page, id: string) => page.locator(`[data-testid="note"][data-note-id="${id}"]`).first();
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text });

// The tests build on each other (the wallet saved in the first is read back
// from the account in the last).
test.describe.configure({ mode: 'serial' });

test('alice zaps bob with her NWC wallet (default and custom), an empty wallet fails cleanly', async ({ page }) => {
  test.setTimeout(240_000);
  const note = await publishNote(bob.secretKeyHex, `bob's note to zap ${now()}`);
  await setSandboxBalance('alice', 100_000);
  await page.goto('/home');
  await signIn(page, alice.secretKeyHex);

  // Settings → Connected Wallets: a bad string is refused, the sandbox wallet is added, active, with its balance.
  await navigate(page, '/settings/nwc');
  const uriField = page.getByLabel('Connection string (nostr+walletconnect://…)');
  await uriField.fill('nostr+walletconnect://nope');
  await page.getByRole('button', { name: 'Connect a wallet' }).click();
  await expect(page.getByText('This is not a Nostr Wallet Connect string')).toBeVisible();
  await uriField.fill((await sandboxWallet('alice')).nwcUri);
  await page.getByLabel('Wallet name').fill('Sandbox');
  await page.getByRole('button', { name: 'Connect a wallet' }).click();
  const row = page.getByTestId('nwc-wallet').filter({ hasText: 'Sandbox' });
  await expect(row).toBeVisible();
  await expect(uriField).toHaveValue('');
  await expect(row.getByRole('radio')).toBeChecked();
  await row.getByRole('button', { name: 'Show balance' }).click();
  await expect(row.getByTestId('nwc-balance')).toHaveText('Balance: 100,000 sats');

  // One tap: the default zap (42 sats, 'Onward'); the toast comes with the wallet's answer, the counter moves.
  await navigate(page, `/e/${neventEncode({ id: note.id })}`);
  const zapButton = noteOf(page, note.id).locator('[data-stat="zaps"]');
  await expect(zapButton).toBeVisible();
  await zapButton.click();
  await expect(toast(page, 'zapped successfully')).toBeVisible();
  expect(await sats('alice')).toBe(100_000 - 42);
  await expect(zapButton).toHaveText('42');
  // The receipt reached the relay through the sandbox's LNURL server.
  await expect
    .poll(async () => (await queryRelay(relay, { kinds: [9735], '#e': [note.id] })).length)
    .toBeGreaterThanOrEqual(1);

  // Right click: the custom zap dialog with the presets; the rocket (420) with a message.
  await zapButton.click({ button: 'right' });
  const dialog = page.getByTestId('zap-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '420 sats' }).click();
  await dialog.getByLabel('Message').fill('to the moon');
  await dialog.getByRole('button', { name: 'Zap 420 sats' }).click();
  await expect(dialog).toBeHidden();
  expect(await sats('alice')).toBe(100_000 - 42 - 420);
  await expect(zapButton).toHaveText('462');

  // The caching service counts the receipts: after a reload the note shows the zaps and the top zap.
  await expect
    .poll(
      async () => {
        await page.reload();
        return noteOf(page, note.id).locator('[data-stat="zaps"]').textContent();
      },
      { timeout: 60_000 },
    )
    .toContain('462');
  await expect(page.getByTestId('top-zaps').first()).toContainText('420');

  // The reactions window's Zaps tab lists as many zaps as its count announces: the two of alice.
  const zapped = noteOf(page, note.id);
  await zapped.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Note reactions' }).click();
  const reactions = page.getByRole('dialog', { name: 'Reactions' });
  await reactions.getByRole('tab', { name: 'Zaps (2)' }).click();
  await expect(reactions.getByRole('tabpanel').getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(reactions).toBeHidden();

  // The note menu's Custom zap opens the same dialog.
  await zapped.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Custom zap' }).click();
  await expect(page.getByTestId('zap-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('zap-dialog')).toBeHidden();

  // An empty wallet: the failure toast, never the success one, and nothing moves.
  await setSandboxBalance('alice', 0);
  const receipts = (await queryRelay(relay, { kinds: [9735], '#e': [note.id] })).length;
  const successes = await toast(page, 'zapped successfully').count();
  await noteOf(page, note.id).locator('[data-stat="zaps"]').click();
  await expect(toast(page, 'We were unable to send this Zap')).toBeVisible({ timeout: 60_000 });
  expect(await toast(page, 'zapped successfully').count()).toBe(successes);
  expect(await sats('alice')).toBe(0);
  expect((await queryRelay(relay, { kinds: [9735], '#e': [note.id] })).length).toBe(receipts);
});

test('carol zaps bob through the injected WebLN provider', async ({ page }) => {
  test.setTimeout(180_000);
  const note = await publishNote(bob.secretKeyHex, `bob's note for webln ${now()}`);
  await page.addInitScript({ content: await sandboxWeblnScript('carol') });
  await page.goto('/home');
  await signIn(page, carol.secretKeyHex);
  await navigate(page, `/e/${neventEncode({ id: note.id })}`);
  const before = await sats('carol');
  await noteOf(page, note.id).locator('[data-stat="zaps"]').click();
  await expect(toast(page, 'zapped successfully')).toBeVisible();
  await expect.poll(() => sats('carol')).toBe(before - 42);
});

test('alice pays an invoice from a note and redeems an ecash token once', async ({ page }) => {
  test.setTimeout(240_000);
  await setSandboxBalance('alice', 50_000);
  const invoice = await sandboxInvoice('carol', 500, 'pizza');
  const token = await sandboxToken(200);
  const invoiceNote = await publishNote(carol.secretKeyHex, `pay me ${invoice}`);
  const tokenNote = await publishNote(carol.secretKeyHex, `free sats ${token}`);
  await page.goto('/home');
  await signIn(page, alice.secretKeyHex);
  await navigate(page, '/settings/nwc');
  // The wallet saved in the first test comes back from the account (user-nwc subsettings, NIP-44 to self).
  await expect(page.getByTestId('nwc-wallet').filter({ hasText: 'Sandbox' })).toBeVisible();

  // The invoice: amount, description, expiry, Pay → confirm → paid by the NWC wallet.
  await navigate(page, `/e/${neventEncode({ id: invoiceNote.id })}`);
  const details = noteOf(page, invoiceNote.id).getByTestId('invoice-details');
  await expect(details).toContainText('500 sats');
  await expect(details).toContainText('pizza');
  await expect(details).toContainText(/Expires in (59|60) minutes/);
  const carolBefore = await sats('carol');
  await details.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('dialog', { name: 'Pay this invoice?' }).getByRole('button', { name: 'Pay' }).click();
  await expect(toast(page, 'Invoice paid')).toBeVisible();
  expect(await sats('carol')).toBe(carolBefore + 500);
  expect(await sats('alice')).toBe(50_000 - 500);

  // The token: mint, amount, pending; Redeem → confirm → alice's wallet rises, the token shows spent.
  await navigate(page, `/e/${neventEncode({ id: tokenNote.id })}`);
  const cashu = noteOf(page, tokenNote.id).getByTestId('cashu-details');
  await expect(cashu).toContainText('200 sats');
  await expect(cashu).toContainText(`${sandboxUrl()}/mint`);
  await expect(cashu.getByTestId('cashu-status')).toHaveAttribute('data-status', 'pending');
  const aliceBefore = await sats('alice');
  await cashu.getByRole('button', { name: 'Redeem' }).click();
  await page.getByRole('dialog', { name: 'Redeem this token?' }).getByRole('button', { name: 'Redeem' }).click();
  await expect(toast(page, /Redeemed \d+ sats into your wallet/)).toBeVisible({ timeout: 60_000 });
  const afterFirst = await sats('alice');
  expect(afterFirst).toBeGreaterThan(aliceBefore);
  expect(afterFirst).toBeLessThanOrEqual(aliceBefore + 200);
  await expect(cashu.getByTestId('cashu-status')).toHaveAttribute('data-status', 'spent');

  // A second redeem of the same token fails cleanly: the failure toast, nothing credited.
  await cashu.getByRole('button', { name: 'Redeem' }).click();
  await page.getByRole('dialog', { name: 'Redeem this token?' }).getByRole('button', { name: 'Redeem' }).click();
  await expect(toast(page, 'We were unable to redeem this token')).toBeVisible({ timeout: 60_000 });
  expect(await sats('alice')).toBe(afterFirst);
});
