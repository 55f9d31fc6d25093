import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { expect, type Page, test } from '@playwright/test';
import { nsecEncode } from 'nostr-tools/nip19';
import { generateSecretKey, getPublicKey, verifyEvent } from 'nostr-tools/pure';
import WebSocket from 'ws';
import type { WebSocketConstructor } from '../../packages/core/src/relay/socket.ts';
import { startTestNip46Signer } from '../../packages/core/src/signers/test-nip46-signer.ts';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { queryRelay } from '../support/relay.ts';

// Accounts and signers (issue 14): an nsec without PIN survives a reload sealed under the browser's device key, and
// a remote signer (NIP-46, a small bunker started here) signs every write through the caching service's relay.

const carol = DEMO_ACCOUNTS.find((a) => a.name === 'carol')!;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const accountName = (page: Page) => page.locator('nav[aria-label="Main navigation"] [data-testid="account-name"]');
const relayUrl = (baseURL: string) => baseURL.replace(/^http/, 'ws');

/** Console errors other than the browser's own report that the made-up extra relay does not exist. */
const unexpected = (errors: string[]) => errors.filter((e) => !/\.relay\.invalid\/?' failed/.test(e));

async function openSignIn(page: Page) {
  await nav(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Everything the browser keeps for this origin: localStorage and every IndexedDB record, bytes as text. */
async function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts = [JSON.stringify({ ...localStorage })];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of [...db.objectStoreNames]) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const text = (value: unknown): string => {
          if (value instanceof ArrayBuffer) return new TextDecoder('latin1').decode(new Uint8Array(value));
          if (ArrayBuffer.isView(value)) return new TextDecoder('latin1').decode(value as Uint8Array);
          if (value && typeof value === 'object') return Object.values(value).map(text).join('|');
          return String(value);
        };
        parts.push(`${info.name}/${store}:`, ...values.map(text));
      }
      db.close();
    }
    return parts.join('\n');
  });
}

/** How many sealed keys the device vault holds (IndexedDB `tide-keys`, store `sealed`). */
function sealedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('tide-keys');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('sealed')) return resolve(0);
          const request = db.transaction('sealed').objectStore('sealed').count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(-1);
        };
        open.onerror = () => resolve(-1);
      }),
  );
}

/** Adds a relay in Settings → Network (a kind 10002 signed by the session's signer) and waits for 'Relays saved'. */
async function addRelay(page: Page, url: string) {
  await page.goto('/settings/network');
  const field = page.getByLabel('Relay address');
  await expect(page.getByRole('button', { name: 'Add relay' })).toBeEnabled({ timeout: 30_000 });
  await field.fill(url);
  await page.getByRole('button', { name: 'Add relay' }).click();
  await expect(page.getByText('Relays saved').first()).toBeVisible({ timeout: 30_000 });
}

test('an nsec without PIN stays signed in after a reload, sealed under the device key, and can sign', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const problems = watchPage(page, baseURL!);
  const nsec = nsecEncode(hexToBytes(carol.secretKeyHex));
  await page.goto('/home');
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Private key (nsec)').fill(nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  await expect(createPin.getByText(/stay signed in after a reload/)).toBeVisible();
  await createPin.getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(createPin).toBeHidden({ timeout: 30_000 });
  await expect(accountName(page)).toHaveText(carol.displayName);

  await page.reload();
  await expect(accountName(page)).toHaveText(carol.displayName);
  await expect(page.getByRole('dialog', { name: 'Enter PIN' })).toHaveCount(0);

  // Nothing of the key in clear: not in localStorage, not in IndexedDB (the sealed record is there, unreadable).
  const stored = await storedText(page);
  expect(await sealedCount(page)).toBe(1);
  expect(stored).not.toContain(nsec);
  expect(stored).not.toContain(carol.secretKeyHex);
  expect(stored).not.toContain(new TextDecoder('latin1').decode(hexToBytes(carol.secretKeyHex)));

  // It signs after the reload: a relay list change reaches the relay with carol's valid signature.
  const extra = `wss://carol-${Date.now()}.relay.invalid`;
  await addRelay(page, extra);
  const lists = await queryRelay(relayUrl(baseURL!), { kinds: [10002], authors: [carol.pubkey] });
  const latest = lists.sort((a, b) => b.created_at - a.created_at)[0];
  expect(latest && verifyEvent(latest)).toBe(true);
  expect(latest?.tags.some((t) => t[0] === 'r' && t[1] === extra)).toBe(true);
  await page.getByRole('button', { name: `Remove ${extra}` }).click();
  await expect(page.getByRole('button', { name: `Remove ${extra}` })).toHaveCount(0, { timeout: 30_000 });

  // Logout deletes the sealed key: a reload is a guest.
  await nav(page).getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(nav(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => sealedCount(page)).toBe(0);
  await page.reload();
  await expect(nav(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(unexpected(problems.consoleErrors)).toEqual([]);
});

test('signs in through a remote signer (bunker URL), signs writes through it, and comes back after a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const problems = watchPage(page, baseURL!);
  const relay = relayUrl(baseURL!);
  const userKey = generateSecretKey();
  const bunker = await startTestNip46Signer({
    relays: [relay],
    userSecretKey: userKey,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
  });
  try {
    await page.goto('/home');
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Sign in with a remote signer' }).click();
    const remote = page.getByRole('dialog', { name: 'Remote signer' });
    await remote.getByLabel('Bunker URL').fill('bunker://nothing');
    await remote.getByRole('button', { name: 'Connect' }).click();
    await expect(remote.getByText('Please enter a valid bunker URL')).toBeVisible();
    await remote.getByLabel('Bunker URL').fill(bunker.bunkerUrl);
    await remote.getByRole('button', { name: 'Connect' }).click();
    await expect(remote).toBeHidden({ timeout: 30_000 });
    expect(bunker.methods.slice(0, 2)).toEqual(['connect', 'get_public_key']);
    expect(await page.evaluate(() => localStorage.getItem('pubkey'))).toBe(getPublicKey(userKey));
    expect(await page.evaluate(() => localStorage.getItem('signInMethod'))).toBe('nip46');

    const extra = `wss://bunker-${Date.now()}.relay.invalid`;
    await addRelay(page, extra);
    expect(bunker.signed.some((e) => e.kind === 10002)).toBe(true);
    const lists = await queryRelay(relay, { kinds: [10002], authors: [getPublicKey(userKey)] });
    expect(lists.length).toBeGreaterThan(0);
    expect(verifyEvent(lists[0]!)).toBe(true);
    expect(lists[0]!.tags.some((t) => t[0] === 'r' && t[1] === extra)).toBe(true);

    // The session's client key is sealed like an nsec; after a reload the same bunker signs again.
    expect(await storedText(page)).not.toContain(bytesToHex(userKey));
    await page.reload();
    const before = bunker.signed.length;
    await page.getByRole('button', { name: `Remove ${extra}` }).click();
    await expect(page.getByText('Relays saved').first()).toBeVisible({ timeout: 30_000 });
    expect(bunker.signed.length).toBeGreaterThan(before);
  } finally {
    bunker.close();
  }
  expect(unexpected(problems.consoleErrors)).toEqual([]);
});

test('nostrconnect: the login dialog shows a QR code and signs in when the remote signer answers', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const bunker = await startTestNip46Signer({
    relays: [relayUrl(baseURL!)],
    WebSocket: WebSocket as unknown as WebSocketConstructor,
  });
  try {
    await page.goto('/home');
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Sign in with a remote signer' }).click();
    const remote = page.getByRole('dialog', { name: 'Remote signer' });
    await remote.getByRole('button', { name: 'Show QR code' }).click();
    await expect(remote.getByRole('img', { name: 'nostrconnect QR code for your signer' })).toBeVisible();
    await expect(remote.getByRole('status')).toHaveText('Waiting for your signer to connect…');
    const uri = await remote.getByTestId('nostrconnect-uri').textContent();
    expect(uri).toMatch(/^nostrconnect:\/\/[0-9a-f]{64}\?/);
    await bunker.connectTo(uri!);
    await expect(remote).toBeHidden({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pubkey'))).toBe(bunker.userPubkey);
  } finally {
    bunker.close();
  }
});
