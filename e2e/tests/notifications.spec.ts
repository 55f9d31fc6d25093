import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, test } from '@playwright/test';
import { npubEncode } from 'nostr-tools/nip19';
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { cacheRequest } from '../support/cache.ts';
import { publishToRelay } from '../support/relay.ts';
import { cacheUrlOf, relayUrlOf } from '../support/server.ts';
import { navigateInApp as navigate, signInWithKey as signIn } from '../support/session.ts';

// Notifications against the real caching service and its relay: alice likes, replies to and reposts a fresh note of
// bob's (signed events published to the relay); bob sees the count rise live, the new-notifications button, each tab
// with the right rows, and the count clear after visiting (set_notifications_seen, signed by the app).

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;
const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
const now = () => Math.floor(Date.now() / 1000);
const sign = (secretHex: string, kind: number, content: string, tags: string[][] = []) =>
  finalizeEvent({ kind, content, tags, created_at: now() }, hexToBytes(secretHex)) as NostrEvent;

/** bob's seen-until on the caching service (0 when never set). */
async function seenUntil(origin: string): Promise<number> {
  const answer = await cacheRequest(cacheUrlOf(origin), 'get_notifications_seen', { pubkey: bob.pubkey });
  return Number(answer[0]?.content ?? 0);
}

test('bob sees alice like, reply to, repost his note and mention him live, per tab, and the count clears after visiting', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const relay = relayUrlOf(origin);
  const problems = watchPage(page, origin);
  const note = sign(bob.secretKeyHex, 1, `bob's tide note for notifications ${now()}`);
  expect(await publishToRelay(relay, [note])).toBe(1);

  await page.goto('/home');
  await signIn(page, bob.secretKeyHex);
  const badge = page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('notif-badge');

  // Visiting marks everything seen (a signed set_notifications_seen): the seen time moves and the badge goes.
  const before = await seenUntil(origin);
  await navigate(page, '/notifications');
  await expect.poll(() => seenUntil(origin), { timeout: 20_000 }).toBeGreaterThan(before);
  await expect(badge).toBeHidden();
  await expect(page.getByTestId('new-notifications')).toBeHidden();

  // alice likes and replies while bob looks: the badge counts up live, and the button offers them.
  const like = sign(alice.secretKeyHex, 7, '+', [
    ['e', note.id],
    ['p', bob.pubkey],
  ]);
  expect(await publishToRelay(relay, [like])).toBe(1);
  await expect(badge).toHaveText('1', { timeout: 20_000 });
  const reply = sign(alice.secretKeyHex, 1, 'alice answers the tide note', [
    ['e', note.id, '', 'root'],
    ['p', bob.pubkey],
  ]);
  expect(await publishToRelay(relay, [reply])).toBe(1);
  await expect(badge).toHaveText('2', { timeout: 20_000 });
  const button = page.getByTestId('new-notifications');
  await expect(button).toHaveText('2 new notifications');
  await button.click();

  const rows = page.getByTestId('notification-list').getByTestId('notification');
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Alice Demo replied to your note');
  await expect(rows.nth(0)).toContainText('alice answers the tide note');
  await expect(rows.nth(1)).toHaveAttribute('aria-label', 'Alice Demo liked your note');
  await expect(rows.nth(1)).toContainText("bob's tide note for notifications");
  // Loading them marked them seen: the count clears.
  await expect(badge).toBeHidden({ timeout: 20_000 });
  await expect(button).toBeHidden();

  // Away from the screen, a repost and a mention move the badge; visiting clears it.
  await navigate(page, '/home');
  const repost = sign(alice.secretKeyHex, 6, JSON.stringify(note), [
    ['e', note.id],
    ['p', bob.pubkey],
  ]);
  const mention = finalizeEvent(
    {
      kind: 1,
      created_at: repost.created_at + 1,
      tags: [['p', bob.pubkey]],
      content: `tide watchers, ask nostr:${npubEncode(bob.pubkey)} about it`,
    },
    hexToBytes(alice.secretKeyHex),
  ) as NostrEvent;
  expect(await publishToRelay(relay, [repost, mention])).toBe(2);
  await expect(badge).toHaveText('2', { timeout: 20_000 });
  // On a phone the same count sits on the bottom bar's Notifications entry.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Navigation', exact: true }).getByTestId('notif-badge')).toHaveText(
    '2',
  );
  await page.setViewportSize(viewport);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Notifications/ })
    .first()
    .click();
  await expect(badge).toBeHidden({ timeout: 20_000 });
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Alice Demo mentioned you');
  await expect(rows.nth(1)).toHaveAttribute('aria-label', 'Alice Demo reposted your note');

  // Each tab lists its own types.
  const tab = (name: string) => page.getByRole('tab', { name });
  await tab('Replies').click();
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Alice Demo replied to your note');
  for (const type of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))
    expect(['6', '601']).toContain(type);
  await tab('Reactions').click();
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Alice Demo liked your note');
  for (const type of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))
    expect(['4', '303']).toContain(type);
  await tab('Mentions').click();
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Alice Demo mentioned you');
  await expect(rows.nth(0)).toContainText('tide watchers, ask');
  for (const type of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))
    expect(['7', '8']).toContain(type);
  await tab('Reposts').click();
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Alice Demo reposted your note');
  for (const type of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))
    expect(type).toBe('5');
  // Zaps: the seeded zap receipts (9735 by the sandbox zapper) to bob's notes, with their amounts.
  await tab('Zaps').click();
  await expect(rows.first()).toHaveAttribute('data-type', '3');
  await expect(rows.first()).toContainText(/zapped your note/);
  await expect(rows.first()).toContainText(/\d+ sats?/);
  for (const type of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))
    expect(type).toBe('3');
  await tab('All').click();
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Alice Demo mentioned you');
  await expect(rows.nth(1)).toHaveAttribute('aria-label', 'Alice Demo reposted your note');
  await expect(page.getByTestId('notification').filter({ hasText: 'alice answers the tide note' })).toHaveCount(1);
  // Scrolling to the end of the first 100 loads older ones (pages of 20).
  const shown = await rows.count();
  await rows.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2_000);
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(shown);
  expect(problems.consoleErrors).toEqual([]);
});
