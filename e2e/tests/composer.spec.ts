import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { hexToBytes } from '@noble/hashes/utils.js';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { npubEncode, nsecEncode } from 'nostr-tools/nip19';
import { type NostrEvent, verifyEvent } from 'nostr-tools/pure';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from '../support/accounts.ts';
import { queryRelay } from '../support/relay.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';

// The composer (issue 14) against the real caching service and its relay: a demo account writes with the `n`
// shortcut (a mention from user_search), replies from a thread, quotes, uploads a picture to the media store and
// posts it, keeps a draft across a reload, and keeps its text when no write relay can be reached.

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const PIN = '1357';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const accountName = (page: Page) => page.locator('nav[aria-label="Main navigation"] [data-testid="account-name"]');
const relay = () => relayUrlOf(serverUrl());
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Signs in with the account's nsec (with a PIN when given, so a reload asks for it). */
async function signIn(page: Page, account: DemoAccount, pin?: string) {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  await nav(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsecEncode(hexToBytes(account.secretKeyHex)));
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  if (pin) {
    await createPin.getByLabel('PIN', { exact: true }).fill(pin);
    await createPin.getByLabel('Repeat PIN').fill(pin);
    await createPin.getByRole('button', { name: 'Create PIN' }).click();
  } else {
    await createPin.getByRole('button', { name: 'Continue without PIN' }).click();
  }
  await expect(createPin).toBeHidden({ timeout: 30_000 });
  await expect(accountName(page)).toHaveText(account.displayName);
}

/** Presses `n` outside any field and returns the new-note dialog. */
async function openWithShortcut(page: Page) {
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Note text' })).toBeFocused();
  return dialog;
}

/** Alice's kind-1 notes on the relay whose content contains `marker`. */
async function notesWith(author: string, marker: string): Promise<NostrEvent[]> {
  const events = await queryRelay(relay(), { authors: [author], kinds: [1], limit: 50 });
  return events.filter((e) => e.content.includes(marker));
}

/** A w×h RGB PNG (real pixels, so the browser reads its size). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width * 3; x++) rows[y * (width * 3 + 1) + 1 + x] = (x * 37 + y * 91) & 255;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A follower's home (bob follows alice in the demo network) shows `text` through the caching service. */
async function followerSees(browser: Browser, text: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, bob);
  await expect(async () => {
    await page.goto('/home');
    await expect(page.getByTestId('note').filter({ hasText: text })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await context.close();
}

test('alice posts a note with the n shortcut, mentioning bob: the relay stores it, her profile and a follower home show it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const problems = watchPage(page, baseURL!);
  await signIn(page, alice);
  const dialog = await openWithShortcut(page);
  const marker = `composer${stamp()}`;
  const area = dialog.getByRole('combobox', { name: 'Note text' });
  await area.pressSequentially(`Hello from the composer ${marker} #TideComposer cc @bob`);
  const option = dialog.getByRole('option', { name: /Bob Demo/ });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await area.press('Enter');
  await expect(area).toHaveValue(/cc @Bob Demo $/);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Note posted successfully')).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog).toBeHidden();

  const [stored] = await notesWith(alice.pubkey, marker);
  expect(stored).toBeDefined();
  expect(verifyEvent(stored)).toBe(true);
  expect(stored.tags).toContainEqual(['t', 'tidecomposer']);
  expect(stored.tags).toContainEqual(['p', bob.pubkey, expect.any(String), 'mention']);
  expect(stored.content).toMatch(/cc nostr:nprofile1[a-z0-9]+$/);
  // The draft is cleared: the next new note starts empty.
  const again = await openWithShortcut(page);
  await expect(again.getByRole('combobox', { name: 'Note text' })).toHaveValue('');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  await page.goto(`/p/${npubEncode(alice.pubkey)}`);
  await expect(page.getByTestId('note').filter({ hasText: marker }).first()).toBeVisible({ timeout: 30_000 });
  await followerSees(browser, marker);
  expect(problems.consoleErrors).toEqual([]);
});

test('alice replies from a thread (NIP-10 tags) and quotes a note (nevent + q tag)', async ({ page }) => {
  test.setTimeout(180_000);
  const bobs = await queryRelay(relay(), { authors: [bob.pubkey], kinds: [1], limit: 50 });
  const parent = bobs.find((e) => !e.tags.some((t) => t[0] === 'e' || t[0] === 'q') && !e.content.includes('nostr:'))!;
  expect(parent).toBeDefined();
  await signIn(page, alice);
  await page.goto(`/e/${parent.id}`);
  await expect(page.getByTestId('thread-primary').getByTestId('note')).toHaveAttribute('data-note-id', parent.id);
  await page.getByTestId('reply-box').click();
  const marker = `reply${stamp()}`;
  const replyText = page.getByRole('combobox', { name: 'Write your reply' });
  await expect(replyText).toBeFocused();
  await replyText.fill(`Agreed ${marker}`);
  await page.getByRole('region', { name: 'Reply to this note' }).getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByText('Note posted successfully')).toBeVisible({
    timeout: 30_000,
  });
  const [reply] = await notesWith(alice.pubkey, marker);
  expect(reply.tags).toContainEqual(['e', parent.id, expect.any(String), 'root', bob.pubkey]);
  expect(reply.tags).toContainEqual(['p', bob.pubkey]);
  expect(reply.tags.find((t) => t[0] === 'e')?.[2]).toMatch(/^wss?:\/\//);
  await expect(page.getByTestId('thread-replies').getByTestId('note').filter({ hasText: marker })).toBeVisible({
    timeout: 30_000,
  });

  // Quote the same note from its menu.
  const primary = page.getByTestId('thread-primary').getByTestId('note');
  await primary.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Quote note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote note' });
  await expect(dialog.getByTestId('composer-quote')).toContainText(parent.content.slice(0, 20));
  const quoteMarker = `quote${stamp()}`;
  await dialog.getByRole('combobox', { name: 'Note text' }).fill(`Worth reading ${quoteMarker}`);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const [quote] = await notesWith(alice.pubkey, quoteMarker);
  expect(quote.content).toMatch(new RegExp(`^Worth reading ${quoteMarker}\\n\\nnostr:nevent1[a-z0-9]+$`));
  expect(quote.tags.find((t) => t[0] === 'q')?.slice(0, 2)).toEqual(['q', parent.id]);
});

test('alice uploads a picture with a progress bar and posts it with its imeta tag', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, alice);
  // The upload is held 1.5 s on its way, so its progress bar can be seen; it then goes to the real media store.
  await page.route('**/upload', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const dialog = await openWithShortcut(page);
  const picture = png(40, 30);
  const sha256 = createHash('sha256').update(picture).digest('hex');
  await dialog
    .getByTestId('composer-file-input')
    .setInputFiles({ name: 'tide.png', mimeType: 'image/png', buffer: picture });
  await expect(dialog.getByRole('progressbar', { name: 'Uploading tide.png' })).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await expect(dialog.getByTestId('upload-item')).toHaveAttribute('data-status', 'done');

  // Other files are refused with the spec's message.
  await dialog
    .getByTestId('composer-file-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  // (toasts are found by text: the modal dialog hides the rest of the page from the accessibility tree)
  await expect(page.getByText('You can only upload images and videos. This file type is not supported.')).toBeVisible();

  const marker = `picture${stamp()}`;
  await dialog.getByRole('combobox', { name: 'Note text' }).fill(`A picture ${marker}`);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const [note] = await notesWith(alice.pubkey, marker);
  const url = `${serverUrl()}/${sha256}.png`;
  expect(note.content).toBe(`A picture ${marker}\n\n${url}`);
  expect(note.tags).toContainEqual([
    'imeta',
    `url ${url}`,
    'm image/png',
    'dim 40x30',
    `x ${sha256}`,
    `size ${picture.length}`,
  ]);
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(picture)).toBe(true);
});

test('a draft survives a reload mid-word', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, alice, PIN);
  const dialog = await openWithShortcut(page);
  await dialog.getByRole('combobox', { name: 'Note text' }).pressSequentially('Half a thought and a half-typed wor');
  await page.reload();
  const enterPin = page.getByRole('dialog', { name: 'Enter PIN' });
  await enterPin.getByLabel('PIN', { exact: true }).fill(PIN);
  await enterPin.getByRole('button', { name: 'Unlock' }).click();
  await expect(enterPin).toBeHidden({ timeout: 30_000 });
  const back = await openWithShortcut(page);
  await expect(back.getByRole('combobox', { name: 'Note text' })).toHaveValue('Half a thought and a half-typed wor');
  await back.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Save this note as a draft?' });
  await expect(ask.getByRole('button', { name: 'Continue Editing' })).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(back).toBeHidden();
  const empty = await openWithShortcut(page);
  await expect(empty.getByRole('combobox', { name: 'Note text' })).toHaveValue('');
});

test('with every write relay unreachable the composer shows the failure toast and keeps the text', async ({ page }) => {
  test.setTimeout(120_000);
  const relayAddress = new URL(relay());
  // The only write relay of alice's list (the caching service's own relay) refuses every connection.
  await page.routeWebSocket(
    (url) => url.host === relayAddress.host && url.pathname === '/',
    (ws) => ws.close({ code: 1011, reason: 'unreachable' }),
  );
  await signIn(page, alice);
  const dialog = await openWithShortcut(page);
  const text = `Nobody will hear this ${stamp()}`;
  await dialog.getByRole('combobox', { name: 'Note text' }).fill(text);
  await dialog.getByRole('button', { name: 'Post' }).click();
  const failure = /Failed to publish note|No relay confirmed reception of your note after 8 seconds/;
  // The toast (found by CSS: the modal hides the page behind it from the accessibility tree) and the same words in
  // the dialog as an alert.
  await expect(
    page.locator('section[aria-label="Messages from Tide"] [role="alert"]').filter({ hasText: failure }),
  ).toBeVisible({
    timeout: 40_000,
  });
  await expect(dialog.getByRole('alert')).toHaveText(failure);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Note text' })).toHaveValue(text);
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled();
  expect(await notesWith(alice.pubkey, text)).toEqual([]);
});

test('on a phone the bottom bar has the New note button, which opens the composer', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/home');
  const bar = page.getByRole('navigation', { name: 'Navigation' });
  await expect(bar.getByRole('button', { name: 'New note' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'More' }).click();
  await bar.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsecEncode(hexToBytes(alice.secretKeyHex)));
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  await createPin.getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(createPin).toBeHidden({ timeout: 30_000 });
  await bar.getByRole('button', { name: 'New note' }).click();
  const composer = page.getByRole('dialog', { name: 'New note' });
  await expect(composer.getByRole('combobox', { name: 'Note text' })).toBeFocused();
  await composer.getByRole('button', { name: 'Close' }).click();
  await expect(composer).toBeHidden();
  await expect(bar.getByRole('button', { name: 'New note' })).toBeFocused();
});
