import { fireEvent, screen, waitFor } from '@testing-library/react';
import { profileLink } from '@tide/core/format';
import { npubEncode } from '@tide/core/nostr';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, testAuthor } from '../thread/test-network.test-helper.ts';
import { SearchBox } from './search-box.tsx';

// Twelve users named "zephyr …", one literally named "npub1notakey" (text search only), one plain "quinn".
const zephyrs = Array.from({ length: 12 }, () => testAuthor());
const npubNamed = testAuthor();
const quinn = testAuthor();
let test: TestServer;
let data: AppData;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{decodeURIComponent(location.pathname)}</output>;
}

function renderBox() {
  return renderWithApp(
    <>
      <Routes>
        <Route path="*" element={<SearchBox />} />
      </Routes>
      <Where />
    </>,
    '/home',
    data,
  );
}

function type(text: string) {
  fireEvent.change(screen.getByTestId('search-input'), { target: { value: text } });
}

beforeAll(async () => {
  test = await startTestServer();
  const profiles = [
    ...zephyrs.map((u, i) => signed(u, 0, JSON.stringify({ name: `zephyr${i}`, display_name: `Zephyr ${i}` }))),
    signed(npubNamed, 0, JSON.stringify({ name: 'npub1notakey', display_name: 'Not A Key' })),
    signed(quinn, 0, JSON.stringify({ name: 'quinn', display_name: 'Quinn Q' })),
  ];
  await test.addEvents(profiles);
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

describe('SearchBox', () => {
  it('suggests at most 10 users while typing', async () => {
    renderBox();
    type('zephyr');
    await waitFor(() => expect(screen.getAllByTestId('search-suggestion')).toHaveLength(10), { timeout: 10_000 });
    expect(screen.getByTestId('search-input').getAttribute('aria-expanded')).toBe('true');
    for (const option of screen.getAllByTestId('search-suggestion')) expect(option.textContent).toMatch(/^Zephyr \d+/);
  });

  it('a decodable npub suggests that user; one that cannot be decoded is searched as text', async () => {
    renderBox();
    type(npubEncode(quinn.pubkey));
    await waitFor(
      () => expect(screen.getAllByTestId('search-suggestion').map((o) => o.textContent)).toEqual(['Quinn Q']),
      {
        timeout: 10_000,
      },
    );
    type('npub1notakey');
    await waitFor(
      () => expect(screen.getAllByTestId('search-suggestion').map((o) => o.textContent)).toEqual(['Not A Key']),
      { timeout: 10_000 },
    );
  });

  it("an empty term says 'Please enter search term'; a term opens /search/:term", async () => {
    renderBox();
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByText('Please enter search term')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/home');
    type('coffee beans');
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search/coffee beans'));
    expect(screen.queryByText('Please enter search term')).toBeNull();
  });

  it('arrow keys pick a suggestion and Enter opens that profile', async () => {
    renderBox();
    type('quinn');
    await screen.findByTestId('search-suggestion', {}, { timeout: 10_000 });
    const input = screen.getByTestId('search-input');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByTestId('search-suggestion').getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(profileLink(quinn.pubkey)));
    expect(profileLink(quinn.pubkey)).toMatch(/^\/p\/n/);
  });
});
