import { CacheClient, CacheNoticeError } from '@tide/core/cache';
import { CacheKind, generateSecretKey, type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CommandError, type CommandRecord } from '../src/commands/index.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';
import { RawSocket } from './raw-socket.ts';

let counter = 0;
/** Test commands: echo, many results, a CommandError, a crash, and a live counter poked through a topic. */
const testCommands: CommandRecord = {
  test_echo: async (_ctx, payload) => [{ kind: 20000001, content: JSON.stringify(payload) }],
  test_many: async (_ctx, payload) =>
    Array.from({ length: Number(payload.n ?? 3) }, (_, i) => ({ kind: 20000002, content: String(i) })),
  test_fail: async () => {
    throw new CommandError('invalid pubkey');
  },
  test_crash: async () => {
    throw new Error('secret internal detail');
  },
  test_whoami: async (ctx) => [{ kind: 20000003, content: JSON.stringify(ctx.connection.userPubkey) }],
  test_live: async (ctx) => {
    ctx.live({
      topics: ['test-topic'],
      minIntervalMs: 50,
      initial: false,
      produce: async () => [{ kind: 20000004, content: String(counter) }],
    });
    return [{ kind: 20000004, content: 'start' }];
  },
};

describeDialects('cache wire protocol', (getStore) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ store: getStore(), commands: testCommands });
  });
  afterAll(async () => {
    await server.close();
  });

  it('without negotiation sends one text EVENT per result then EOSE', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'a1', { cache: ['test_many', { n: 3 }] }]);
    const frames = await s.untilEose('a1');
    expect(frames.map((f) => [f.binary, f.message[0]])).toEqual([
      [false, 'EVENT'],
      [false, 'EVENT'],
      [false, 'EVENT'],
      [false, 'EOSE'],
    ]);
    expect(frames[0].message[2]).toEqual({ kind: 20000002, content: '0' });
    await s.close();
  });

  it('after set_primal_protocol zlib sends one binary EVENTS frame then a text EOSE', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'p', { cache: ['set_primal_protocol', { compression: 'zlib' }] }]);
    expect((await s.untilEose('p')).map((f) => f.message)).toEqual([['EOSE', 'p']]);
    s.send(['REQ', 'b1', { cache: ['test_many', { n: 4 }] }]);
    const frames = await s.untilEose('b1');
    expect(frames).toHaveLength(2);
    expect(frames[0].binary).toBe(true);
    expect(frames[0].message[0]).toBe('EVENTS');
    expect((frames[0].message[2] as unknown[]).length).toBe(4);
    expect(frames[1]).toEqual({ binary: false, message: ['EOSE', 'b1'] });
    s.send(['REQ', 'b2', { cache: ['test_many', { n: 0 }] }]);
    expect((await s.untilEose('b2')).map((f) => f.message)).toEqual([['EOSE', 'b2']]);
    await s.close();
  });

  it('answers NOTICE + EOSE for unknown commands, CommandErrors and crashes (without leaking details)', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'u', { cache: ['no_such_command', {}] }]);
    expect((await s.untilEose('u')).map((f) => f.message)).toEqual([
      ['NOTICE', 'u', 'unknown api request'],
      ['EOSE', 'u'],
    ]);
    s.send(['REQ', 'f', { cache: ['test_fail'] }]);
    expect((await s.untilEose('f'))[0].message).toEqual(['NOTICE', 'f', 'invalid pubkey']);
    s.send(['REQ', 'c', { cache: ['test_crash'] }]);
    expect((await s.untilEose('c'))[0].message).toEqual(['NOTICE', 'c', 'error']);
    s.send(['REQ', 'w', { cache: ['test_echo', 'not an object'] }]);
    expect((await s.untilEose('w'))[0].message[0]).toBe('NOTICE');
    s.send(['REQ', 'set', { cache: ['set_primal_protocol', { compression: 'brotli' }] }]);
    expect((await s.untilEose('set'))[0].message).toEqual(['NOTICE', 'set', 'unsupported compression']);
    await s.close();
  });

  it('remembers the first user_pubkey of the connection', async () => {
    const s = await RawSocket.open(server.url);
    const first = 'a'.repeat(64);
    s.send(['REQ', 'x1', { cache: ['test_echo', { user_pubkey: first }] }]);
    await s.untilEose('x1');
    s.send(['REQ', 'x2', { cache: ['test_whoami', { user_pubkey: 'b'.repeat(64) }] }]);
    const frames = await s.untilEose('x2');
    expect(frames[0].message[2]).toEqual({ kind: 20000003, content: JSON.stringify(first) });
    await s.close();
  });

  it('works with the core CacheClient (zlib on), and rejects NOTICEs', async () => {
    const client = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
    const events = await client.request('test_many', { n: 5 });
    expect(events.map((e) => e.content)).toEqual(['0', '1', '2', '3', '4']);
    await expect(client.request('no_such_command')).rejects.toBeInstanceOf(CacheNoticeError);
    client.disconnect();
  });

  it('pushes live events on topic pokes until CLOSE (a third CLOSE element is tolerated)', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'live', { cache: ['test_live'] }]);
    await s.untilEose('live');
    counter = 1;
    server.notifier.notify('test-topic');
    await s.waitFor((f) => f.message[0] === 'EVENT' && (f.message[2] as { content: string }).content === '1');
    // same value again: nothing pushed
    server.notifier.notify('test-topic');
    counter = 2;
    await new Promise((r) => setTimeout(r, 120));
    server.notifier.notify('test-topic');
    await s.waitFor((f) => f.message[0] === 'EVENT' && (f.message[2] as { content: string }).content === '2');
    const pushes = s
      .framesOf('live')
      .filter((f) => f.message[0] === 'EVENT')
      .map((f) => f.message[2]);
    expect(pushes.map((e) => (e as { content: string }).content)).toEqual(['start', '1', '2']);
    s.send(['CLOSE', 'live', { cache: ['test_live', { subid: 'live' }] }]);
    await new Promise((r) => setTimeout(r, 50));
    counter = 3;
    server.notifier.notify('test-topic');
    await new Promise((r) => setTimeout(r, 150));
    expect(s.framesOf('live').filter((f) => f.message[0] === 'EVENT')).toHaveLength(3);
    await s.close();
  });

  it('serves CacheClient subscriptions: pushes arrive, CLOSE with a third element stops them', async () => {
    const client = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
    const seen: string[] = [];
    let eose = false;
    const close = client.subscribe('test_live', {}, (e) => seen.push(String(e.content)), {
      closeExtra: (subId) => ({ cache: ['test_live', { subid: subId }] }),
      onEose: () => {
        eose = true;
      },
    });
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(cond()).toBe(true);
    };
    await until(() => eose);
    counter = 10;
    server.notifier.notify('test-topic');
    await until(() => seen.includes('10'));
    close();
    await new Promise((r) => setTimeout(r, 100));
    counter = 11;
    server.notifier.notify('test-topic');
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual(['start', '10']);
    client.disconnect();
  });

  it('answers net_stats with a 10000101 object and keeps the subscription open', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'ns', { cache: ['net_stats'] }]);
    const frames = await s.untilEose('ns');
    const stats = frames[0].message[2] as { kind: number; content: string };
    expect(stats.kind).toBe(CacheKind.NetStats);
    expect(Object.keys(JSON.parse(stats.content))).toEqual([
      'users',
      'pubkeys',
      'pubnotes',
      'reactions',
      'reposts',
      'any',
      'zaps',
      'satszapped',
    ]);
    await s.close();
  });

  it("answers get_default_relays with the product relay alone: this service's own relay endpoint", async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'dr', { cache: ['get_default_relays'] }]);
    const frames = await s.untilEose('dr');
    const ev = frames[0].message[2] as { kind: number; content: string };
    expect(ev.kind).toBe(CacheKind.DefaultRelays);
    expect(JSON.parse(ev.content)).toEqual([server.relayUrl]);
    // and that relay answers as one (a new user's client connects to it read and write)
    const relay = await RawSocket.open(server.relayUrl);
    relay.send(['REQ', 'r', { kinds: [0], limit: 1 }]);
    await relay.untilEose('r');
    await relay.close();
    await s.close();
  });
});

describeDialects('plain NIP-01 filters on /v1', (getStore) => {
  let server: RunningServer;
  const sk = generateSecretKey();
  const t0 = Math.floor(Date.now() / 1000) - 100;
  const events = [0, 1, 2].map((i) => signEvent({ kind: 1, content: `plain ${i}`, tags: [], created_at: t0 + i }, sk));
  beforeAll(async () => {
    server = await startServer({ store: getStore() });
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'imp', { cache: ['import_events', { events }] }]);
    await s.untilEose('imp');
    await s.close();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers {ids} with the raw events and refuses kinds/authors filters', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'ids', { ids: [events[0].id, events[2].id, 'zz'] }]);
    const got = (await s.untilEose('ids')).filter((f) => f.message[0] === 'EVENT').map((f) => f.message[2]);
    expect(got).toHaveLength(2);
    expect(got).toContainEqual(events[0]);
    s.send(['REQ', 'k', { kinds: [1] }]);
    expect((await s.untilEose('k'))[0].message).toEqual(['NOTICE', 'k', 'kinds or authors filter is not supported']);
    await s.close();
  });

  it('answers {since, until, limit} ascending and {idsonly} with one 10000122 object', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'range', { since: t0, until: t0 + 1, limit: 5 }]);
    const got = (await s.untilEose('range'))
      .filter((f) => f.message[0] === 'EVENT')
      .map((f) => f.message[2] as NostrEvent);
    expect(got.map((e) => e.content)).toEqual(['plain 0', 'plain 1']);
    s.send(['REQ', 'io', { since: t0, until: t0 + 2, idsonly: true, limit: 10 }]);
    const io = (await s.untilEose('io'))[0].message[2] as { kind: number; content: string };
    expect(io.kind).toBe(10000122);
    expect(JSON.parse(io.content)).toEqual({ ids: events.map((e) => e.id) });
    await s.close();
  });

  it('keeps a {since} firehose open and pushes newly imported events until CLOSE', async () => {
    const s = await RawSocket.open(server.url);
    s.send(['REQ', 'fire', { since: Math.floor(Date.now() / 1000) + 10 }]);
    await s.untilEose('fire');
    const fresh = signEvent({ kind: 1, content: 'fresh', tags: [], created_at: Math.floor(Date.now() / 1000) }, sk);
    s.send(['REQ', 'imp2', { cache: ['import_events', { events: [fresh] }] }]);
    const pushed = await s.waitFor((f) => f.message[0] === 'EVENT' && f.message[1] === 'fire');
    expect(pushed.message[2]).toEqual(fresh);
    s.send(['CLOSE', 'fire']);
    await new Promise((r) => setTimeout(r, 50));
    const later = signEvent({ kind: 1, content: 'later', tags: [], created_at: Math.floor(Date.now() / 1000) }, sk);
    s.send(['REQ', 'imp3', { cache: ['import_events', { events: [later] }] }]);
    await s.untilEose('imp3');
    await new Promise((r) => setTimeout(r, 100));
    expect(s.framesOf('fire').filter((f) => f.message[0] === 'EVENT')).toHaveLength(1);
    await s.close();
  });
});

describe('malformed frames on /v1', () => {
  it('get a NOTICE and the connection keeps serving', async () => {
    const server = await startServer({ sqlitePath: ':memory:', commands: testCommands });
    const s = await RawSocket.open(server.url);
    const bad = ['not json', '{}', '[]', '[1,2]', '["REQ"]', '["REQ", "", {}]', '["REQ", "s", 5]', '["FOO", "s"]'];
    for (const text of bad) s.send(text);
    const notices = () => s.frames.filter((f) => f.message[0] === 'NOTICE');
    await s.waitFor(() => notices().length >= bad.length);
    expect(s.frames.every((f) => f.message[0] === 'NOTICE' || f.message[0] === 'EOSE')).toBe(true);
    s.send(['REQ', 'ok', { cache: ['test_echo', { a: 1 }] }]);
    const frames = await s.untilEose('ok');
    expect(frames[0].message[2]).toEqual({ kind: 20000001, content: '{"a":1}' });
    await s.close();
    await server.close();
  });
});

describe('net_stats sharing', () => {
  it('reads the counters once per window however many subscribers ask', async () => {
    const { sharedNetStats, NET_STATS_SHARE_MS } = await import('../src/commands/core-net-stats.ts');
    const server = await startServer({ sqlitePath: ':memory:' });
    const first = sharedNetStats(server.store);
    expect(sharedNetStats(server.store)).toBe(first);
    await server.store.write((trx) => trx.insertInto('net_stats').values({ key: 'any', value: 7 }).execute());
    await new Promise((r) => setTimeout(r, NET_STATS_SHARE_MS + 20));
    const fresh = await sharedNetStats(server.store);
    expect(JSON.parse(String(fresh.content)).any).toBe(7);
    await server.close();
  });
});
