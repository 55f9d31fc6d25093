import { fireEvent, screen, waitFor } from '@testing-library/react';
import { generateSecretKey, nsecEncode } from '@tide/core/nostr';
import { LocalSigner } from '@tide/core/signers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../../data/app-data.ts';
import { createTestAppData } from '../../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../../data/test-server.test-helper.ts';
import { session } from '../../../state/session.ts';
import { stores } from '../../../state/stores.ts';
import { renderWithApp } from '../../../test-utils.tsx';
import { AddFeedButton } from './add-feed-button.tsx';
import { loadDefaultFeeds, loadFeedList } from './feed-list.ts';

let test: TestServer;
let data: AppData;

beforeAll(async () => {
  test = await startTestServer();
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

afterEach(() => session.logout());

const feed = { name: 'Bitcoin talk', spec: '{"id":"search","kind":"notes","query":"bitcoin"}', description: 'about' };
const lastToast = () => stores.toasts.getState().toasts.at(-1);

describe('AddFeedButton (Explore, feed tests, profiles)', () => {
  it('asks a guest to sign in', () => {
    renderWithApp(<AddFeedButton kind="home" feed={feed} />, '/', data);
    fireEvent.click(screen.getByRole('button', { name: 'Add to home feeds' }));
    expect(lastToast()).toMatchObject({ kind: 'info', message: 'You need to be signed in to perform this action' });
  });

  it("adds the feed after the user's (default) feeds, saved signed, with 'Feed added to the home page'", async () => {
    const sk = generateSecretKey();
    await session.signInWithNsec(nsecEncode(sk));
    renderWithApp(<AddFeedButton kind="home" feed={feed} />, '/', data);
    fireEvent.click(screen.getByRole('button', { name: 'Add to home feeds' }));
    await waitFor(
      () => expect(lastToast()).toMatchObject({ kind: 'success', message: 'Feed added to the home page' }),
      {
        timeout: 10_000,
      },
    );
    const defaults = await loadDefaultFeeds(data.client, 'home');
    const list = await loadFeedList(data.client, new LocalSigner(sk), 'home');
    expect(list).toEqual([...defaults, { ...feed, enabled: true }]);
  }, 30_000);
});
