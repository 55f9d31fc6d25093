import { CacheClient, type WebSocketConstructor } from '@tide/core/cache';
import type { NostrEvent } from '@tide/core/nostr';
import { RelayPool } from '@tide/core/relay';
import { LocalSigner } from '@tide/core/signers';
import { verifyEvent } from 'nostr-tools/pure';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestRelay, type TestRelay } from '../../../../../packages/core/src/relay/relay-test-server.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { broadcastVerdict } from './proxy-broadcast.ts';
import { createPublisher, type PublisherDeps, type PublishMessages } from './publisher.ts';

const messages: PublishMessages = {
  success: 'Note posted successfully',
  failure: 'Failed to publish note',
  timeout: 'No relay confirmed reception of your note after 8 seconds',
  noRelays: 'You need to declare at least one relay to perform this action',
  connecting: 'We are trying to connect to your relays. Please try again in a few moments.',
  noSigner: 'Signer extension is required to send events',
};

let server: TestServer;
let client: CacheClient;
let relay: TestRelay;
const pools: RelayPool[] = [];
const signer = new LocalSigner(Uint8Array.from({ length: 32 }, (_, i) => i + 1));

beforeAll(async () => {
  server = await startTestServer();
  relay = await startTestRelay();
  client = new CacheClient({ url: server.server.url, WebSocket: WebSocket as unknown as WebSocketConstructor });
}, 30_000);

afterEach(() => {
  for (const pool of pools.splice(0)) pool.close();
  relay.behaviour.ok = 'accept';
});

afterAll(async () => {
  client.disconnect();
  await relay.close();
  await server.close();
});

/** A publisher over a real relay pool (counting the sockets it opens) and the real caching service. */
function setup(overrides: Partial<PublisherDeps> & { relays?: string[] | null; publishTimeoutMs?: number } = {}) {
  const toasts: Array<{ kind: string; message: string }> = [];
  let sockets = 0;
  const Counting = class extends WebSocket {
    constructor(url: string) {
      super(url);
      sockets += 1;
    }
  };
  const pool = new RelayPool({
    WebSocket: Counting as unknown as WebSocketConstructor,
    timing: { publishTimeoutMs: overrides.publishTimeoutMs ?? 8000 },
  });
  pools.push(pool);
  const imported: NostrEvent[] = [];
  let proxy = false;
  const relays = overrides.relays === undefined ? [server.server.relayUrl] : overrides.relays;
  const publisher = createPublisher({
    signer: () => signer,
    writeRelays: async () => relays,
    proxy: () => proxy,
    sendDirect: async (event, urls) => {
      const { note: _n, ...rest } = await pool.publish(event, urls);
      return rest;
    },
    sendProxy: async (event, urls) =>
      broadcastVerdict(
        await client.request('broadcast_events', { events: [event], relays: [...urls] }, { timeoutMs: 20_000 }),
        event.id,
      ),
    importEvents: async (events) => {
      imported.push(...events);
      await client.request('import_events', { events }, { timeoutMs: 8000 });
    },
    toast: (kind, message) => toasts.push({ kind, message }),
    messages: () => messages,
    ...overrides,
  });
  return {
    publisher,
    toasts,
    imported,
    sockets: () => sockets,
    setProxy: (on: boolean) => {
      proxy = on;
    },
  };
}

const note = (content: string) => ({ kind: 1, content, tags: [] as string[][] });

describe('publishEvent', () => {
  it('signs, gets an OK from the caching service relay, imports and says so', async () => {
    const { publisher, toasts, imported } = setup();
    const result = await publisher.publishEvent(note('hello from the publisher'));
    expect(result?.success).toBe(true);
    expect(result?.outcome).toBe('success');
    expect(result?.relay).toBe(server.server.relayUrl);
    expect(verifyEvent(result!.event)).toBe(true);
    expect(imported.map((e) => e.id)).toEqual([result!.event.id]);
    expect(toasts).toEqual([{ kind: 'success', message: messages.success }]);
    const [stored] = await client.request('events', { event_ids: [result!.event.id] }, { timeoutMs: 8000 });
    expect(stored?.id).toBe(result!.event.id);
  });

  it('reports failure when every relay refuses, with the custom message, and imports nothing', async () => {
    relay.behaviour.ok = { reject: 'blocked: no' };
    const { publisher, toasts, imported } = setup({ relays: [relay.url] });
    const result = await publisher.publishEvent(note('refused'), { failureMessage: 'Failed to repost' });
    expect(result?.success).toBe(false);
    expect(result?.outcome).toBe('failure');
    expect(result?.reasons[0]).toContain('blocked: no');
    expect(imported).toEqual([]);
    expect(toasts).toEqual([{ kind: 'error', message: 'Failed to repost' }]);
  });

  it('reports failure when the relay is unreachable', async () => {
    const { publisher, toasts } = setup({ relays: ['ws://127.0.0.1:9'] });
    const result = await publisher.publishEvent(note('nobody home'));
    expect(result?.outcome).toBe('failure');
    expect(toasts).toEqual([{ kind: 'error', message: messages.failure }]);
  });

  it('never reports success before an OK; times out when no relay answers', async () => {
    relay.behaviour.ok = 'silent';
    const { publisher, toasts } = setup({ relays: [relay.url], publishTimeoutMs: 600 });
    let settled = false;
    const pending = publisher.publishEvent(note('silence')).then((r) => {
      settled = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    expect(toasts).toEqual([]);
    const result = await pending;
    expect(result?.outcome).toBe('timeout');
    expect(toasts).toEqual([{ kind: 'error', message: messages.timeout }]);
  });

  it('succeeds on the first OK while another relay stays silent', async () => {
    relay.behaviour.ok = 'silent';
    const { publisher, toasts } = setup({ relays: [relay.url, server.server.relayUrl] });
    const result = await publisher.publishEvent(note('one of two'), { successMessage: null });
    expect(result?.success).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('in proxy mode asks the caching service to broadcast and opens no relay socket', async () => {
    const { publisher, toasts, sockets, setProxy } = setup();
    setProxy(true);
    const result = await publisher.publishEvent(note('through the proxy'));
    expect(result?.success).toBe(true);
    expect(result?.relay).toBe(server.server.relayUrl);
    expect(sockets()).toBe(0);
    expect(toasts).toEqual([{ kind: 'success', message: messages.success }]);
  });

  it('in proxy mode reports the failure of an unreachable relay', async () => {
    const { publisher, toasts, setProxy } = setup({ relays: ['wss://unreachable.invalid'] });
    setProxy(true);
    const result = await publisher.publishEvent(note('nowhere'));
    expect(result?.success).toBe(false);
    expect(toasts.at(-1)?.kind).toBe('error');
  });

  it('returns null and sends nothing without a signer', async () => {
    const { publisher, toasts, sockets } = setup({ signer: () => null });
    expect(await publisher.publishEvent(note('no key'))).toBeNull();
    expect(sockets()).toBe(0);
    expect(toasts).toEqual([]);
  });

  it('needs a declared write relay, and says so while relays are not known', async () => {
    const none = setup({ relays: [] });
    expect(await none.publisher.publishEvent(note('x'))).toBeNull();
    expect(none.toasts).toEqual([{ kind: 'error', message: messages.noRelays }]);
    const unknown = setup({ relays: null });
    expect(await unknown.publisher.publishEvent(note('x'))).toBeNull();
    expect(unknown.toasts).toEqual([{ kind: 'info', message: messages.connecting }]);
  });

  it('says the signer extension is required when signing fails', async () => {
    const failing = { ...signer, signEvent: () => Promise.reject(new Error('rejected')) } as unknown as LocalSigner;
    const { publisher, toasts } = setup({ signer: () => failing });
    expect(await publisher.publishEvent(note('x'))).toBeNull();
    expect(toasts).toEqual([{ kind: 'error', message: messages.noSigner }]);
  });

  it('broadcasts someone else’s signed event unchanged', async () => {
    const { publisher } = setup();
    const original = await signer.signEvent({ kind: 1, content: 'original', tags: [], created_at: 1_700_000_000 });
    const result = await publisher.publishSigned(original, {
      successMessage: 'Note has been broadcasted to your relays',
    });
    expect(result?.success).toBe(true);
    expect(result?.event).toBe(original);
  });
});

describe('replaceable lists', () => {
  it('gives each later version of a list a later created_at, so two saves in one second do not tie', async () => {
    const { publisher } = setup();
    const at = Math.floor(Date.now() / 1000) - 100;
    const first = await publisher.publishEvent({
      kind: 10003,
      content: '',
      tags: [['e', 'a'.repeat(64)]],
      created_at: at,
    });
    const second = await publisher.publishEvent(
      { kind: 10003, content: '', tags: [], created_at: at },
      { successMessage: null },
    );
    expect(second!.event.created_at).toBe(first!.event.created_at + 1);
    const reader = new RelayPool({ WebSocket: WebSocket as unknown as WebSocketConstructor });
    pools.push(reader);
    const stored = await reader.query([server.server.relayUrl], [{ kinds: [10003], authors: [second!.event.pubkey] }]);
    expect(stored.map((e) => e.id)).toEqual([second!.event.id]);
    const note = await publisher.publishEvent({ kind: 1, content: 'same second', tags: [], created_at: at });
    expect(note!.event.created_at).toBe(at);
  });

  it('gives a list a later created_at than a version read elsewhere (after a reload, in the same second)', async () => {
    const { publisher } = setup();
    const at = Math.floor(Date.now() / 1000) - 50;
    publisher.noteVersion({ kind: 10000, tags: [['p', 'b'.repeat(64)]], created_at: at });
    const next = await publisher.publishEvent({ kind: 10000, content: '', tags: [], created_at: at });
    expect(next!.event.created_at).toBe(at + 1);
  });
});

describe('broadcastVerdict', () => {
  const answer = (content: unknown) => [{ kind: 10000149, content: JSON.stringify(content) }];
  it('needs an OK true frame for the event', () => {
    expect(broadcastVerdict(answer([{ event_id: 'a', responses: [['wss://r', '["OK","a",true,""]']] }]), 'a')).toEqual({
      success: true,
      outcome: 'success',
      reasons: [],
      relay: 'wss://r',
    });
    expect(
      broadcastVerdict(answer([{ event_id: 'a', responses: [['wss://r', '["OK","a",false,"no"]']] }]), 'a'),
    ).toEqual({ success: false, outcome: 'failure', reasons: ['wss://r: no'] });
    expect(broadcastVerdict(answer([{ event_id: 'a', responses: [['wss://r', 'error: timeout']] }]), 'a').outcome).toBe(
      'timeout',
    );
    expect(broadcastVerdict([], 'a').success).toBe(false);
  });
});
