import { act, screen, waitFor } from '@testing-library/react';
import { ingestEvents } from '@tide/cache-server/testing';
import type { NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { FALLBACK_AFTER_MS, FALLBACK_RELAYS_KEY } from '../../data/relay-fallback-status.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { homeTarget, profileTarget, threadTarget } from './fallback-target.ts';
import { RelayFallbackGate } from './relay-fallback-gate.tsx';

// The gate in front of thread, profile and home: the real screen while the caching service answers, the user's
// relays (a real relay on loopback) once it has been unreachable for a few seconds.

const alice = generateSecretKey();
const viewer = generateSecretKey();
const t0 = Math.floor(Date.now() / 1000) - 3600;
const sign = (key: Uint8Array, kind: number, created_at: number, content: string, tags: string[][] = []) =>
  finalizeEvent({ kind, created_at, tags, content }, key) as NostrEvent;
const note = sign(alice, 1, t0 + 10, 'alice wrote this on her relay');
const events = [
  sign(alice, 0, t0, JSON.stringify({ name: 'alice', display_name: 'Alice Relay' })),
  note,
  sign(alice, 1, t0 + 20, 'alice again'),
  sign(viewer, 3, t0, '', [['p', getPublicKey(alice)]]),
];
const WAIT = { timeout: FALLBACK_AFTER_MS + 10_000 };

let server: TestServer;

beforeAll(async () => {
  // The app's one fallback pool uses the browser's WebSocket; tests use the `ws` package in its place.
  vi.stubGlobal('WebSocket', WebSocket);
  server = await startTestServer();
  const results = await ingestEvents(server.server.store, events, { source: 'test' });
  expect(results.every((r) => r.ok)).toBe(true);
}, 30_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
});

beforeEach(() => {
  localStorage.setItem(FALLBACK_RELAYS_KEY, JSON.stringify([server.server.relayUrl]));
  stores.session.setState({ cacheStatus: 'idle', activity: 'woke', publicKey: null });
});

afterEach(() => {
  stores.session.setState({ cacheStatus: 'idle', activity: 'woke', publicKey: null });
});

const goDown = () => act(() => stores.session.setState({ cacheStatus: 'reconnecting' }));

describe('RelayFallbackGate', () => {
  it('shows the screen itself while the caching service is connected or idle', async () => {
    stores.session.setState({ cacheStatus: 'connected' });
    renderWithApp(
      <RelayFallbackGate target={threadTarget(note.id)} heading="Thread">
        <p>the real thread</p>
      </RelayFallbackGate>,
    );
    expect(screen.getByText('the real thread')).toBeTruthy();
    act(() => stores.session.setState({ cacheStatus: 'idle' }));
    expect(screen.getByText('the real thread')).toBeTruthy();
    expect(screen.queryByTestId('relay-fallback-notice')).toBeNull();
  });

  it('reads a thread from the relays after a few seconds unreachable, says so, and goes back when it returns', async () => {
    stores.session.setState({ cacheStatus: 'connected' });
    renderWithApp(
      <RelayFallbackGate target={threadTarget(note.id)} heading="Thread">
        <p>the real thread</p>
      </RelayFallbackGate>,
    );
    goDown();
    // Not at once: a short outage keeps the screen.
    expect(screen.getByText('the real thread')).toBeTruthy();
    const notice = await screen.findByTestId('relay-fallback-notice', {}, WAIT);
    expect(notice.textContent).toBe('The caching service is unreachable: reading your relays directly');
    expect(screen.queryByText('the real thread')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('note-content').textContent).toContain(note.content), WAIT);
    act(() => stores.session.setState({ cacheStatus: 'connected' }));
    expect(screen.getByText('the real thread')).toBeTruthy();
    expect(screen.queryByTestId('relay-fallback-notice')).toBeNull();
  }, 30_000);

  it("reads a profile's name and newest notes from the relays", async () => {
    renderWithApp(
      <RelayFallbackGate target={profileTarget(getPublicKey(alice))} heading="Profile">
        <p>the real profile</p>
      </RelayFallbackGate>,
    );
    goDown();
    expect((await screen.findByTestId('fallback-profile-name', {}, WAIT)).textContent).toBe('Alice Relay');
    await waitFor(() => expect(screen.getAllByTestId('note-content').length).toBe(2), WAIT);
    expect(screen.getAllByTestId('note-content')[0]?.textContent).toContain('alice again');
  }, 30_000);

  it("reads a known viewer's home from the notes of the people it follows", async () => {
    renderWithApp(
      <RelayFallbackGate target={homeTarget(getPublicKey(viewer))} heading="Home">
        <p>the real home</p>
      </RelayFallbackGate>,
    );
    goDown();
    await screen.findByTestId('relay-fallback-notice', {}, WAIT);
    await waitFor(() => expect(screen.getAllByTestId('note-content').length).toBe(2), WAIT);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Home');
  }, 30_000);

  it('says when the relays have nothing for the page', async () => {
    renderWithApp(
      <RelayFallbackGate target={threadTarget('f'.repeat(64))} heading="Thread">
        <p>the real thread</p>
      </RelayFallbackGate>,
    );
    goDown();
    await waitFor(() => expect(screen.getByText('Your relays had nothing for this page')).toBeTruthy(), WAIT);
  }, 30_000);

  it('keeps the screen without a target (a guest home, an article) and while the app sleeps', async () => {
    renderWithApp(
      <>
        <RelayFallbackGate target={homeTarget(null)} heading="Home">
          <p>guest home</p>
        </RelayFallbackGate>
        <RelayFallbackGate target={profileTarget(getPublicKey(alice))} heading="Profile">
          <p>asleep profile</p>
        </RelayFallbackGate>
      </>,
    );
    act(() => stores.session.setState({ cacheStatus: 'disconnected', activity: 'sleep' }));
    await new Promise((resolve) => setTimeout(resolve, FALLBACK_AFTER_MS + 500));
    expect(screen.getByText('guest home')).toBeTruthy();
    expect(screen.getByText('asleep profile')).toBeTruthy();
    expect(screen.queryByTestId('relay-fallback-notice')).toBeNull();
  }, 30_000);
});

describe('fallback targets', () => {
  it('names a home only for a known hex public key', () => {
    const pubkey = getPublicKey(viewer);
    expect(homeTarget(pubkey)).toEqual({ type: 'home', pubkey, relays: [] });
    expect(homeTarget(null)).toBeNull();
    expect(homeTarget('not-a-key')).toBeNull();
  });
});
