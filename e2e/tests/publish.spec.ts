import { bytesToHex } from '@noble/hashes/utils.js';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { noteEncode, npubEncode } from 'nostr-tools/nip19';
import { generateSecretKey, getPublicKey, type NostrEvent, verifyEvent } from 'nostr-tools/pure';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { queryRelay } from '../support/relay.ts';
import { navigateInApp as navigate, signInWithKey as signIn } from '../support/session.ts';

// Publishing against the real caching service and its relay (the product relay, ws://<origin>/): every event goes
// through the app's one publisher, is stored by the relay with a valid signature, and the screen changes only after
// the relay's OK.

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;

const relayOf = (baseURL: string) => `${baseURL.replace(/^http/, 'ws')}/`;

/** The first note on screen the viewer has not liked (nor reposted), by its id. */
async function untouchedNote(page: Page): Promise<{ id: string; note: Locator }> {
  const candidate = page
    .getByTestId('note')
    .filter({ has: page.locator('[data-stat="likes"]:not([data-active])') })
    .filter({ has: page.locator('[data-stat="reposts"]:not([data-active])') })
    .first();
  await expect(candidate).toBeVisible();
  const id = (await candidate.getAttribute('data-note-id'))!;
  return { id, note: page.locator(`[data-testid="note"][data-note-id="${id}"]`).first() };
}

const count = async (button: Locator) => Number((await button.textContent())?.replace(/\D/g, '') || '0');

/** Events of a filter on the relay, polled until `until` holds. */
async function relayEvents(url: string, filter: Record<string, unknown>, until: (e: NostrEvent[]) => boolean) {
  let events: NostrEvent[] = [];
  await expect
    .poll(
      async () => {
        events = await queryRelay(url, filter);
        return until(events);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return events;
}

test('alice likes once, reposts, bookmarks, posts a note that shows on her profile and deletes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const relay = relayOf(baseURL!);
  const problems = watchPage(page, baseURL!);
  await page.goto('/home');
  await signIn(page, alice.secretKeyHex);

  // Like: the count moves once, after the relay's OK; a second click sends nothing.
  const { id, note } = await untouchedNote(page);
  const like = note.locator('[data-stat="likes"]');
  const before = await count(like);
  await like.click();
  await expect(like).toHaveAttribute('data-active', 'true');
  await expect.poll(() => count(like)).toBe(before + 1);
  await like.click();
  const likes = await relayEvents(relay, { kinds: [7], authors: [alice.pubkey], '#e': [id] }, (e) => e.length > 0);
  expect(likes).toHaveLength(1);
  expect(verifyEvent(likes[0])).toBe(true);
  expect(likes[0].content).toBe('+');
  expect(await count(like)).toBe(before + 1);

  // Repost: the spec's toast, the counter, a kind 6 carrying the note.
  const repost = note.locator('[data-stat="reposts"]');
  const reposts = await count(repost);
  await repost.click();
  await expect(page.getByRole('status').filter({ hasText: 'Reposted successfully' })).toBeVisible();
  await expect.poll(() => count(repost)).toBe(reposts + 1);
  const [kind6] = await relayEvents(relay, { kinds: [6], authors: [alice.pubkey], '#e': [id] }, (e) => e.length > 0);
  expect(verifyEvent(kind6)).toBe(true);
  expect(JSON.parse(kind6.content).id).toBe(id);

  // Bookmark from the menu (alice already has bookmarks: no confirmation), then the newest list holds the note.
  await note.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Add bookmark' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note bookmarked' })).toBeVisible();
  await relayEvents(relay, { kinds: [10003], authors: [alice.pubkey] }, (e) =>
    e.some((l) => verifyEvent(l) && l.tags.some((t) => t[0] === 'e' && t[1] === id)),
  );
  await expect(note.locator('[data-stat="bookmark"]')).toHaveAttribute('aria-pressed', 'true');

  // Broadcast the note to her relays as it is; report a note of bob's (NIP-56, after a confirmation).
  await note.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Broadcast note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note has been broadcasted to your relays' })).toBeVisible();
  await navigate(page, `/p/${npubEncode(bob.pubkey)}`);
  const bobs = page.getByTestId('note').first();
  await expect(bobs).toBeVisible();
  const reported = (await bobs.getAttribute('data-note-id'))!;
  await bobs.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Report user' }).click();
  await page
    .getByRole('dialog', { name: /^Report / })
    .getByRole('button', { name: 'Report' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /^User .+ reported$/ })).toBeVisible();
  const [report] = await relayEvents(
    relay,
    { kinds: [1984], authors: [alice.pubkey], '#e': [reported] },
    (e) => e.length > 0,
  );
  expect(verifyEvent(report)).toBe(true);

  // A new note through the composer: stored with a valid signature, shown on her profile, then deleted.
  const text = `Published by the e2e test ${Date.now()}`;
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'New note' }).click();
  await page.getByRole('dialog').getByLabel('Note text').fill(text);
  await page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note posted successfully' })).toBeVisible();
  const [posted] = await relayEvents(relay, { kinds: [1], authors: [alice.pubkey], limit: 5 }, (e) =>
    e.some((n) => n.content === text),
  ).then((e) => e.filter((n) => n.content === text));
  expect(verifyEvent(posted)).toBe(true);

  await navigate(page, `/p/${npubEncode(alice.pubkey)}`);
  const mine = page.locator(`[data-testid="note"][data-note-id="${posted.id}"]`).first();
  await expect(mine).toContainText(text);
  await mine.getByRole('button', { name: 'Note actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete note' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this note?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note deleted' })).toBeVisible();
  await expect(mine).toHaveCount(0);
  const [deletion] = await relayEvents(relay, { kinds: [5], authors: [alice.pubkey] }, (e) =>
    e.some((d) => d.tags.some((t) => t[0] === 'e' && t[1] === posted.id)),
  );
  expect(verifyEvent(deletion)).toBe(true);
  expect(problems.consoleErrors).toEqual([]);
});

test('a new key publishes to the product relay by default, confirms its first and last bookmark, and a relay list with only an unreachable relay fails with the toast', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const relay = relayOf(baseURL!);
  const key = generateSecretKey();
  const pubkey = getPublicKey(key);
  await page.goto('/home');
  await signIn(page, bytesToHex(key));
  // A note no test changes meanwhile (the test above posts and deletes alice's newest, which would unmount a note
  // picked from her profile while its confirmation is open): her oldest root note, in its thread.
  const [seeded] = (await queryRelay(relay, { kinds: [1], authors: [alice.pubkey], limit: 500 }))
    .filter((e) => !e.tags.some((t) => t[0] === 'e'))
    .sort((a, b) => a.created_at - b.created_at);
  const thread = `/e/${noteEncode(seeded.id)}`;
  await navigate(page, thread);
  const id = seeded.id;
  const note = page.locator(`[data-testid="note"][data-note-id="${id}"]`).first();
  await expect(note).toBeVisible();

  // First public bookmark: asked first.
  await note.locator('[data-stat="bookmark"]').click();
  const first = page.getByRole('dialog', { name: 'Save your first bookmark?' });
  await first.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note bookmarked' })).toBeVisible();
  await expect(note.locator('[data-stat="bookmark"]')).toHaveAttribute('aria-pressed', 'true');
  await relayEvents(relay, { kinds: [10003], authors: [pubkey] }, (e) =>
    e.some((l) => verifyEvent(l) && l.tags.some((t) => t[1] === id)),
  );
  // Removing the last one: asked too.
  await note.locator('[data-stat="bookmark"]').click();
  const last = page.getByRole('dialog', { name: 'Remove your last bookmark?' });
  await last.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bookmark removed' })).toBeVisible();
  await relayEvents(relay, { kinds: [10003], authors: [pubkey] }, (e) => e.length === 1 && e[0].tags.length === 0);

  // Settings → Network: the default product relay, 'Invalid url', then only an unreachable relay.
  await navigate(page, '/settings/network');
  const product = relay.replace(/\/$/, '');
  const list = page.getByRole('list', { name: 'Your relays' });
  await expect(list.getByText(product, { exact: true })).toBeVisible();
  await page.getByLabel('Relay address').fill('https://not-a-relay.example');
  await page.getByRole('button', { name: 'Add relay' }).click();
  await expect(page.getByText('Invalid url')).toBeVisible();
  await page.getByLabel('Relay address').fill('ws://127.0.0.1:9');
  await page.getByRole('button', { name: 'Add relay' }).click();
  await expect(list.getByText('ws://127.0.0.1:9', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${product}`, exact: true }).click();
  await expect(list.getByText(product, { exact: true })).toHaveCount(0);
  const [relayList] = await relayEvents(relay, { kinds: [10002], authors: [pubkey] }, (e) =>
    e.some((l) => l.tags.length === 1),
  );
  expect(relayList.tags).toEqual([['r', 'ws://127.0.0.1:9']]);

  // Every write relay unreachable: the failure toast, and the like is not counted.
  await navigate(page, thread);
  const again = await untouchedNote(page);
  const like = again.note.locator('[data-stat="likes"]');
  const before = await count(like);
  await like.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to publish note' })).toBeVisible();
  await expect(like).not.toHaveAttribute('data-active', 'true');
  expect(await count(like)).toBe(before);
  expect(await queryRelay(relay, { kinds: [7], authors: [pubkey] })).toEqual([]);
});

test('in proxy mode the caching service broadcasts and the page opens no relay socket', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const relay = relayOf(baseURL!);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.addInitScript(() => {
    if (window === window.top) localStorage.setItem('proxyThroughPrimal', 'true');
  });
  await page.goto('/home');
  await signIn(page, bob.secretKeyHex);
  const { id, note } = await untouchedNote(page);
  const like = note.locator('[data-stat="likes"]');
  const before = await count(like);
  await like.click();
  await expect.poll(() => count(like), { timeout: 30_000 }).toBe(before + 1);
  const [kind7] = await relayEvents(relay, { kinds: [7], authors: [bob.pubkey], '#e': [id] }, (e) => e.length > 0);
  expect(verifyEvent(kind7)).toBe(true);
  // Only the caching service's socket: nothing to the relay endpoint at the origin's root.
  expect(sockets.length).toBeGreaterThan(0);
  expect(sockets.filter((url) => !url.endsWith('/v1'))).toEqual([]);

  // The switch shows it; turning it off reconnects the relays directly.
  await navigate(page, '/settings/network');
  const proxy = page.getByLabel('Publish through the caching service');
  await expect(proxy).toBeChecked();
  await proxy.uncheck();
  await expect
    .poll(() => sockets.filter((url) => url === relay || url === relay.replace(/\/$/, '')).length)
    .toBeGreaterThan(0);
  await expect(page.getByText('Connected', { exact: true }).first()).toBeVisible();
});
