import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { FeedsFrame, feedTestSpec } from './feeds-frame.tsx';

const NOW = Math.floor(Date.now() / 1000);
let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
  await test.addNotes([NOW - 60, NOW - 120, NOW - 180], (i) => `feed test note ${i}`);
}, 60_000);

afterAll(async () => {
  await test?.close();
});

describe('feed tests (/feeds/:query)', () => {
  it('reads a JSON spec as given and other text as a search', () => {
    expect(feedTestSpec(' {"id":"all-notes", "kind":"notes"} ')).toBe('{"id":"all-notes","kind":"notes"}');
    expect(feedTestSpec('bitcoin')).toBe('{"id":"advsearch","query":"bitcoin"}');
    expect(feedTestSpec('{not json')).toBeUndefined();
  });

  it("loads the spec's notes instead of a skeleton for ever", async () => {
    const data = createTestAppData(test.server.url, WebSocket);
    renderWithApp(<FeedsFrame query='{"id":"all-notes","kind":"notes"}' />, '/feeds/x', data);
    await waitFor(() => expect(screen.getAllByTestId('note-content')).toHaveLength(3), { timeout: 10_000 });
    const texts = screen.getAllByTestId('note-content').map((n) => n.textContent);
    expect(texts.every((text) => /^feed test note \d+$/.test(text ?? ''))).toBe(true);
    data.dispose();
  }, 30_000);

  it('says why when the spec is not valid', async () => {
    const data = createTestAppData(test.server.url, WebSocket);
    renderWithApp(<FeedsFrame query="{not json" />, '/feeds/x', data);
    expect((await screen.findByRole('alert')).textContent).toMatch(/not valid JSON/);
    expect(screen.queryByRole('status')).toBeNull();
    data.dispose();
  });
});
