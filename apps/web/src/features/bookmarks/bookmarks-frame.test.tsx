import { fireEvent, render as renderTl, screen, waitFor } from '@testing-library/react';
import { ingestEvents } from '@tide/cache-server/testing';
import type { NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DataProvider } from '../../data/data-context.tsx';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { AppIntlProvider } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { BookmarksFrame } from './bookmarks-frame.tsx';

// Bookmarks against a real caching service: the viewer's kind-10003 list read through the mega-feed bookmarks spec.

const author = generateSecretKey();
const reader = generateSecretKey();
const nobody = generateSecretKey();
const muter = generateSecretKey();
const spammer = generateSecretKey();
const t0 = Math.floor(Date.now() / 1000) - 86_400;
const sign = (key: Uint8Array, kind: number, created_at: number, content: string, tags: string[][] = []) =>
  finalizeEvent({ kind, created_at, tags, content }, key) as NostrEvent;

const notes = Array.from({ length: 25 }, (_, i) => sign(author, 1, t0 + i * 60, `bookmarked note ${i}`));
const other = sign(author, 1, t0 + 5_000, 'a note nobody saved');
const article = sign(author, 30023, t0, '# Tides\n\nlong text', [
  ['d', 'tides'],
  ['title', 'All about tides'],
]);
const bookmarks = sign(reader, 10003, t0 + 6_000, '', [
  ...notes.map((n) => ['e', n.id]),
  ['a', `30023:${getPublicKey(author)}:tides`],
]);

const spam = sign(spammer, 1, t0 + 7_000, 'buy my coins');
const muterEvents = [
  sign(spammer, 0, t0, '{"name":"spammer"}'),
  spam,
  sign(muter, 10003, t0 + 8_000, '', [
    ['e', notes[0].id],
    ['e', spam.id],
  ]),
  sign(muter, 10000, t0 + 8_000, '', [['p', getPublicKey(spammer)]]),
];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const events = [sign(author, 0, t0, '{"name":"author"}'), ...notes, other, article, bookmarks, ...muterEvents];
  const results = await ingestEvents(server.server.store, events, { source: 'test' });
  expect(results.every((r) => r.ok)).toBe(true);
}, 30_000);

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  session.logout();
});

const render = () =>
  renderWithApp(<BookmarksFrame />, '/bookmarks', createTestAppData(server.server.url, WebSocket as never));

/** A visit of its own (location key), so no list position saved by an earlier test is restored. */
const renderAt = (key: string) =>
  renderTl(
    <AppIntlProvider>
      <DataProvider data={createTestAppData(server.server.url, WebSocket as never)}>
        <MemoryRouter initialEntries={[{ pathname: '/bookmarks', key }]}>
          <BookmarksFrame />
        </MemoryRouter>
      </DataProvider>
    </AppIntlProvider>,
  );

describe('BookmarksFrame', () => {
  it('asks a guest to sign in, with a button that opens the login dialog', async () => {
    render();
    expect(screen.getByText('Sign in to see your bookmarks')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Private key (nsec)', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it("shows the viewer's bookmarked notes, newest first, and pages to the rest", async () => {
    await session.signInWithPublicKey(getPublicKey(reader));
    render();
    await screen.findAllByTestId('note', {}, { timeout: 10_000 });
    const list = screen.getByTestId('note-list');
    expect(list.getAttribute('data-count')).toBe('20');
    // Scrolling to the end of the first page of 20 loads the next one.
    window.scrollTo(0, 1_000_000);
    fireEvent.scroll(window);
    await waitFor(() => expect(list.getAttribute('data-count')).toBe('25'), { timeout: 10_000 });
    const texts = screen.getAllByTestId('note-content').map((n) => n.textContent);
    expect(texts[0]).toBe('bookmarked note 24');
    expect(screen.queryByText('a note nobody saved')).toBeNull();
    window.scrollTo(0, 0);
  }, 30_000);

  it('lists bookmarked articles on the Reads tab', async () => {
    await session.signInWithPublicKey(getPublicKey(reader));
    render();
    fireEvent.click(screen.getByRole('tab', { name: 'Reads' }));
    const link = await screen.findByRole('link', { name: 'All about tides' }, { timeout: 10_000 });
    expect(link.getAttribute('href')?.startsWith('/a/naddr1')).toBe(true);
  });

  it("hides bookmarked notes of authors on the viewer's mute list", async () => {
    await session.signInWithPublicKey(getPublicKey(muter));
    renderAt('mute-list-visit');
    await screen.findAllByTestId('note', {}, { timeout: 10_000 });
    await waitFor(
      () => expect(screen.getAllByTestId('note-content').map((n) => n.textContent)).toEqual(['bookmarked note 0']),
      { timeout: 10_000 },
    );
  }, 30_000);

  it('says when a user has no bookmarks', async () => {
    await session.signInWithPublicKey(getPublicKey(nobody));
    render();
    expect(await screen.findByText('No bookmarks yet', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
