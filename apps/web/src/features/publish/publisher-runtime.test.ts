import type { NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { stores } from '../../state/stores.ts';

// The publisher's app wiring against a real caching service (its /v1 socket and its relay at /): the newest list wins,
// a user without a relay list gets the product relay, and proxy mode opens no relay socket.

const opened: string[] = [];
class CountingWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    opened.push(url);
  }
}

let server: TestServer;
let runtime: typeof import('./publisher-runtime.ts');
let proxy: typeof import('./proxy-mode.ts');
const key = generateSecretKey();
const pubkey = getPublicKey(key);
const sign = (kind: number, created_at: number, tags: string[][]) =>
  finalizeEvent({ kind, created_at, tags, content: '' }, key) as NostrEvent;

beforeAll(async () => {
  server = await startTestServer();
  vi.stubGlobal('WebSocket', CountingWebSocket);
  localStorage.setItem('cacheServer', server.server.url);
  runtime = await import('./publisher-runtime.ts');
  proxy = await import('./proxy-mode.ts');
  stores.session.getState().setAccount({ publicKey: pubkey, method: 'npub', canSign: false });
}, 30_000);

// test-setup clears localStorage after every test: the caching service address is set again before each.
beforeEach(() => localStorage.setItem('cacheServer', server.server.url));

afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

describe('publisher runtime', () => {
  it('resolves the product relay to the caching service origin', () => {
    expect(runtime.productRelay()).toBe(server.server.relayUrl.replace(/\/$/, ''));
  });

  it('gives a user without a relay list the product relay, read and write', async () => {
    const list = await runtime.getUserRelays(true);
    expect(list).toEqual({
      relays: [{ url: runtime.productRelay(), read: true, write: true }],
      declared: false,
      createdAt: 0,
    });
  });

  it('fetches the newest replaceable list and the user relay list from it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const older = sign(3, now - 100, [['p', 'a'.repeat(64)]]);
    const newer = sign(3, now - 50, [['p', 'b'.repeat(64)]]);
    await server.addEvents([older, newer]);
    expect((await runtime.fetchLatestReplaceable(3, pubkey))?.id).toBe(newer.id);
    expect(await runtime.fetchLatestReplaceable(10000, pubkey)).toBeNull();

    await server.addEvents([
      sign(10002, now - 10, [
        ['r', 'wss://write.example', 'write'],
        ['r', 'wss://read.example/', 'read'],
      ]),
    ]);
    const list = await runtime.getUserRelays(true);
    expect(list.declared).toBe(true);
    expect(list.relays).toEqual([
      { url: 'wss://write.example', read: false, write: true },
      { url: 'wss://read.example', read: true, write: false },
    ]);
  });

  it('in proxy mode reads lists from the caching service only: no relay socket', async () => {
    proxy.proxyMode.getState().setProxy(true);
    runtime.applyProxyMode();
    opened.length = 0;
    expect((await runtime.fetchLatestReplaceable(3, pubkey))?.tags).toEqual([['p', 'b'.repeat(64)]]);
    // The caching service's flags come sorted by url.
    expect((await runtime.getUserRelays(true)).relays.map((r) => r.url)).toEqual([
      'wss://read.example',
      'wss://write.example',
    ]);
    expect(opened.filter((url) => !url.endsWith('/v1'))).toEqual([]);
    proxy.proxyMode.getState().setProxy(false);
  });
});
