import { screen, waitFor } from '@testing-library/react';
import { npubEncode } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, testAuthor } from '../thread/test-network.test-helper.ts';
import { ReplyingTo } from './replying-to.tsx';

// Nell has a profile on the caching service (not in the page that shows the reply); Otto has none.
const nell = testAuthor();
const otto = testAuthor();
let test: TestServer;
let data: AppData;

beforeAll(async () => {
  test = await startTestServer();
  await test.addEvents([signed(nell, 0, JSON.stringify({ name: 'nell', display_name: 'Nell' }))]);
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

describe('ReplyingTo', () => {
  it("looks up an author the page does not know and shows their name, never '@someone'", async () => {
    renderWithApp(<ReplyingTo pubkey={nell.pubkey} />, '/home', data);
    await waitFor(() => expect(screen.getByTestId('replying-to').textContent).toBe('Replying to @Nell'), {
      timeout: 10_000,
    });
  });

  it('without a profile shows the npub cut to its first 15 and last 10 characters', async () => {
    const npub = npubEncode(otto.pubkey);
    renderWithApp(<ReplyingTo pubkey={otto.pubkey} />, '/home', data);
    const line = screen.getByTestId('replying-to');
    expect(line.textContent).toBe(`Replying to @${npub.slice(0, 15)}…${npub.slice(-10)}`);
    expect(line.textContent).not.toContain('someone');
  });
});
