import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ingestEvents } from '@tide/cache-server/testing';
import type { NostrEvent } from '@tide/core/nostr';
import { nsecEncode } from 'nostr-tools/nip19';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { session } from '../../state/session.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { NotifBadge } from './notif-badge.tsx';
import { NotificationsFrame } from './notifications-frame.tsx';

// Notifications against a real caching service: notes of `me` liked, replied to and reposted by others.

const me = generateSecretKey();
const fans = Array.from({ length: 3 }, () => generateSecretKey());
const busy = generateSecretKey();
// `seer` signs in with a key (so the screen can sign set_notifications_seen); a user of its own, so no other test's
// late mark-seen can touch its seen time.
const seer = generateSecretKey();
const t0 = Math.floor(Date.now() / 1000) - 86_400;
const sign = (key: Uint8Array, kind: number, created_at: number, content: string, tags: string[][] = []) =>
  finalizeEvent({ kind, created_at, tags, content }, key) as NostrEvent;

const note = sign(me, 1, t0, 'my tide note');
const profiles = fans.map((k, i) => sign(k, 0, t0, JSON.stringify({ name: `fan${i}` })));
const likes = fans.map((k, i) =>
  sign(k, 7, t0 + 10 + i, '+', [
    ['e', note.id],
    ['p', getPublicKey(me)],
  ]),
);
const reply = sign(fans[0]!, 1, t0 + 20, 'a reply to the tide note', [
  ['e', note.id, '', 'root'],
  ['p', getPublicKey(me)],
]);
const repost = sign(fans[1]!, 6, t0 + 30, JSON.stringify(note), [
  ['e', note.id],
  ['p', getPublicKey(me)],
]);
// `busy` has 125 notes, each liked once: 125 notifications, paged 100 then 20 then 5.
const busyNotes = Array.from({ length: 125 }, (_, i) => sign(busy, 1, t0 + i, `busy note ${i}`));
const busyLikes = busyNotes.map((n, i) =>
  sign(fans[i % 3]!, 7, t0 + 1_000 + i, '+', [
    ['e', n.id],
    ['p', getPublicKey(busy)],
  ]),
);

const seerNote = sign(seer, 1, t0, 'a note of the seer');
const seerLikes = fans.map((k, i) =>
  sign(k, 7, t0 + 40 + i, '+', [
    ['e', seerNote.id],
    ['p', getPublicKey(seer)],
  ]),
);
const seerReply = sign(fans[2]!, 1, t0 + 50, 'a reply to the seer', [
  ['e', seerNote.id, '', 'root'],
  ['p', getPublicKey(seer)],
]);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const events = [
    ...profiles,
    note,
    ...likes,
    reply,
    repost,
    ...busyNotes,
    ...busyLikes,
    seerNote,
    ...seerLikes,
    seerReply,
  ];
  const results = await ingestEvents(server.server.store, events, { source: 'test' });
  expect(results.every((r) => r.ok)).toBe(true);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  session.logout();
});

const render = () =>
  renderWithApp(<NotificationsFrame />, '/notifications', createTestAppData(server.server.url, WebSocket as never));

describe('NotificationsFrame', () => {
  it('asks a guest to sign in', () => {
    render();
    expect(screen.getByText('Sign in to see your notifications')).toBeTruthy();
  });

  it('groups the likes of one note, shows the reply and the repost, and each tab its own types', async () => {
    await session.signInWithPublicKey(getPublicKey(me));
    render();
    const list = await screen.findByTestId('notification-list', {}, { timeout: 10_000 });
    const rows = () => within(screen.getByTestId('notification-list')).getAllByTestId('notification');
    await waitFor(() => expect(rows().length).toBe(3));
    expect(rows().map((r) => r.getAttribute('data-type'))).toEqual(['5', '6', '4']);
    expect(rows()[2]?.getAttribute('aria-label')).toBe('fan2 and 2 others liked your note');
    expect(rows()[1]?.getAttribute('aria-label')).toBe('fan0 replied to your note');
    expect(within(rows()[1]!).getByTestId('notification-subject').textContent).toBe('a reply to the tide note');
    expect(within(rows()[0]!).getByTestId('notification-subject').textContent).toBe('my tide note');
    expect(list).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Replies' }));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-type'))).toEqual(['6']));
    fireEvent.click(screen.getByRole('tab', { name: 'Reactions' }));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-type'))).toEqual(['4']));
    fireEvent.click(screen.getByRole('tab', { name: 'Reposts' }));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-type'))).toEqual(['5']));
    fireEvent.click(screen.getByRole('tab', { name: 'Zaps' }));
    expect(await screen.findByText('No notifications yet', {}, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);

  it('highlights what is newer than the last visit and marks everything seen (signed set_notifications_seen)', async () => {
    await session.signInWithNsec(nsecEncode(seer));
    const first = render();
    await screen.findByTestId('notification-list', {}, { timeout: 10_000 });
    // Never looked before: every row is new; the visit stores a seen time on the caching service.
    await waitFor(() => expect(screen.getAllByText('New').length).toBe(2), { timeout: 10_000 });
    const seen = async () =>
      Number(
        (
          await server.server.store.db
            .selectFrom('notifications_seen')
            .select('seen_until')
            .where('pubkey', '=', getPublicKey(seer))
            .executeTakeFirst()
        )?.seen_until ?? 0,
      );
    await waitFor(async () => expect(await seen()).toBeGreaterThan(t0), { timeout: 10_000 });
    first.unmount();
    render();
    await screen.findByTestId('notification-list', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByTestId('notification').length).toBe(2));
    expect(screen.queryByText('New')).toBeNull();
  }, 30_000);

  it('loads 100 first, then older pages of 20', async () => {
    await session.signInWithPublicKey(getPublicKey(busy));
    render();
    await screen.findByTestId('notification-list', {}, { timeout: 10_000 });
    const rows = () => screen.getAllByTestId('notification');
    await waitFor(() => expect(rows().length).toBe(100));
    expect(rows()[0]?.textContent).toContain('busy note 124');
    fireEvent.click(screen.getByRole('button', { name: 'Load older notifications' }));
    await waitFor(() => expect(rows().length).toBe(120), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Load older notifications' }));
    await waitFor(() => expect(rows().length).toBe(125), { timeout: 10_000 });
    expect(rows()[124]?.textContent).toContain('busy note 0');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older notifications' })).toBeNull());
  }, 30_000);

  it('the navigation badge counts unread notifications live for a signed-in user (99+ from 100), nothing for a guest', async () => {
    const data = createTestAppData(server.server.url, WebSocket as never);
    const guest = renderWithApp(<NotifBadge />, '/home', data);
    expect(screen.queryByTestId('notif-badge')).toBeNull();
    guest.unmount();
    await session.signInWithPublicKey(getPublicKey(busy));
    renderWithApp(<NotifBadge />, '/home', data);
    const badge = await screen.findByTestId('notif-badge', {}, { timeout: 10_000 });
    expect(badge.textContent).toBe('99+');
    expect(badge.getAttribute('aria-label')).toBe('125 unread notifications');
    // Another like arrives: the count moves without a reload.
    const more = sign(fans[0]!, 7, t0 + 5_000, '+', [
      ['e', busyNotes[0]!.id],
      ['p', getPublicKey(busy)],
    ]);
    await server.addEvents([more]);
    await waitFor(() => expect(badge.getAttribute('aria-label')).toBe('126 unread notifications'), { timeout: 10_000 });
  }, 30_000);
});
