import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ingestEvents } from '@tide/cache-server/testing';
import type { NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestAppData } from '../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../data/test-server.test-helper.ts';
import { session } from '../state/session.ts';
import { stores } from '../state/stores.ts';
import { renderWithApp } from '../test-utils.tsx';
import { AccountEntry } from './account-entry.tsx';

// The nav's account entry against a real caching service: a guest's "Sign in", a user's avatar, name and menu.

const sk = generateSecretKey();
const PUBKEY = getPublicKey(sk);
const profile = finalizeEvent(
  {
    kind: 0,
    created_at: 1_700_000_000,
    tags: [],
    content: JSON.stringify({ name: 'dora', display_name: 'Dora Demo' }),
  },
  sk,
) as NostrEvent;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const results = await ingestEvents(server.server.store, [profile], { source: 'test' });
  expect(results.every((r) => r.ok)).toBe(true);
}, 30_000);

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  session.logout();
});

const render = () => renderWithApp(<AccountEntry />, '/home', createTestAppData(server.server.url, WebSocket as never));

async function openMenu() {
  const trigger = await screen.findByRole('button', { name: 'Account menu of Dora Demo' }, { timeout: 10_000 });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('AccountEntry', () => {
  it('offers a guest Sign in and Create account', () => {
    render();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/new');
  });

  it("shows a signed-in user's name; Log out returns to guest", async () => {
    await session.signInWithPublicKey(PUBKEY);
    render();
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('Dora Demo'), { timeout: 10_000 });
    expect(screen.getByText('Browse only')).toBeTruthy();
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Sign in with private key' })).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' })));
    expect(stores.session.getState().publicKey).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('a locked PIN-stored key offers Enter PIN, which asks the session for the PIN', async () => {
    act(() => stores.session.getState().setAccount({ publicKey: PUBKEY, method: 'nsec', pinLocked: true }));
    render();
    await waitFor(() => expect(screen.getByText('Locked')).toBeTruthy(), { timeout: 10_000 });
    await openMenu();
    act(() => fireEvent.click(screen.getByRole('menuitem', { name: 'Enter PIN' })));
    expect(stores.session.getState().pinPromptOpen).toBe(true);
  });
});
