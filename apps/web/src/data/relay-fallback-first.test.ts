import { ingestEvents } from '@tide/cache-server/testing';
import type { WebSocketConstructor } from '@tide/core/cache';
import type { NostrEvent } from '@tide/core/nostr';
import { RelayPool } from '@tide/core/relay';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { readHomeFromRelays, readProfileFromRelays } from './relay-fallback.ts';
import { startTestServer, type TestServer } from './test-server.test-helper.ts';

// One relay that answers (the test caching service's relay) and one that accepts the socket and never says EOSE:
// the fallback home shows the first relay's notes instead of waiting for the slow relay's timeout at every step.

const author = generateSecretKey();
const reader = generateSecretKey();
const t0 = 1_700_000_000;
const sign = (key: Uint8Array, kind: number, created_at: number, content: string, tags: string[][] = []) =>
  finalizeEvent({ kind, created_at, tags, content }, key) as NostrEvent;
const notes = Array.from({ length: 3 }, (_, i) => sign(author, 1, t0 + i, `quick note ${i}`));

const EOSE_TIMEOUT_MS = 3000;
let server: TestServer;
let silent: WebSocketServer;
let silentUrl: string;
let pool: RelayPool;

beforeAll(async () => {
  server = await startTestServer();
  const stored = [
    ...notes,
    sign(author, 0, t0, JSON.stringify({ name: 'quick' })),
    sign(reader, 3, t0, '', [['p', getPublicKey(author)]]),
  ];
  expect((await ingestEvents(server.server.store, stored, { source: 'test' })).every((r) => r.ok)).toBe(true);
  silent = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => silent.once('listening', () => resolve()));
  const address = silent.address();
  silentUrl = `ws://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}/`;
  pool = new RelayPool({
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    timing: { eoseTimeoutMs: EOSE_TIMEOUT_MS },
  });
}, 30_000);

afterAll(async () => {
  pool?.close();
  await new Promise((resolve) => silent?.close(resolve));
  await server?.close();
});

describe('relay fallback: the first relay that answers', () => {
  it('fills home from the quick relay well before the silent relay times out', async () => {
    const started = Date.now();
    const chunk = await readHomeFromRelays(pool, [silentUrl, server.server.relayUrl], getPublicKey(reader));
    const took = Date.now() - started;
    expect(chunk.events.filter((e) => e.kind === 1).map((e) => e.content)).toEqual([
      'quick note 2',
      'quick note 1',
      'quick note 0',
    ]);
    expect(chunk.events.some((e) => e.kind === 0)).toBe(true);
    // Before: three steps (contacts, notes, profiles) each waited for the silent relay: 3 × 3 s.
    expect(took).toBeLessThan(EOSE_TIMEOUT_MS);
  }, 30_000);

  it('a profile too', async () => {
    const started = Date.now();
    const chunk = await readProfileFromRelays(pool, [silentUrl, server.server.relayUrl], getPublicKey(author));
    expect(chunk.events.filter((e) => e.kind === 1)).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(EOSE_TIMEOUT_MS);
  }, 30_000);

  it('still ends, empty, when no relay has anything', async () => {
    const chunk = await readHomeFromRelays(pool, [server.server.relayUrl], getPublicKey(generateSecretKey()));
    expect(chunk.events).toEqual([]);
  });
});
