import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { HomeFeed } from './home-feed.tsx';

const SPEC = '{"id":"all-notes","kind":"notes"}';
const NOW = Math.floor(Date.now() / 1000);
let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
  await test.addNotes(Array.from({ length: 30 }, (_, i) => NOW - 3600 - i * 60));
}, 60_000);

afterAll(async () => {
  await test?.close();
});

describe('HomeFeed', () => {
  it('shows the first page, then the new-notes pill (99+ at 99) that prepends future notes', async () => {
    const data = createTestAppData(test.server.url, WebSocket);
    renderWithApp(<HomeFeed spec={SPEC} pollMs={150} />, '/home', data);
    await screen.findAllByTestId('note', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('new-notes-pill')).toBeNull();
    await test.addNotes([NOW - 300, NOW - 290, NOW - 280], (i) => `early note ${i}`);
    const pill = await screen.findByTestId('new-notes-pill', {}, { timeout: 10_000 });
    expect(pill.textContent).toBe('Show 3 new notes');
    // One burst of 100: the service answers at most 50 per request, so the check also reads the gap below.
    await test.addNotes(
      Array.from({ length: 100 }, (_, i) => NOW - 250 + i),
      (i) => `fresh note ${i}`,
    );
    await waitFor(() => expect(screen.getByTestId('new-notes-pill').textContent).toBe('Show 99+ new notes'), {
      timeout: 10_000,
    });
    fireEvent.click(screen.getByTestId('new-notes-pill'));
    await waitFor(() => expect(screen.queryByTestId('new-notes-pill')).toBeNull());
    // Nothing skipped: 20 loaded + 3 early + the whole burst of 100.
    await waitFor(() => expect(screen.getByTestId('note-list').getAttribute('data-count')).toBe('123'));
    const first = screen.getAllByTestId('note-content')[0];
    expect(first?.textContent).toMatch(/^fresh note/);
    data.dispose();
  }, 60_000);
});
