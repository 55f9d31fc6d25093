import { screen, waitFor, within } from '@testing-library/react';
import { noteEncode } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, startNetwork, testAuthor } from './test-network.test-helper.ts';
import { ThreadFrame } from './thread-frame.tsx';

const alice = testAuthor();
const bob = testAuthor();
const carol = testAuthor();
const now = Math.floor(Date.now() / 1000);
const root = signed(alice, 1, 'the root of it all', [], now - 900);
const primary = signed(
  bob,
  1,
  'a reply that is the primary note',
  [
    ['e', root.id, '', 'root'],
    ['p', alice.pubkey],
  ],
  now - 800,
);
const reply = signed(
  carol,
  1,
  'answering the primary',
  [
    ['e', root.id, '', 'root'],
    ['e', primary.id, '', 'reply'],
    ['p', bob.pubkey],
  ],
  now - 700,
);
const repost = signed(carol, 6, '', [
  ['e', primary.id],
  ['p', bob.pubkey],
]);
let network: Awaited<ReturnType<typeof startNetwork>>;
let data: AppData;

beforeAll(async () => {
  network = await startNetwork([
    signed(alice, 0, JSON.stringify({ name: 'alice', display_name: 'Alice A' })),
    signed(bob, 0, JSON.stringify({ name: 'bob', display_name: 'Bob B', about: 'bob writes' })),
    signed(carol, 0, JSON.stringify({ name: 'carol', display_name: 'Carol C' })),
    root,
    primary,
    reply,
    repost,
  ]);
  data = createTestAppData(network.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await network?.close();
});

describe('ThreadFrame', () => {
  it('shows parents, the primary note and replies, the sidebars and the title "Note by {name}"', async () => {
    renderWithApp(<ThreadFrame id={noteEncode(primary.id)} />, '/e/x', data);
    const primaryBox = await screen.findByTestId('thread-primary', {}, { timeout: 10_000 });
    expect(primaryBox.textContent).toContain('a reply that is the primary note');
    expect(screen.getByTestId('thread-parents').textContent).toContain('the root of it all');
    expect(screen.getByTestId('thread-replies').textContent).toContain('answering the primary');
    await waitFor(() => expect(document.title).toContain('Note by Bob B'));
    const replyingTo = screen.getByText('Replying to this Note').closest('section') as HTMLElement;
    expect(within(replyingTo).getByText('Bob B')).toBeTruthy();
    const people = screen.getByTestId('thread-people');
    expect(people.textContent).toContain('Alice A');
    expect(people.textContent).toContain('Carol C');
    expect(people.textContent).not.toContain('Bob B');
  }, 30_000);

  it('opens a repost as the thread of the note it reposts', async () => {
    renderWithApp(<ThreadFrame id={noteEncode(repost.id)} />, '/e/x', data);
    const primaryBox = await screen.findByTestId('thread-primary', {}, { timeout: 10_000 });
    expect(primaryBox.textContent).toContain('a reply that is the primary note');
    expect(screen.getByTestId('thread-replies').textContent).toContain('answering the primary');
  }, 30_000);

  it('says the note is gone when the service does not know it', async () => {
    renderWithApp(<ThreadFrame id={'ef'.repeat(32)} />, '/e/x', data);
    const message = await screen.findByTestId('thread-missing', {}, { timeout: 10_000 });
    expect(message.textContent).toBe("We can't seem to find this note. It may have been deleted by the author.");
  }, 30_000);

  it('says the same for an id that cannot be read', async () => {
    renderWithApp(<ThreadFrame id="not-an-id" />, '/e/x', data);
    expect((await screen.findByTestId('thread-missing')).textContent).toContain("We can't seem to find this note.");
  });
});
