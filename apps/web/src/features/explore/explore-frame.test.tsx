import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { Page } from '../../routes/explore.tsx';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, testAuthor } from '../thread/test-network.test-helper.ts';

const NOW = Math.floor(Date.now() / 1000);
const curator = testAuthor();
const fan = testAuthor();
let test: TestServer;
let data: AppData;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderExplore(route: string) {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/explore" element={<Page />} />
        <Route path="/explore/feed/:id" element={<Page />} />
      </Routes>
      <Where />
    </>,
    route,
    data,
  );
}

beforeAll(async () => {
  test = await startTestServer();
  await test.addNotes(
    Array.from({ length: 25 }, (_, i) => NOW - 600 - i * 60),
    (i) => `explore note ${i}`,
  );
  const handler = signed(
    curator,
    31990,
    JSON.stringify({
      name: 'Curated <b>notes</b>',
      about: 'Every note, newest first',
      picture: 'javascript:alert(1)',
      primal_spec: '{"id":"all-notes","kind":"notes"}',
    }),
    [
      ['d', 'curated'],
      ['k', '5300'],
      ['k', '1'],
    ],
  );
  await test.addEvents([
    signed(curator, 0, JSON.stringify({ name: 'curator', display_name: 'Cora Curator' })),
    handler,
    signed(fan, 7, '+', [
      ['e', handler.id],
      ['p', curator.pubkey],
    ]),
  ]);
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

describe('ExploreFrame', () => {
  it('opens on the feeds tab: network feed links follow the scope, DVM feeds list name, author and counts', async () => {
    renderExplore('/explore');
    expect(screen.getByRole('tab', { name: 'Feeds' }).getAttribute('aria-selected')).toBe('true');
    const links = within(screen.getByTestId('explore-network-feeds')).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Latest',
      'Trending',
      'Popular',
      'Most zapped',
      'Most zapped in 4 hours',
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/explore/feed/latest_global');
    fireEvent.change(screen.getByTestId('explore-scope'), { target: { value: 'network' } });
    const after = within(screen.getByTestId('explore-network-feeds')).getAllByRole('link');
    expect(after[1]?.getAttribute('href')).toBe('/explore/feed/trending_network');

    const card = await screen.findByTestId('dvm-feed', {}, { timeout: 10_000 });
    expect(card.textContent).toContain('Curated <b>notes</b>');
    expect(card.querySelector('b')).toBeNull();
    expect(card.textContent).toContain('Every note, newest first');
    expect(within(card).getByTestId('dvm-feed-author').textContent).toBe('by Cora Curator');
    expect(within(card).getByTestId('dvm-feed-likes').textContent).toBe('1 like');
    expect(within(card).getByTestId('dvm-feed-sats').textContent).toBe('0 sats');
    expect(card.querySelector('img')).toBeNull(); // javascript: picture refused
    expect(within(card).getByRole('link').getAttribute('href')).toBe(`/explore/feed/curated_by_${curator.pubkey}`);
  });

  it('switches tabs: people, zaps, media and topics each settle in their panel', async () => {
    renderExplore('/explore');
    for (const name of ['People', 'Zaps', 'Media', 'Topics']) {
      fireEvent.click(screen.getByRole('tab', { name }));
      expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
      const panel = screen.getByRole('tabpanel');
      await waitFor(() => expect(panel.querySelector('[aria-busy="true"], [role="status"]')).toBeNull(), {
        timeout: 10_000,
      });
      expect(within(panel).queryByRole('alert')).toBeNull();
    }
    fireEvent.click(screen.getByRole('tab', { name: 'Media' }));
    expect(screen.queryByTestId('explore-network-feeds')).toBeNull();
  });

  it('a network feed shows notes; the timeframe and scope pickers keep the choice in the address', async () => {
    renderExplore('/explore/feed/latest_global');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Explore feed');
    await screen.findAllByTestId('note', {}, { timeout: 10_000 });
    expect((screen.getByTestId('explore-timeframe') as HTMLSelectElement).value).toBe('latest');
    fireEvent.change(screen.getByTestId('explore-timeframe'), { target: { value: 'popular' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/explore/feed/popular_global'));
    fireEvent.change(screen.getByTestId('explore-scope'), { target: { value: 'network' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/explore/feed/popular_network'));
  });

  it('a DVM feed page shows its header and its notes', async () => {
    renderExplore(`/explore/feed/curated_by_${curator.pubkey}`);
    const header = await screen.findByTestId('dvm-feed-header', {}, { timeout: 10_000 });
    expect(header.textContent).toContain('Curated <b>notes</b>');
    const notes = await screen.findAllByTestId('note-content', {}, { timeout: 10_000 });
    expect(notes[0]?.textContent).toBe('explore note 1');
  });

  it('says so for an unknown feed id and for a DVM feed the service does not know', async () => {
    const view = renderExplore('/explore/feed/nonsense');
    expect(screen.getByRole('alert').textContent).toBe('This explore feed does not exist');
    view.unmount();
    renderExplore(`/explore/feed/missing_by_${curator.pubkey}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This explore feed does not exist'), {
      timeout: 10_000,
    });
  });
});
