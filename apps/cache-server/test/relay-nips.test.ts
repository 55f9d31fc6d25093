import { generateSecretKey, getPublicKey, type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';
import { RawSocket } from './raw-socket.ts';

/*
 * Relay behaviours the main relay test does not show: NIP-09 deletion by address (`a` tag) and of deleted events
 * sent again, NIP-40 expiration on the way in and on the way out, and the NIP-01 replaceable tie rule (same
 * created_at: the lowest id stays). The server runs on an injected clock.
 */

const alice = generateSecretKey();
const mallory = generateSecretKey();
const ALICE = getPublicKey(alice);
const T0 = 1_800_000_000;

function sign(sk: Uint8Array, kind: number, content: string, tags: string[][], at: number): NostrEvent {
  return signEvent({ kind, content, tags, created_at: at }, sk);
}

async function publish(s: RawSocket, event: NostrEvent): Promise<[boolean, string]> {
  const from = s.frames.length;
  s.send(['EVENT', event]);
  const frame = await s.waitFor((f) => f.message[0] === 'OK' && f.message[1] === event.id, undefined, from);
  return [frame.message[2] as boolean, String(frame.message[3] ?? '')];
}

async function ids(s: RawSocket, subId: string, filter: Record<string, unknown>): Promise<string[]> {
  s.send(['REQ', subId, filter]);
  const frames = await s.untilEose(subId);
  return frames.filter((f) => f.message[0] === 'EVENT').map((f) => (f.message[2] as NostrEvent).id);
}

describeDialects('relay NIP-09 by address, NIP-40, replaceable ties', (getStore) => {
  let server: RunningServer;
  let s: RawSocket;
  let clock = T0;
  beforeAll(async () => {
    server = await startServer({ store: getStore(), now: () => clock });
    s = await RawSocket.open(server.relayUrl);
  });
  afterAll(async () => {
    await s.close();
    await server.close();
  });

  it('NIP-09: an `a` deletion by the author removes the addressable event; by someone else it does not', async () => {
    const article = sign(alice, 30023, 'v1', [['d', 'gone']], T0 - 100);
    const kept = sign(alice, 30023, 'keep', [['d', 'kept']], T0 - 100);
    expect((await publish(s, article))[0]).toBe(true);
    expect((await publish(s, kept))[0]).toBe(true);
    const forged = sign(mallory, 5, '', [['a', `30023:${ALICE}:kept`]], T0 - 50);
    await publish(s, forged);
    const deletion = sign(alice, 5, 'Deleted by the author', [['a', `30023:${ALICE}:gone`]], T0 - 50);
    expect((await publish(s, deletion))[0]).toBe(true);
    expect(await ids(s, 'a1', { kinds: [30023], authors: [ALICE] })).toEqual([kept.id]);
    expect(await ids(s, 'a2', { kinds: [5], authors: [ALICE] })).toEqual([deletion.id]);
  });

  it('NIP-09: a deleted event sent again is refused and stays unserved', async () => {
    const note = sign(alice, 1, 'regret', [], T0 - 40);
    expect((await publish(s, note))[0]).toBe(true);
    expect((await publish(s, sign(alice, 5, '', [['e', note.id]], T0 - 30)))[0]).toBe(true);
    const [ok, reason] = await publish(s, note);
    expect(ok).toBe(false);
    expect(reason).toMatch(/delet/);
    expect(await ids(s, 'd1', { ids: [note.id] })).toEqual([]);
  });

  it('NIP-40: an expired event is refused; one that expires later is served until then, and not after', async () => {
    const expired = sign(alice, 1, 'too late', [['expiration', String(T0 - 1)]], T0 - 20);
    expect(await publish(s, expired)).toEqual([false, 'invalid: event is expired']);
    const later = sign(alice, 1, 'for a minute', [['expiration', String(T0 + 60)]], T0 - 10);
    expect((await publish(s, later))[0]).toBe(true);
    expect(await ids(s, 'x1', { ids: [later.id] })).toEqual([later.id]);
    clock = T0 + 61;
    expect(await ids(s, 'x2', { ids: [later.id] })).toEqual([]);
    s.send(['COUNT', 'x3', { ids: [later.id, expired.id] }]);
    const count = await s.waitFor((f) => f.message[0] === 'COUNT' && f.message[1] === 'x3');
    expect(count.message[2]).toEqual({ count: 0 });
    clock = T0;
  });

  it('NIP-01: of two replaceable events with the same created_at, the one with the lowest id stays', async () => {
    const at = T0 - 5;
    const a = sign(alice, 10002, '', [['r', 'wss://a.example.com']], at);
    const b = sign(alice, 10002, '', [['r', 'wss://b.example.com']], at);
    const [low, high] = a.id < b.id ? [a, b] : [b, a];
    await publish(s, high);
    await publish(s, low);
    await publish(s, high);
    expect(await ids(s, 'r1', { kinds: [10002], authors: [ALICE] })).toEqual([low.id]);
  });

  it('NIP-45 with NIP-42: COUNT never counts kind-4 DMs the connection may not read', async () => {
    const bobKey = generateSecretKey();
    const dm = sign(alice, 4, 'secret?iv=abc', [['p', getPublicKey(bobKey)]], T0 - 3);
    expect((await publish(s, dm))[0]).toBe(true);
    const count = async (socket: RawSocket, subId: string) => {
      socket.send(['COUNT', subId, { authors: [ALICE], since: T0 - 3, until: T0 - 3 }]);
      const frame = await socket.waitFor((f) => f.message[0] === 'COUNT' && f.message[1] === subId);
      return frame.message[2];
    };
    expect(await count(s, 'c1')).toEqual({ count: 0 });
    const bob = await RawSocket.open(server.relayUrl);
    const challenge = bob.frames[0].message[1] as string;
    const auth = sign(
      bobKey,
      22242,
      '',
      [
        ['relay', server.relayUrl],
        ['challenge', challenge],
      ],
      T0,
    );
    bob.send(['AUTH', auth]);
    await bob.waitFor((f) => f.message[0] === 'OK' && f.message[1] === auth.id);
    expect(await count(bob, 'c2')).toEqual({ count: 1 });
    await bob.close();
  });
});
