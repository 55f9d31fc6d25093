import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, startNetwork, testAuthor } from '../thread/test-network.test-helper.ts';
import { ProfileSidebar } from './profile-sidebar.tsx';
import { loadPopularNotes, loadSidebarReads } from './profile-sidebar-queries.ts';

// The profile sidebar against a real caching service: two of the profile's articles, and for a viewer, whether the
// profile follows them and which of their follows follow the profile.

const dana = testAuthor();
const viewer = testAuthor();
const eve = testAuthor();
const frank = testAuthor();
const stranger = testAuthor();
const now = Math.floor(Date.now() / 1000);
const article = (n: number) =>
  signed(
    dana,
    30023,
    `Article body number ${n} with enough words to be read as an article by anyone.`,
    [
      ['d', `article-${n}`],
      ['title', `Dana's article ${n}`],
      ['summary', `summary ${n}`],
      ['published_at', String(now - 5000 + n * 100)],
    ],
    now - 5000 + n * 100,
  );

const popular = signed(dana, 1, 'Dana writes the note everyone liked', [], now - 3000);
const liked = signed(dana, 1, 'Dana writes a note one person liked', [], now - 2000);
const like = (who: ReturnType<typeof testAuthor>, note: typeof popular) =>
  signed(who, 7, '+', [
    ['e', note.id],
    ['p', dana.pubkey],
  ]);

let network: Awaited<ReturnType<typeof startNetwork>>;
let data: AppData;

beforeAll(async () => {
  network = await startNetwork([
    signed(dana, 0, JSON.stringify({ name: 'dana', display_name: 'Dana D' })),
    signed(eve, 0, JSON.stringify({ name: 'eve', display_name: 'Eve E' })),
    signed(frank, 0, JSON.stringify({ name: 'frank', display_name: 'Frank F' })),
    signed(stranger, 0, JSON.stringify({ name: 'stranger', display_name: 'Stranger S' })),
    signed(dana, 3, '', [['p', viewer.pubkey]]),
    signed(viewer, 3, '', [
      ['p', eve.pubkey],
      ['p', frank.pubkey],
    ]),
    signed(eve, 3, '', [['p', dana.pubkey]]),
    signed(frank, 3, '', [['p', dana.pubkey]]),
    signed(stranger, 3, '', [['p', dana.pubkey]]),
    article(1),
    article(2),
    article(3),
    popular,
    liked,
    like(eve, popular),
    like(frank, popular),
    like(stranger, popular),
    like(eve, liked),
  ]);
  data = createTestAppData(network.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await network?.close();
});

afterEach(() => stores.session.setState({ publicKey: null }));

describe('ProfileSidebar', () => {
  it('shows two of the articles, newest first, for anyone', async () => {
    renderWithApp(<ProfileSidebar pubkey={dana.pubkey} history={[]} />, '/p/x', data);
    const reads = await screen.findByTestId('profile-sidebar-reads', {}, { timeout: 10_000 });
    const links = [...reads.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(["Dana's article 3", "Dana's article 2"]);
    expect(links[0]?.getAttribute('href')).toMatch(/^\/a\/naddr1/);
    // A guest sees no follow status and no common followers.
    expect(screen.queryByTestId('profile-follows-you')).toBeNull();
    expect(screen.queryByTestId('profile-followed-by')).toBeNull();
    expect(screen.getByTestId('recent-profiles')).toBeTruthy();
  }, 20_000);

  it("lists the profile's most popular notes first, each linking to its thread", async () => {
    renderWithApp(<ProfileSidebar pubkey={dana.pubkey} history={[]} />, '/p/x', data);
    const list = await screen.findByTestId('profile-popular-notes', {}, { timeout: 10_000 });
    expect(screen.getByText('Popular notes')).toBeTruthy();
    const links = [...list.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual([
      'Dana DDana writes the note everyone liked',
      'Dana DDana writes a note one person liked',
    ]);
    expect(links[0]?.getAttribute('href')).toMatch(/^\/e\/note1/);
  }, 20_000);

  it('shows the articles only once the popular notes above them have loaded, so they never move under a click', async () => {
    // the articles are already cached, the popular notes (a new viewer's) are not: the articles must still wait
    await data.queryClient.fetchQuery({
      queryKey: ['profile-sidebar-reads', dana.pubkey],
      queryFn: () => loadSidebarReads(data.commands, dana.pubkey),
    });
    stores.session.setState({ publicKey: stranger.pubkey });
    renderWithApp(<ProfileSidebar pubkey={dana.pubkey} history={[]} />, '/p/x', data);
    expect(screen.queryByTestId('profile-sidebar-reads')).toBeNull();
    await screen.findByTestId('profile-sidebar-reads', {}, { timeout: 10_000 });
    expect(screen.getByTestId('profile-popular-notes')).toBeTruthy();
  }, 20_000);

  it('for a viewer, popular notes and articles wait for the follow status above them, so they never move under a click', async () => {
    // popular notes and articles are cached, the relation (a new viewer's) is not: both must still wait for it
    await data.queryClient.fetchQuery({
      queryKey: ['profile-sidebar-reads', dana.pubkey],
      queryFn: () => loadSidebarReads(data.commands, dana.pubkey),
    });
    await data.queryClient.fetchQuery({
      queryKey: ['profile-popular-notes', dana.pubkey, frank.pubkey],
      queryFn: () => loadPopularNotes(data.commands, dana.pubkey, frank.pubkey),
    });
    stores.session.setState({ publicKey: frank.pubkey });
    renderWithApp(<ProfileSidebar pubkey={dana.pubkey} history={[]} />, '/p/x', data);
    expect(screen.queryByTestId('profile-popular-notes')).toBeNull();
    expect(screen.queryByTestId('profile-sidebar-reads')).toBeNull();
    await screen.findByTestId('profile-sidebar-reads', {}, { timeout: 10_000 });
    expect(screen.getByTestId('profile-popular-notes')).toBeTruthy();
  }, 20_000);

  it('tells a viewer the profile follows them and which of their follows follow it', async () => {
    stores.session.setState({ publicKey: viewer.pubkey });
    renderWithApp(<ProfileSidebar pubkey={dana.pubkey} history={[]} />, '/p/x', data);
    expect((await screen.findByTestId('profile-follows-you', {}, { timeout: 10_000 })).textContent).toBe('Follows you');
    const common = await screen.findByTestId('profile-followed-by', {}, { timeout: 10_000 });
    expect(screen.getByText('Followed by')).toBeTruthy();
    const names = [...common.querySelectorAll('a')].map((a) => a.textContent?.trim());
    expect(new Set(names)).toEqual(new Set(['Eve E', 'Frank F']));
  }, 20_000);

  it('says nothing of follow status when the profile does not follow the viewer', async () => {
    stores.session.setState({ publicKey: viewer.pubkey });
    renderWithApp(<ProfileSidebar pubkey={eve.pubkey} history={[]} />, '/p/x', data);
    await screen.findByTestId('recent-profiles');
    await waitFor(() => expect(data.queryClient.isFetching()).toBe(0), { timeout: 10_000 });
    expect(screen.queryByTestId('profile-follows-you')).toBeNull();
    expect(screen.queryByTestId('profile-followed-by')).toBeNull();
  }, 20_000);

  it('shows no follow status or common followers on your own profile', async () => {
    stores.session.setState({ publicKey: dana.pubkey });
    renderWithApp(<ProfileSidebar pubkey={dana.pubkey} history={[]} />, '/p/x', data);
    await screen.findByTestId('profile-sidebar-reads', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('profile-follows-you')).toBeNull();
    expect(screen.queryByTestId('profile-followed-by')).toBeNull();
  }, 20_000);
});
