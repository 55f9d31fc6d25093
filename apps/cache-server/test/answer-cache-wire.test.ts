import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CommandRecord } from '../src/commands/index.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';
import { note, T0, testUser } from './fixtures/events.ts';
import { RawSocket } from './raw-socket.ts';

const NOW = T0 + 3600;
let clock = NOW;
const alice = testUser('answer-cache-alice');
const bob = testUser('answer-cache-bob');

/** A controllable stand-in for a cacheable read command (`user_infos`): counts runs, answers as its viewer. */
function gatedCommand() {
  let runs = 0;
  let release: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const commands: CommandRecord = {
    user_infos: async (ctx, payload) => {
      runs += 1;
      await gate;
      const viewer = (payload.user_pubkey as string | undefined) ?? ctx.connection.userPubkey;
      return Array.from({ length: 30 }, (_, i) => ({ kind: 20000010, content: `${viewer} ${runs} ${i}` }));
    },
    test_ping: async () => [],
  };
  return {
    commands,
    runs: () => runs,
    release: () => release(),
    reset: () => {
      runs = 0;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

async function zlibSocket(url: string): Promise<RawSocket> {
  const s = await RawSocket.open(url);
  s.send(['REQ', 'p', { cache: ['set_primal_protocol', { compression: 'zlib' }] }]);
  await s.untilEose('p');
  return s;
}

/** Sends a REQ then a ping on the same socket; once the ping answers, the REQ has reached the answer cache. */
async function requestAndSettle(s: RawSocket, subId: string, payload: Record<string, unknown>): Promise<void> {
  s.send(['REQ', subId, { cache: ['user_infos', payload] }]);
  s.send(['REQ', `${subId}-ping`, { cache: ['test_ping', {}] }]);
  await s.untilEose(`${subId}-ping`);
}

function contentsOf(s: RawSocket, subId: string): string[] {
  return s
    .framesOf(subId)
    .flatMap((f) => (f.message[0] === 'EVENTS' ? (f.message[2] as Array<{ content: string }>) : [f.message[2]]))
    .filter((e): e is { content: string } => typeof e === 'object' && e !== null)
    .map((e) => e.content);
}

describeDialects('answer cache on the wire', (getStore) => {
  const gated = gatedCommand();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      store: getStore(),
      commands: gated.commands,
      now: () => clock,
      limits: { responseCacheMs: 60_000 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('identical concurrent requests run once; each socket gets the answer under its own sub-id, zlib or not', async () => {
    gated.reset();
    server.stats();
    const sockets = [await zlibSocket(server.url), await zlibSocket(server.url), await RawSocket.open(server.url)];
    const subIds = ['home_feed_a', 'thread_"b"', 'plain_c'];
    for (const [i, s] of sockets.entries()) await requestAndSettle(s, subIds[i], { pubkeys: [alice.pubkey] });
    expect(gated.runs()).toBe(1);
    gated.release();
    await Promise.all(sockets.map((s, i) => s.untilEose(subIds[i])));
    expect(sockets[0].framesOf(subIds[0]).map((f) => [f.binary, f.message[0], f.message[1]])).toEqual([
      [true, 'EVENTS', subIds[0]],
      [false, 'EOSE', subIds[0]],
    ]);
    expect(sockets[1].framesOf(subIds[1])[0].message[1]).toBe(subIds[1]);
    expect(sockets[2].framesOf(subIds[2]).filter((f) => f.message[0] === 'EVENT')).toHaveLength(30);
    const expected = contentsOf(sockets[0], subIds[0]);
    expect(expected[0]).toBe('null 1 0');
    for (const [i, s] of sockets.entries()) expect(contentsOf(s, subIds[i])).toEqual(expected);
    // a later identical request is served from the cache
    await requestAndSettle(sockets[2], 'again', { pubkeys: [alice.pubkey] });
    await sockets[2].untilEose('again');
    expect(gated.runs()).toBe(1);
    const stats = server.stats();
    expect(stats.answers).toEqual({ hits: 1, joined: 2, misses: 1 });
    expect(Object.keys(stats.loopDelayMs)).toEqual(['p50', 'p99', 'max']);
    for (const s of sockets) await s.close();
  });

  it("a personalised answer is never served to another viewer (payload's user_pubkey or the remembered user)", async () => {
    gated.reset();
    gated.release();
    const a = await zlibSocket(server.url);
    const b = await zlibSocket(server.url);
    const guest = await zlibSocket(server.url);
    const payload = { pubkeys: [bob.pubkey] };
    await requestAndSettle(a, 'a1', { ...payload, user_pubkey: alice.pubkey });
    await requestAndSettle(b, 'b1', { ...payload, user_pubkey: bob.pubkey });
    await Promise.all([a.untilEose('a1'), b.untilEose('b1')]);
    expect(contentsOf(a, 'a1')[0]).toBe(`${alice.pubkey} 1 0`);
    expect(contentsOf(b, 'b1')[0]).toBe(`${bob.pubkey} 2 0`);
    // both sockets now remember their user: the same payload without user_pubkey is still answered per viewer
    await requestAndSettle(a, 'a2', payload);
    await requestAndSettle(b, 'b2', payload);
    await requestAndSettle(guest, 'g2', payload);
    await Promise.all([a.untilEose('a2'), b.untilEose('b2'), guest.untilEose('g2')]);
    expect(contentsOf(a, 'a2')[0]).toBe(`${alice.pubkey} 3 0`);
    expect(contentsOf(b, 'b2')[0]).toBe(`${bob.pubkey} 4 0`);
    expect(contentsOf(guest, 'g2')[0]).toBe('null 5 0');
    expect(gated.runs()).toBe(5);
    for (const s of [a, b, guest]) await s.close();
  });

  it('a user sees their just-published note at once; answers for others may lag by the cache lifetime', async () => {
    const s = await zlibSocket(server.url);
    const feed = { pubkey: alice.pubkey, notes: 'authored', limit: 20 };
    const asAlice = { ...feed, user_pubkey: alice.pubkey };
    const asBob = { ...feed, user_pubkey: bob.pubkey };
    const notesIn = (subId: string) =>
      s
        .framesOf(subId)
        .flatMap((f) => (f.message[0] === 'EVENTS' ? (f.message[2] as Array<{ kind: number; content: string }>) : []))
        .filter((e) => e.kind === 1)
        .map((e) => e.content);
    const ask = async (subId: string, payload: Record<string, unknown>) => {
      s.send(['REQ', subId, { cache: ['feed', payload] }]);
      await s.untilEose(subId);
      return notesIn(subId);
    };
    expect(await ask('alice1', asAlice)).toEqual([]);
    expect(await ask('bob1', asBob)).toEqual([]);
    const published = note(alice, 'fresh off the press', [], NOW - 5);
    s.send(['REQ', 'imp', { cache: ['import_events', { events: [published] }] }]);
    await s.untilEose('imp');
    // alice's answers were forgotten: she sees her note at once
    expect(await ask('alice2', asAlice)).toEqual(['fresh off the press']);
    // bob's answer of this second is still the cached one (this test's cache lives 60 s; by default at most 1 s)
    expect(await ask('bob2', asBob)).toEqual([]);
    // a new clock second computes bob's answer again
    clock += 1;
    expect(await ask('bob3', asBob)).toEqual(['fresh off the press']);
    await s.close();
  });
});
