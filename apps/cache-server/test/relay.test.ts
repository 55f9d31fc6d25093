import { generateSecretKey, getPublicKey, type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_REQUIRED_DMS } from '../src/relay/relay-endpoint.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';
import { RawSocket } from './raw-socket.ts';

const alice = generateSecretKey();
const bob = generateSecretKey();
const carol = generateSecretKey();
const ALICE = getPublicKey(alice);
const BOB = getPublicKey(bob);
const now = () => Math.floor(Date.now() / 1000);

function sign(sk: Uint8Array, kind: number, content: string, tags: string[][] = [], created_at = now()): NostrEvent {
  return signEvent({ kind, content, tags, created_at }, sk);
}

async function publish(s: RawSocket, event: NostrEvent): Promise<unknown[]> {
  const from = s.frames.length;
  s.send(['EVENT', event]);
  const frame = await s.waitFor((f) => f.message[0] === 'OK' && f.message[1] === event.id, undefined, from);
  return frame.message;
}

async function req(s: RawSocket, subId: string, ...filters: unknown[]): Promise<NostrEvent[]> {
  s.send(['REQ', subId, ...filters]);
  const frames = await s.untilEose(subId);
  return frames.filter((f) => f.message[0] === 'EVENT').map((f) => f.message[2] as NostrEvent);
}

describeDialects('relay endpoint', (getStore) => {
  let server: RunningServer;
  let s: RawSocket;
  beforeAll(async () => {
    server = await startServer({ store: getStore() });
    s = await RawSocket.open(server.relayUrl);
  });
  afterAll(async () => {
    await s.close();
    await server.close();
  });

  it('sends an AUTH challenge on connect', () => {
    expect(s.frames[0].message[0]).toBe('AUTH');
    expect(s.frames[0].message[1]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('stores a valid EVENT (OK true), flags duplicates, rejects bad signatures and future timestamps', async () => {
    const note = sign(alice, 1, 'hello relay #tide', [['t', 'tide']]);
    expect(await publish(s, note)).toEqual(['OK', note.id, true, '']);
    const again = await publish(s, note);
    expect(again[2]).toBe(true);
    expect(String(again[3])).toMatch(/^duplicate:/);
    const tampered = { ...sign(alice, 1, 'original'), content: 'tampered' };
    const bad = await publish(s, tampered);
    expect(bad[2]).toBe(false);
    expect(String(bad[3])).toMatch(/^invalid:/);
    const future = sign(alice, 1, 'from the future', [], now() + 3600);
    const fut = await publish(s, future);
    expect(fut.slice(0, 3)).toEqual(['OK', future.id, false]);
    const stored = await req(s, 'q-bad', { ids: [tampered.id, future.id] });
    expect(stored).toEqual([]);
  });

  it('answers REQ with stored events newest first, honours filters and limit, then EOSE', async () => {
    const t = now() - 100;
    const a1 = sign(alice, 1, 'first', [['p', BOB]], t);
    const a2 = sign(alice, 1, 'second', [], t + 1);
    const b1 = sign(bob, 1, 'bob note', [['e', a1.id]], t + 2);
    for (const e of [a1, a2, b1]) await publish(s, e);
    const byAlice = await req(s, 'r1', { authors: [ALICE], kinds: [1], since: t, until: t + 10 });
    expect(byAlice.map((e) => e.content)).toEqual(['second', 'first']);
    expect(await req(s, 'r2', { authors: [ALICE], since: t, until: t + 10, limit: 1 })).toHaveLength(1);
    expect((await req(s, 'r3', { '#p': [BOB] })).map((e) => e.id)).toEqual([a1.id]);
    expect((await req(s, 'r4', { '#e': [a1.id] })).map((e) => e.id)).toEqual([b1.id]);
    const two = await req(s, 'r5', { ids: [a1.id] }, { ids: [b1.id] });
    expect(two.map((e) => e.id).sort()).toEqual([a1.id, b1.id].sort());
  });

  it('pushes new matching events live after EOSE and stops after CLOSE', async () => {
    const listener = await RawSocket.open(server.relayUrl);
    const stored = await req(listener, 'live', { kinds: [1], authors: [BOB] });
    const mark = listener.frames.length;
    const fresh = sign(bob, 1, 'live note');
    await publish(s, fresh);
    const got = await listener.waitFor((f) => f.message[0] === 'EVENT' && f.message[1] === 'live', undefined, mark);
    expect((got.message[2] as NostrEvent).id).toBe(fresh.id);
    await publish(s, sign(alice, 1, 'not matching'));
    listener.send(['CLOSE', 'live']);
    await new Promise((r) => setTimeout(r, 50));
    await publish(s, sign(bob, 1, 'after close'));
    await new Promise((r) => setTimeout(r, 100));
    expect(listener.framesOf('live').filter((f) => f.message[0] === 'EVENT')).toHaveLength(stored.length + 1);
    await listener.close();
  });

  it('keeps only the newest replaceable and addressable events', async () => {
    const t = now() - 50;
    const old = sign(alice, 0, JSON.stringify({ name: 'old' }), [], t);
    const fresh = sign(alice, 0, JSON.stringify({ name: 'new' }), [], t + 1);
    await publish(s, fresh);
    await publish(s, old);
    expect((await req(s, 'm', { kinds: [0], authors: [ALICE] })).map((e) => e.id)).toEqual([fresh.id]);
    const art1 = sign(alice, 30023, 'v1', [['d', 'post']], t);
    const art2 = sign(alice, 30023, 'v2', [['d', 'post']], t + 1);
    await publish(s, art1);
    await publish(s, art2);
    expect((await req(s, 'a', { kinds: [30023], '#d': ['post'] })).map((e) => e.content)).toEqual(['v2']);
  });

  it('deletes events on a NIP-09 deletion by the author only', async () => {
    const victim = sign(alice, 1, 'delete me');
    await publish(s, victim);
    const forged = sign(bob, 5, '', [['e', victim.id]]);
    await publish(s, forged);
    expect(await req(s, 'd1', { ids: [victim.id] })).toHaveLength(1);
    await publish(s, sign(alice, 5, '', [['e', victim.id]]));
    expect(await req(s, 'd2', { ids: [victim.id] })).toHaveLength(0);
  });

  it('broadcasts ephemeral events live without storing them', async () => {
    const listener = await RawSocket.open(server.relayUrl);
    await req(listener, 'eph', { kinds: [20001] });
    const eph = sign(alice, 20001, 'ephemeral');
    expect((await publish(s, eph))[2]).toBe(true);
    await listener.waitFor((f) => f.message[1] === 'eph' && f.message[0] === 'EVENT');
    expect(await req(s, 'eph2', { ids: [eph.id] })).toHaveLength(0);
    await listener.close();
  });

  it('counts with COUNT (NIP-45)', async () => {
    const t = now() - 30;
    const tag = `count${Math.random().toString(36).slice(2)}`;
    for (let i = 0; i < 3; i++) await publish(s, sign(carol, 1, `counted ${i}`, [['t', tag]], t + i));
    s.send(['COUNT', 'c1', { '#t': [tag] }]);
    const frame = await s.waitFor((f) => f.message[0] === 'COUNT' && f.message[1] === 'c1');
    expect(frame.message[2]).toEqual({ count: 3 });
  });

  it('searches with NIP-50', async () => {
    await publish(s, sign(carol, 1, 'the quick brown fox jumps'));
    const found = await req(s, 'srch', { kinds: [1], search: 'brown fox' });
    expect(found.map((e) => e.content)).toContain('the quick brown fox jumps');
    expect(await req(s, 'srch2', { kinds: [1], search: 'zebra-unicorn-nothing' })).toEqual([]);
  });

  it('needs AUTH before serving kind-4 DMs, then serves them only to their parties', async () => {
    const dm = sign(alice, 4, 'secret?iv=abc', [['p', BOB]]);
    await publish(s, dm);
    const stranger = await RawSocket.open(server.relayUrl);
    stranger.send(['REQ', 'dm', { kinds: [4] }]);
    const closed = await stranger.waitFor((f) => f.message[0] === 'CLOSED');
    expect(closed.message).toEqual(['CLOSED', 'dm', AUTH_REQUIRED_DMS]);
    // a filter without kinds never leaks the DM either
    expect((await req(stranger, 'all', { authors: [ALICE] })).some((e) => e.kind === 4)).toBe(false);
    const challenge = stranger.frames[0].message[1] as string;
    const badAuth = sign(carol, 22242, '', [
      ['relay', server.relayUrl],
      ['challenge', 'wrong'],
    ]);
    stranger.send(['AUTH', badAuth]);
    const badOk = await stranger.waitFor((f) => f.message[0] === 'OK' && f.message[1] === badAuth.id);
    expect(badOk.message[2]).toBe(false);
    const carolAuth = sign(carol, 22242, '', [
      ['relay', server.relayUrl],
      ['challenge', challenge],
    ]);
    stranger.send(['AUTH', carolAuth]);
    expect((await stranger.waitFor((f) => f.message[1] === carolAuth.id)).message[2]).toBe(true);
    expect(await req(stranger, 'dm2', { kinds: [4] })).toEqual([]);
    await stranger.close();

    const receiver = await RawSocket.open(server.relayUrl);
    const rc = receiver.frames[0].message[1] as string;
    const bobAuth = sign(bob, 22242, '', [
      ['relay', server.relayUrl],
      ['challenge', rc],
    ]);
    receiver.send(['AUTH', bobAuth]);
    await receiver.waitFor((f) => f.message[1] === bobAuth.id);
    expect((await req(receiver, 'dm3', { kinds: [4], '#p': [BOB] })).map((e) => e.id)).toEqual([dm.id]);
    await receiver.close();
  });

  it('stores kind-1059 gift wraps and serves them only to their p-tagged recipient after AUTH', async () => {
    const wrapKey = generateSecretKey();
    const wrap = sign(wrapKey, 1059, 'sealed-payload', [['p', BOB]], now() - 86_400);
    expect((await publish(s, wrap)).slice(2, 3)).toEqual([true]);
    const auth = async (sk: Uint8Array): Promise<RawSocket> => {
      const socket = await RawSocket.open(server.relayUrl);
      const challenge = socket.frames[0].message[1] as string;
      const ev = sign(sk, 22242, '', [
        ['relay', server.relayUrl],
        ['challenge', challenge],
      ]);
      socket.send(['AUTH', ev]);
      await socket.waitFor((f) => f.message[0] === 'OK' && f.message[1] === ev.id);
      return socket;
    };
    const guest = await RawSocket.open(server.relayUrl);
    guest.send(['REQ', 'gw', { kinds: [1059], '#p': [BOB] }]);
    expect((await guest.waitFor((f) => f.message[0] === 'CLOSED')).message).toEqual([
      'CLOSED',
      'gw',
      AUTH_REQUIRED_DMS,
    ]);
    // a filter without kinds never leaks it, not even by its (throwaway) author
    expect((await req(guest, 'ids', { ids: [wrap.id] })).length).toBe(0);
    await guest.close();
    // its author key (a throwaway) and another user get nothing after AUTH
    for (const sk of [wrapKey, alice]) {
      const other = await auth(sk);
      expect(await req(other, 'gw', { kinds: [1059] })).toEqual([]);
      other.send(['COUNT', 'gc', { kinds: [1059], '#p': [BOB] }]);
      expect((await other.waitFor((f) => f.message[0] === 'COUNT')).message[2]).toEqual({ count: 0 });
      await other.close();
    }
    const receiver = await auth(bob);
    expect((await req(receiver, 'gw', { kinds: [1059], '#p': [BOB] })).map((e) => e.id)).toEqual([wrap.id]);
    receiver.send(['COUNT', 'gc', { kinds: [1059], '#p': [BOB] }]);
    expect((await receiver.waitFor((f) => f.message[0] === 'COUNT')).message[2]).toEqual({ count: 1 });
    // live: a new gift wrap reaches the open subscription of its recipient only
    receiver.send(['REQ', 'live', { kinds: [1059], '#p': [BOB] }]);
    await receiver.untilEose('live');
    const from = receiver.frames.length;
    const next = sign(generateSecretKey(), 1059, 'sealed-2', [['p', BOB]]);
    await publish(s, next);
    const got = await receiver.waitFor((f) => f.message[0] === 'EVENT' && f.message[1] === 'live', undefined, from);
    expect((got.message[2] as NostrEvent).id).toBe(next.id);
    await receiver.close();
  });

  it('answers malformed messages with NOTICE / CLOSED / OK false and keeps serving', async () => {
    const from = s.frames.length;
    s.send('nope');
    s.send(['REQ', 'x', { kinds: 'one' }]);
    s.send(['REQ', 'y', ...Array.from({ length: 30 }, () => ({ kinds: [1] }))]);
    s.send(['EVENT', { id: 'zz' }]);
    s.send(['WHAT']);
    await s.waitFor(() => s.frames.length >= from + 5);
    const types = s.frames.slice(from).map((f) => f.message[0]);
    expect(types).toEqual(['NOTICE', 'CLOSED', 'CLOSED', 'OK', 'NOTICE']);
    expect(s.frames[from + 3].message.slice(0, 3)).toEqual(['OK', 'zz', false]);
    expect(await req(s, 'still', { kinds: [1], limit: 1 })).toHaveLength(1);
  });
});

it('enforces the subscription limit with CLOSED', async () => {
  const server = await startServer({ sqlitePath: ':memory:', limits: { maxSubscriptions: 2 } });
  const s = await RawSocket.open(server.relayUrl);
  for (const id of ['a', 'b', 'c']) s.send(['REQ', id, { kinds: [1] }]);
  const closed = await s.waitFor((f) => f.message[0] === 'CLOSED');
  expect(closed.message).toEqual(['CLOSED', 'c', 'error: too many subscriptions (max 2)']);
  await s.close();
  await server.close();
});
