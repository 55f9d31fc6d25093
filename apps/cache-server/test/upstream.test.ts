import type { AddressInfo } from 'node:net';
import { CacheClient } from '@tide/core/cache';
import { CacheKind, generateSecretKey, type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type RunningServer, startServer } from '../src/server.ts';
import type { Store } from '../src/store/index.ts';
import { upstreamStateKey } from '../src/upstream/upstream-relay.ts';
import { describeDialects, openTestStore } from './dialects.ts';
import { RawSocket } from './raw-socket.ts';

const sk = generateSecretKey();
const note = (content: string, created_at = Math.floor(Date.now() / 1000)): NostrEvent =>
  signEvent({ kind: 1, content, tags: [], created_at }, sk);

async function publish(url: string, event: NostrEvent): Promise<unknown[]> {
  const s = await RawSocket.open(url);
  s.send(['EVENT', event]);
  const ok = await s.waitFor((f) => f.message[0] === 'OK');
  await s.close();
  return ok.message;
}

async function has(url: string, id: string): Promise<boolean> {
  const s = await RawSocket.open(url);
  s.send(['REQ', 'q', { ids: [id] }]);
  const frames = await s.untilEose('q');
  await s.close();
  return frames.some((f) => f.message[0] === 'EVENT');
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

describeDialects('upstream relays and publishing commands', (getStore) => {
  let source: RunningServer;
  let follower: RunningServer;
  let sourceStore: Store;
  beforeAll(async () => {
    // The upstream source is a plain relay on SQLite: a second PostgreSQL schema opened while the first one is
    // open fails to migrate (kysely_migration_lock lookup ignores the schema; reported to the store owner).
    sourceStore = await openTestStore('sqlite', 'upsrc');
    source = await startServer({ store: sourceStore });
  });
  afterAll(async () => {
    await follower?.close();
    await source.close();
    await sourceStore?.close();
  });

  it('backfills from an upstream relay, follows live events, and resumes after the upstream restarts', async () => {
    const before = note('already there', Math.floor(Date.now() / 1000) - 10);
    expect((await publish(source.relayUrl, before))[2]).toBe(true);
    follower = await startServer({
      store: getStore(),
      upstream: [source.relayUrl],
      upstreamOptions: { minBackoffMs: 50, maxBackoffMs: 200, flushMs: 20 },
      // broadcast_events below sends to the loopback source relay (refused by default)
      allowPrivateNetwork: true,
    });
    await eventually(() => has(follower.relayUrl, before.id));
    const live = note('live one');
    await publish(source.relayUrl, live);
    await eventually(() => has(follower.relayUrl, live.id));
    // The resume point is saved shortly after the event is stored (flushMs), not in the same step.
    const savedState = async () => {
      const saved = await getStore()
        .db.selectFrom('cache')
        .select('value')
        .where('key', '=', upstreamStateKey(source.relayUrl))
        .executeTakeFirst();
      return Number(saved?.value ?? 0);
    };
    await eventually(async () => (await savedState()) >= live.created_at);
    expect(await savedState()).toBeGreaterThanOrEqual(live.created_at);

    const port = source.port;
    await source.close();
    source = await startServer({ store: sourceStore, port });
    const afterRestart = note('after restart');
    await publish(source.relayUrl, afterRestart);
    await eventually(() => has(follower.relayUrl, afterRestart.id));
    expect(follower.upstreams[0].connections).toBeGreaterThanOrEqual(2);
  });

  it('hands a backfill to ingest in one call of up to 2,000 events, not 200 at a time', async () => {
    const t = Math.floor(Date.now() / 1000) - 100;
    const events = Array.from({ length: 500 }, (_, i) => note(`backfill ${i}`, t + (i % 50)));
    const fake = await startFakeRelay(events);
    // No timer fires during the test: only the batch size or the stop can hand the events over.
    const viaFake = await startServer({
      store: getStore(),
      upstream: [fake.url],
      upstreamOptions: { minBackoffMs: 50, maxBackoffMs: 200, flushMs: 600_000 },
    });
    try {
      await eventually(async () => viaFake.upstreams[0].received === events.length);
    } finally {
      await viaFake.close();
      await fake.close();
    }
    expect(viaFake.upstreams[0].batches).toBe(1);
    const stored = await getStore()
      .db.selectFrom('events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .executeTakeFirst();
    expect(Number(stored?.n)).toBe(events.length);
  });

  it('import_events ingests through the cache protocol and reports counts', async () => {
    const client = new CacheClient({ url: follower.url, WebSocket: WebSocket as never });
    const good = note('imported');
    const bad = { ...note('bad'), sig: 'f'.repeat(128) };
    const [answer] = await client.request('import_events', { events: [good, bad] });
    expect(answer.kind).toBe(CacheKind.ImportResponse);
    expect(JSON.parse(String(answer.content))).toEqual({ imported: 1, errors: 1 });
    expect(await has(follower.relayUrl, good.id)).toBe(true);
    expect(await has(follower.relayUrl, bad.id)).toBe(false);
    await expect(client.request('import_events', { events: 'nope' })).rejects.toThrow(/events must be an array/);
    client.disconnect();
  });

  it('broadcast_events publishes to the given relays and returns their raw replies', async () => {
    const client = new CacheClient({ url: follower.url, WebSocket: WebSocket as never });
    const ev = note('broadcast me');
    const deadRelay = 'ws://127.0.0.1:1/';
    const [answer] = await client.request('broadcast_events', { events: [ev], relays: [source.relayUrl, deadRelay] });
    expect(answer.kind).toBe(CacheKind.BroadcastResponse);
    const [entry] = JSON.parse(String(answer.content)) as Array<{ event_id: string; responses: string[][] }>;
    expect(entry.event_id).toBe(ev.id);
    const byRelay = new Map(entry.responses.map(([url, reply]) => [url, reply]));
    expect(JSON.parse(byRelay.get(source.relayUrl) ?? 'null')).toEqual(['OK', ev.id, true, '']);
    expect(byRelay.get(deadRelay)).toMatch(/^error:/);
    expect(await has(source.relayUrl, ev.id)).toBe(true);
    client.disconnect();
  });

  it("drops upstream events with bad signatures (ingest's gate checks them)", async () => {
    const forged = { ...note('forged'), content: 'changed after signing' };
    const good = note('signed after forged');
    const fake = await startFakeRelay([forged, null as unknown as NostrEvent, { id: 'x' } as NostrEvent, good]);
    const viaFake = await startServer({
      sqlitePath: ':memory:',
      upstream: [fake.url],
      upstreamOptions: { minBackoffMs: 50, maxBackoffMs: 200, flushMs: 20 },
    });
    try {
      await eventually(() => has(viaFake.relayUrl, good.id));
      expect(await has(viaFake.relayUrl, forged.id)).toBe(false);
      expect(viaFake.upstreams[0].received).toBe(2);
    } finally {
      await viaFake.close();
      await fake.close();
    }
  });

  it('broadcast_events refuses private relay addresses unless allowed', async () => {
    const guarded = await startServer({ sqlitePath: ':memory:' });
    const client = new CacheClient({ url: guarded.url, WebSocket: WebSocket as never });
    try {
      const ev = note('not to loopback');
      const [answer] = await client.request('broadcast_events', {
        events: [ev],
        relays: [source.relayUrl, 'ws://169.254.169.254/'],
      });
      const [entry] = JSON.parse(String(answer.content)) as Array<{ responses: string[][] }>;
      for (const [, reply] of entry.responses) expect(reply).toMatch(/^error: private address/);
      expect(await has(source.relayUrl, ev.id)).toBe(false);
    } finally {
      client.disconnect();
      await guarded.close();
    }
  });
});

/** A relay that answers every REQ with the given events (valid or not) and EOSE. */
async function startFakeRelay(events: NostrEvent[]): Promise<{ url: string; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as unknown[];
      if (msg[0] !== 'REQ') return;
      for (const e of events) socket.send(JSON.stringify(['EVENT', msg[1], e]));
      socket.send(JSON.stringify(['EOSE', msg[1]]));
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}
