import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { addFeed, loadDefaultFeeds, loadFeedList } from '../feeds/feed-list.ts';
import { FeedsSection } from './feeds-section.tsx';

let test: TestServer;
let data: AppData;
const sk = generateSecretKey();

beforeAll(async () => {
  test = await startTestServer();
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

afterEach(() => session.logout());

const saved = () => loadFeedList(data.client, new LocalSigner(sk), 'home');

describe('FeedsSection (home) against a real caching service', () => {
  it('lists the defaults, then disables, renames, reorders and removes, each saved signed; restore erases it all', async () => {
    const defaults = await loadDefaultFeeds(data.client, 'home');
    expect(defaults.length).toBeGreaterThanOrEqual(2);
    await session.signInWithNsec(nsecEncode(sk));
    renderWithApp(<FeedsSection kind="home" />, '/settings/home_feeds', data);
    const list = await screen.findByTestId('home-feed-list', {}, { timeout: 10_000 });
    const names = () =>
      within(list)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).labels?.[0]?.textContent);
    expect(names()).toEqual(defaults.map((f) => f.name));
    const [first, second] = defaults as unknown as [{ name: string }, { name: string }];

    fireEvent.click(within(list).getByLabelText(first.name));
    await waitFor(async () => expect((await saved())[0]?.enabled).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: `Rename ${first.name}` }));
    fireEvent.change(screen.getByLabelText('Feed name'), { target: { value: 'My first' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await saved())[0]?.name).toBe('My first'));

    fireEvent.click(screen.getByRole('button', { name: 'Move My first down' }));
    await waitFor(async () =>
      expect((await saved()).map((f) => f.name).slice(0, 2)).toEqual([second.name, 'My first']),
    );

    fireEvent.click(screen.getByRole('button', { name: `Remove ${second.name}` }));
    await waitFor(async () => expect((await saved()).map((f) => f.name)).not.toContain(second.name));
    expect(stores.toasts.getState().toasts.at(-1)?.message).toBe('Feed removed from the home page');

    fireEvent.click(screen.getByRole('button', { name: 'Restore default feeds' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore default feeds' }));
    await waitFor(async () => expect(await saved()).toEqual(defaults));
    expect(names()).toEqual(defaults.map((f) => f.name));
  }, 30_000);

  it('a save to a stopped caching service keeps the local list and says "Failed to save settings"', async () => {
    await session.signInWithNsec(nsecEncode(generateSecretKey()));
    renderWithApp(<FeedsSection kind="home" />, '/settings/home_feeds', data);
    const list = await screen.findByTestId('home-feed-list', {}, { timeout: 10_000 });
    const box = within(list).getAllByRole('checkbox')[0] as HTMLInputElement;
    const messages: string[] = [];
    const stop = stores.toasts.subscribe((s) => messages.push(...s.toasts.map((x) => x.message)));
    await test.server.close();
    fireEvent.click(box);
    await waitFor(() => expect(messages).toContain('Failed to save settings'), { timeout: 30_000 });
    stop();
    expect(box.checked).toBe(false);
    await test.restart();
  }, 60_000);
});

describe('addFeed', () => {
  it('appends a new feed enabled, and re-enables one already listed', () => {
    const a = { name: 'A', spec: '{"a":1}', description: '', enabled: false };
    expect(addFeed([a], { ...a, name: 'again', enabled: false })).toEqual([{ ...a, enabled: true }]);
    expect(addFeed([a], { name: 'B', spec: '{"b":1}', description: '', enabled: false }).at(-1)?.enabled).toBe(true);
  });
});
