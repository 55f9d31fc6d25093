import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure';
import { buyPremium } from '../support/premium.ts';
import { queryRelay } from '../support/relay.ts';
import { sandboxWeblnScript, setSandboxBalance } from '../support/sandbox.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';
import { navigateInApp as navigate, signInWithKey as signIn } from '../support/session.ts';

// Premium's upload limit, end to end against the real caching service: a fresh key buys Premium through the app
// (paying with the sandbox's "tide" wallet, which no other spec counts on), then, signed in again in a new session,
// attaches a 101 MB picture in the composer; it is stored, and the note carries its imeta. A second fresh, regular key is refused the same file by
// the app before sending, and the server itself refuses a signed Blossom PUT of it (413, the spec's message).

const MB = 1024 * 1024;
const SIZE = 101 * MB;
const TOO_BIG = 'File too big. Upload limit is 100MB.';

/** A 1×1 PNG padded after IEND to `size` bytes (browsers read its size; the padding makes it one big file). */
function paddedPng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const idat = deflateSync(Buffer.from([0, 30, 120, 200]));
  const png = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const out = Buffer.alloc(size);
  png.copy(out);
  // A varying tail, so every run's file (and sha256) is new on the store.
  out.write(`tide-premium-upload ${Date.now()} ${Math.random()}`, png.length, 'latin1');
  return out;
}

/** Client-side navigation (no reload: the signer and what the app learnt stay). */

/** Opens the new-note dialog with the `n` shortcut. */
async function openComposer(page: Page) {
  await navigate(page, '/home');
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** `Authorization: Nostr …` for a Blossom upload of `sha256`, signed by `secretKey` (kind 24242, BUD-11). */
function blossomUploadAuth(secretKey: Uint8Array, sha256: string): string {
  const now = Math.floor(Date.now() / 1000);
  const event = finalizeEvent(
    {
      kind: 24242,
      created_at: now,
      content: 'Upload big.png',
      tags: [
        ['t', 'upload'],
        ['x', sha256],
        ['expiration', String(now + 300)],
      ],
    },
    secretKey,
  );
  return `Nostr ${Buffer.from(JSON.stringify(event)).toString('base64')}`;
}

let dir = '';
let file = '';
let bytes: Buffer;
let sha256 = '';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tide-premium-upload-'));
  bytes = paddedPng(SIZE);
  sha256 = createHash('sha256').update(bytes).digest('hex');
  file = join(dir, 'big.png');
  writeFileSync(file, bytes);
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a new Premium member uploads a 101 MB picture that a regular account cannot, on the app and on the server', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const memberKey = generateSecretKey();
  const member = getPublicKey(memberKey);
  // The sandbox's "tide" wallet pays: it is also the membership's own account, so the money goes round and no
  // other spec's wallet is drawn on.
  await setSandboxBalance('tide', 1_000_000);
  await page.addInitScript({ content: await sandboxWeblnScript('tide') });
  await page.goto('/premium');
  await signIn(page, memberKey);
  await buyPremium(page, `big${Date.now().toString(36)}`);

  // Later, in a new session (the app learns the tier at sign-in, no premium page visited), the member attaches the
  // 101 MB picture in the composer: it goes all the way to the media store.
  const memberContext = await browser.newContext();
  const session = await memberContext.newPage();
  await session.goto('/home');
  await signIn(session, memberKey);
  // The app has looked the tier up: the member's badge beside their name in the navigation.
  await expect(
    session.locator('nav[aria-label="Main navigation"] [data-testid="member-badge"][data-tier="premium"]'),
  ).toBeVisible();
  const dialog = await openComposer(session);
  await dialog.getByTestId('composer-file-input').setInputFiles(file);
  await expect(dialog.getByTestId('upload-item')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(session.getByText(TOO_BIG)).toHaveCount(0);
  const marker = `bigpicture${Date.now().toString(36)}`;
  await dialog.getByRole('combobox', { name: 'Note text' }).fill(`A big picture ${marker}`);
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await memberContext.close();
  const notes = await queryRelay(relayUrlOf(serverUrl()), { authors: [member], kinds: [1], limit: 10 });
  const note = notes.find((n: NostrEvent) => n.content.includes(marker));
  const url = `${serverUrl()}/${sha256}.png`;
  expect(note?.content).toBe(`A big picture ${marker}\n\n${url}`);
  expect(note?.tags).toContainEqual(['imeta', `url ${url}`, 'm image/png', 'dim 1x1', `x ${sha256}`, `size ${SIZE}`]);
  const head = await fetch(url, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(Number(head.headers.get('content-length'))).toBe(SIZE);

  // A regular account is refused the same file by the app, before anything is sent.
  const context = await browser.newContext();
  const other = await context.newPage();
  const regularKey = generateSecretKey();
  let sent = false;
  other.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/upload') sent = true;
  });
  await other.goto('/home');
  await signIn(other, regularKey);
  const otherDialog = await openComposer(other);
  await otherDialog.getByTestId('composer-file-input').setInputFiles(file);
  await expect(other.getByText(TOO_BIG)).toBeVisible();
  await expect(otherDialog.getByTestId('upload-item')).toHaveCount(0);
  expect(sent).toBe(false);
  await context.close();

  // And the server itself refuses it from a regular account: a signed Blossom PUT gets 413 with the spec's words.
  // (A different file than the member's, so it is not already on the store.)
  const copy = Buffer.from(bytes);
  copy.write('regular', SIZE - 16, 'latin1');
  const copySha = createHash('sha256').update(copy).digest('hex');
  const refused = await fetch(`${serverUrl()}/upload`, {
    method: 'PUT',
    headers: { authorization: blossomUploadAuth(regularKey, copySha), 'content-type': 'image/png' },
    body: copy,
  });
  expect(refused.status).toBe(413);
  expect(((await refused.json()) as { message: string }).message).toBe(TOO_BIG);
  expect((await fetch(`${serverUrl()}/${copySha}.png`, { method: 'HEAD' })).status).toBe(404);
  // The same bytes sent without a declared length (streamed) are cut off at the limit with the same answer.
  const streamed = await fetch(`${serverUrl()}/upload`, {
    method: 'PUT',
    headers: { authorization: blossomUploadAuth(regularKey, copySha), 'content-type': 'image/png' },
    body: new Blob([copy]).stream(),
    duplex: 'half',
  } as RequestInit);
  expect(streamed.status).toBe(413);
  expect(((await streamed.json()) as { message: string }).message).toBe(TOO_BIG);
  expect((await fetch(`${serverUrl()}/${copySha}.png`, { method: 'HEAD' })).status).toBe(404);
  // The member's own PUT of it is accepted (the server's limit for members is 1 GB).
  const accepted = await fetch(`${serverUrl()}/upload`, {
    method: 'PUT',
    headers: { authorization: blossomUploadAuth(memberKey, copySha), 'content-type': 'image/png' },
    body: copy,
  });
  expect(accepted.status).toBe(200);
  expect(((await accepted.json()) as { size: number }).size).toBe(SIZE);
});
