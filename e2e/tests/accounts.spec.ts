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
  await field.fill(`${url.replace('?', '/?')}`);
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
  // Another address of the same real relay (a query string), so nothing else sees a relay that does not exist.
  const extra = `${relayUrl(baseURL!)}?tide-e2e=carol-${Date.now()}`;
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
  expect(problems.consoleErrors).toEqual([]);
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

    const extra = `${relay}?tide-e2e=bunker-${Date.now()}`;
    await addRelay(page, extra);
    expect(bunker.signed.some((e) => e.kind === 10002)).toBe(true);
    const lists = await queryRelay(relay, { kinds: [10002], authors: [getPublicKey(userKey)] });
    expect(lists.length).toBeGreaterThan(0);
    expect(verifyEvent(lists[0]!)).toBe(true);
    expect(lists[0]!.tags.some((t) => t[0] === 'r' && t[1] === extra)).toBe(true);

    // The session's client key is sealed like an nsec; after a reload the same bunker signs again.
    const stored = await storedText(page);
    expect(await sealedCount(page)).toBe(1);
    expect(stored).not.toContain('clientSecret');
    expect(stored).not.toContain(bytesToHex(userKey));
    await page.reload();
    const before = bunker.signed.length;
    await page.getByRole('button', { name: `Remove ${extra}` }).click();
    await expect(page.getByText('Relays saved').first()).toBeVisible({ timeout: 30_000 });
    expect(bunker.signed.length).toBeGreaterThan(before);
  } finally {
    bunker.close();
  }
  expect(problems.consoleErrors).toEqual([]);
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

// A 1×1 PNG for the avatar upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('creates an account in three steps, downloads the key, and signs in again with the downloaded key', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const problems = watchPage(page, baseURL!);
  const username = `tide_new_${Date.now() % 100000}`;
  await page.goto('/new');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Display name').fill('Newcomer Tide');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('img[alt="Your avatar"]')).toHaveAttribute('src', /^http/, { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'About' }).fill('Just arrived.');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3 loads the seeded network's suggestions (it used to spin forever).
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  const suggestions = page.getByTestId('suggested-follows');
  await expect(suggestions.getByRole('checkbox').first()).toBeChecked({ timeout: 30_000 });
  const chosen = new Set(
    await suggestions
      .locator('input[type="checkbox"]:checked')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)),
  ).size;
  expect(chosen).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Finish' }).click();

  const keyDialog = page.getByRole('dialog', { name: 'Save your private key' });
  await expect(keyDialog).toBeVisible();
  await expect(keyDialog.getByRole('button', { name: 'Create account' })).toBeDisabled();
  const downloading = page.waitForEvent('download');
  await keyDialog.getByRole('button', { name: 'Download key' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`tide-${username}-private-key.txt`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const nsec = Buffer.concat(chunks).toString('utf8').trim();
  expect(nsec).toMatch(/^nsec1[02-9ac-hj-np-z]{58}$/);
  // The key reaches the page only when asked for.
  expect(await page.content()).not.toContain(nsec);
  await keyDialog.getByRole('button', { name: 'Show key' }).click();
  await expect(keyDialog.getByTestId('new-nsec')).toHaveText(nsec);
  await keyDialog.getByLabel('I have saved my private key').check();
  await keyDialog.getByRole('button', { name: 'Create account' }).click();

  const welcome = page.getByRole('dialog', { name: 'Welcome to Tide' });
  await expect(welcome).toBeVisible({ timeout: 60_000 });
  const pubkey = await page.evaluate(() => localStorage.getItem('pubkey'));
  expect(pubkey).toMatch(/^[0-9a-f]{64}$/);
  await welcome.getByRole('button', { name: 'Start reading' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // The relay holds the three events, signed by the new key: profile, contacts (the chosen suggestions), relays.
  const relay = relayUrl(baseURL!);
  const [profile] = await queryRelay(relay, { kinds: [0], authors: [pubkey] });
  expect(profile && verifyEvent(profile)).toBe(true);
  expect(JSON.parse(profile!.content)).toMatchObject({
    name: username,
    display_name: 'Newcomer Tide',
    about: 'Just arrived.',
  });
  expect(JSON.parse(profile!.content).picture).toMatch(/^http/);
  const [contacts] = await queryRelay(relay, { kinds: [3], authors: [pubkey] });
  expect(contacts?.tags.filter((t) => t[0] === 'p')).toHaveLength(chosen);
  const [relays] = await queryRelay(relay, { kinds: [10002], authors: [pubkey] });
  expect(relays?.tags).toEqual([['r', `${relay}`]]);

  await expect(accountName(page)).toHaveText('Newcomer Tide', { timeout: 30_000 });

  // Log out, then sign in again with the downloaded key.
  await nav(page).getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(nav(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Private key (nsec)').fill(nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Create PIN' }).getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(accountName(page)).toHaveText('Newcomer Tide', { timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('pubkey'))).toBe(pubkey);
  expect(problems.consoleErrors).toEqual([]);
});
