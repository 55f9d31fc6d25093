import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ingestEvents } from '@tide/cache-server/testing';
import type { NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { session } from '../../state/session.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { NotificationsFrame } from './notifications-frame.tsx';

// Notifications against a real caching service: notes of `me` liked, replied to and reposted by others.

const me = generateSecretKey();
const fans = Array.from({ length: 3 }, () => generateSecretKey());
const busy = generateSecretKey();
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

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const events = [...profiles, note, ...likes, reply, repost, ...busyNotes, ...busyLikes];
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
});
