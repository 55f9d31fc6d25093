import { fireEvent, screen, waitFor } from '@testing-library/react';
import { npubEncode } from '@tide/core/nostr';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, startNetwork, testAuthor } from '../thread/test-network.test-helper.ts';
import { ProfileFrame } from './profile-frame.tsx';
import { readProfileHistory } from './profile-history.ts';

const dana = testAuthor();
const eve = testAuthor();
const now = Math.floor(Date.now() / 1000);
let network: Awaited<ReturnType<typeof startNetwork>>;
let data: AppData;

beforeAll(async () => {
  network = await startNetwork([
    signed(
      dana,
      0,
      JSON.stringify({
        name: 'dana',
        display_name: 'Dana D',
        about: 'I write <script>alert(1)</script> about #nostr',
        website: 'javascript:alert(2)',
        banner: 'javascript:alert(3)',
        picture: 'data:image/svg+xml,<svg onload=alert(4)>',
        lud16: 'dana@example.com',
      }),
    ),
    signed(eve, 0, JSON.stringify({ name: 'eve', display_name: 'Eve E' })),
    signed(dana, 3, '', [['p', eve.pubkey]]),
    signed(eve, 3, '', [['p', dana.pubkey]]),
    ...Array.from({ length: 25 }, (_, i) => signed(dana, 1, `dana note ${i}`, [], now - 1000 - i * 60)),
    signed(dana, 10002, '', [
      ['r', 'wss://relay.example'],
      ['r', 'wss://read.example', 'read'],
    ]),
  ]);
  data = createTestAppData(network.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await network?.close();
});

beforeEach(() => localStorage.clear());

describe('ProfileFrame', () => {
  it('shows the header and stats, pages the notes tab and opens the other tabs', async () => {
    renderWithApp(<ProfileFrame npub={npubEncode(dana.pubkey)} />, '/p/x', data);
    expect((await screen.findByTestId('profile-name', {}, { timeout: 10_000 })).textContent).toBe('Dana D');
    const about = screen.getByTestId('profile-about');
    expect(about.textContent).toContain('<script>alert(1)</script>');
    expect(about.querySelector('script')).toBeNull();
    expect(screen.queryByTestId('profile-website')).toBeNull();
    expect(screen.getByTestId('profile-header').querySelector('img')).toBeNull();
    expect(screen.getByTestId('profile-lightning').textContent).toContain('dana@example.com');
    expect(screen.getByTestId('profile-stats').textContent).toContain('followers');
    await waitFor(() => expect(screen.getAllByTestId('note').length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(screen.queryByRole('tab', { name: 'Drafts' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Following' }));
    expect((await screen.findByTestId('profile-contacts', {}, { timeout: 10_000 })).textContent).toContain('Eve E');
    fireEvent.click(screen.getByRole('tab', { name: 'Followers' }));
    expect((await screen.findByTestId('profile-followers', {}, { timeout: 10_000 })).textContent).toContain('Eve E');
    fireEvent.click(screen.getByRole('tab', { name: 'Relays' }));
    const relays = await screen.findByTestId('profile-relays', {}, { timeout: 10_000 });
    expect(relays.textContent).toContain('wss://relay.example');
    fireEvent.click(screen.getByRole('tab', { name: 'Reads' }));
    expect((await screen.findByTestId('profile-tab-empty', {}, { timeout: 10_000 })).textContent).toBe(
      'Nothing here yet',
    );

    expect(readProfileHistory(null)[0]?.pubkey).toBe(dana.pubkey);
    expect(screen.getByTestId('recent-profiles').textContent).toContain('Dana D');
  }, 40_000);

  it("says 'user not found' for an unknown key and for an unreadable one", async () => {
    renderWithApp(<ProfileFrame npub={npubEncode('ab'.repeat(32))} />, '/p/x', data);
    expect((await screen.findByTestId('profile-not-found', {}, { timeout: 10_000 })).textContent).toBe(
      'user not found',
    );
    expect(readProfileHistory(null)).toEqual([]);
  }, 20_000);

  it("says 'user not found' for a key that cannot be decoded", () => {
    renderWithApp(<ProfileFrame npub="npub1garbage" />, '/p/x', data);
    expect(screen.getByTestId('profile-not-found').textContent).toBe('user not found');
  });
});
