import { ingestEvents } from '@tide/cache-server/testing';
import type { WebSocketConstructor } from '@tide/core/cache';
import type { NostrEvent } from '@tide/core/nostr';
import { RelayPool } from '@tide/core/relay';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  loadHomeFromRelays,
  loadProfileFromRelays,
  loadThreadFromRelays,
  mergeChunks,
  readHomeFromRelays,
  readProfileFromRelays,
} from './relay-fallback.ts';
import { FALLBACK_RELAYS_KEY, fallbackRelayUrls, KNOWN_RELAYS_KEY, parseRelayList } from './relay-fallback-status.ts';
import { startTestServer, type TestServer } from './test-server.test-helper.ts';

const alice = generateSecretKey();
const bob = generateSecretKey();
const reader = generateSecretKey();
const carol = generateSecretKey();
const carolFan = generateSecretKey();
const t0 = 1_700_000_000;
const sign = (key: Uint8Array, kind: number, created_at: number, content: string, tags: string[][] = []) =>
  finalizeEvent({ kind, created_at, tags, content }, key) as NostrEvent;

const root = sign(alice, 1, t0, 'root note');
const reply = sign(bob, 1, t0 + 10, 'a reply', [['e', root.id, '', 'root']]);
const later = sign(alice, 1, t0 + 20, 'alice again');
const prolific = generateSecretKey();
const prolificFan = generateSecretKey();
/** 25 notes one minute apart, newest last: more than one fallback page. */
const prolificNotes = Array.from({ length: 25 }, (_, i) => sign(prolific, 1, t0 + 1000 + i * 60, `prolific ${i}`));
const events = [
  ...prolificNotes,
  sign(prolificFan, 3, t0, '', [['p', getPublicKey(prolific)]]),
  sign(alice, 0, t0, JSON.stringify({ name: 'alice' })),
  sign(bob, 0, t0, JSON.stringify({ name: 'bob' })),
  root,
  reply,
  later,
  sign(reader, 3, t0, '', [['p', getPublicKey(alice)]]),
  // carol reposts bob's reply the usual way: empty content, the note named by its `e` tag.
  sign(carol, 6, t0 + 30, '', [
    ['e', reply.id],
    ['p', getPublicKey(bob)],
  ]),
  sign(carolFan, 3, t0, '', [['p', getPublicKey(carol)]]),
];

let server: TestServer;
let pool: RelayPool;

beforeAll(async () => {
  server = await startTestServer();
  const results = await ingestEvents(server.server.store, events, { source: 'test' });
  expect(results.every((r) => r.ok)).toBe(true);
  pool = new RelayPool({ WebSocket: WebSocket as unknown as WebSocketConstructor });
}, 30_000);

afterAll(async () => {
  pool.close();
  await server.close();
});

describe('relay lists', () => {
  beforeEach(() => localStorage.clear());

  it('keeps only ws:// and wss:// addresses from JSON or plain lists', () => {
    expect(parseRelayList('["wss://a.example","https://b.example",3,"ws://c.example/"]')).toEqual([
      'wss://a.example',
      'ws://c.example/',
    ]);
    expect(parseRelayList('wss://a.example, wss://b.example javascript:alert(1)')).toEqual([
      'wss://a.example',
      'wss://b.example',
    ]);
    expect(parseRelayList(null)).toEqual([]);
    expect(parseRelayList('{"a":1}')).toEqual([]);
  });

  it('puts the chosen relays before the learnt ones, without repeats', () => {
    localStorage.setItem(FALLBACK_RELAYS_KEY, '["wss://mine.example"]');
    localStorage.setItem(KNOWN_RELAYS_KEY, '["wss://learnt.example","wss://mine.example"]');
    expect(fallbackRelayUrls()).toEqual(['wss://mine.example', 'wss://learnt.example']);
  });
});

describe('reading relays directly (real relay on loopback)', () => {
  it('loads a thread: the note, its reply after it, with author profiles', async () => {
    const page = await loadThreadFromRelays(pool, [server.server.relayUrl], root.id);
    expect(page.notes.map((n) => n.content)).toEqual(['root note', 'a reply']);
    expect(page.users[getPublicKey(bob)]?.name).toBe('bob');
  });

  it('loads the parent before a reply', async () => {
    const page = await loadThreadFromRelays(pool, [server.server.relayUrl], reply.id);
    expect(page.notes.map((n) => n.id)).toEqual([root.id, reply.id]);
  });

  it('gives an empty page for a note no relay has', async () => {
    const page = await loadThreadFromRelays(pool, [server.server.relayUrl], 'f'.repeat(64));
    expect(page.notes).toEqual([]);
  });

  it('loads a profile with its newest notes first', async () => {
    const page = await loadProfileFromRelays(pool, [server.server.relayUrl], getPublicKey(alice));
    expect(page.users[getPublicKey(alice)]?.name).toBe('alice');
    expect(page.notes.map((n) => n.content)).toEqual(['alice again', 'root note']);
  });

  it('loads home for a known pubkey from the people it follows', async () => {
    const page = await loadHomeFromRelays(pool, [server.server.relayUrl], getPublicKey(reader));
    expect(page.notes.map((n) => n.content)).toEqual(['alice again', 'root note']);
  });

  it('gives an empty repost the reposted note, with its author, read from the same relays', async () => {
    const profile = await loadProfileFromRelays(pool, [server.server.relayUrl], getPublicKey(carol));
    expect(profile.notes.map((n) => [n.content, n.repost?.pubkey])).toEqual([['a reply', getPublicKey(carol)]]);
    expect(profile.users[getPublicKey(bob)]?.name).toBe('bob');
    const home = await loadHomeFromRelays(pool, [server.server.relayUrl], getPublicKey(carolFan));
    expect(home.notes.map((n) => n.id)).toEqual([reply.id]);
  });

  it('pages home and profile 20 notes at a time, newest first, without repeats', async () => {
    const first = await readHomeFromRelays(pool, [server.server.relayUrl], getPublicKey(prolificFan));
    const newestFirst = prolificNotes.map((n) => n.content).reverse();
    expect(mergeChunks([first]).notes.map((n) => n.content)).toEqual(newestFirst.slice(0, 20));
    expect(first.next).toBe(t0 + 1000 + 5 * 60);
    const second = await readHomeFromRelays(pool, [server.server.relayUrl], getPublicKey(prolificFan), first.next);
    expect(second.next).toBeUndefined();
    expect(mergeChunks([first, second]).notes.map((n) => n.content)).toEqual(newestFirst);
    const profile = await readProfileFromRelays(pool, [server.server.relayUrl], getPublicKey(prolific), first.next);
    expect(mergeChunks([first, profile]).notes).toHaveLength(25);
  });

  it('fails clearly without relays', async () => {
    await expect(loadProfileFromRelays(pool, [], getPublicKey(alice))).rejects.toThrow('no relays to read');
  });
});
