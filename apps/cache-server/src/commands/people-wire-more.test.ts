import { CacheClient } from '@tide/core/cache';
import type { CacheEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeDialects } from '../../test/dialects.ts';
import { RawSocket } from '../../test/raw-socket.ts';
import { type RunningServer, startServer } from '../server.ts';
import { sign, signedRequest, testUser } from './people-test-fixtures.ts';

const alice = testUser(101);
const bob = testUser(102);
const carol = testUser(103);

const kinds = (events: CacheEvent[]) => events.map((e) => e.kind);
const contentOf = (events: CacheEvent[], kind: number) =>
  JSON.parse(events.find((e) => e.kind === kind)?.content as string) as unknown;

describeDialects('more people commands on the wire (real ingest)', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  let t = 0;
  const notes: ReturnType<typeof sign>[] = [];

  beforeAll(async () => {
    server = await startServer({ store: getStore() });
    client = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
    t = Math.floor(Date.now() / 1000) - 200;
    const events = [
      sign(alice, 0, JSON.stringify({ name: 'alice' }), [], t),
      sign(bob, 0, JSON.stringify({ name: 'bob' }), [], t),
      sign(carol, 0, JSON.stringify({ name: 'carol' }), [], t),
      sign(bob, 3, '', [['p', alice.pk]], t),
      sign(carol, 3, '', [['p', alice.pk]], t),
      sign(alice, 10002, '', [['r', 'wss://one.example']], t),
      sign(bob, 10002, '', [['r', 'wss://two.example', 'write']], t),
      sign(
        alice,
        30000,
        '',
        [
          ['d', 'mutelists'],
          ['p', carol.pk],
        ],
        t,
      ),
      sign(
        alice,
        30000,
        '',
        [
          ['d', 'friends'],
          ['p', bob.pk],
        ],
        t,
      ),
    ];
    for (let i = 0; i < 3; i++) notes.push(sign(alice, 1, `note ${i}`, [], t + 10 + i));
    // bob likes note 1 and note 2; carol likes note 2: note 2 scores highest.
    const likes = [
      sign(
        bob,
        7,
        '+',
        [
          ['e', notes[1].id],
          ['p', alice.pk],
        ],
        t + 20,
      ),
      sign(
        bob,
        7,
        '+',
        [
          ['e', notes[2].id],
          ['p', alice.pk],
        ],
        t + 21,
      ),
      sign(
        carol,
        7,
        '+',
        [
          ['e', notes[2].id],
          ['p', alice.pk],
        ],
        t + 22,
      ),
    ];
    // three DMs from bob to alice at distinct times
    const dms = [0, 1, 2].map((i) => sign(bob, 4, `c${i}?iv=aXY=`, [['p', alice.pk]], t + 30 + i));
    await client.request('import_events', { events: [...events, ...notes, ...likes, ...dms] });
  });
  afterAll(async () => {
    client?.disconnect();
    await server?.close();
  });

  it('frames: zlib clients get one binary EVENTS frame + text EOSE; plain clients text EVENTs', async () => {
    const raw = await RawSocket.open(server.url);
    raw.send(['REQ', 'plain', { cache: ['user_infos', { pubkeys: [alice.pk, bob.pk] }] }]);
    const plain = await raw.untilEose('plain');
    expect(plain.map((f) => [f.binary, f.message[0]])).toEqual([
      [false, 'EVENT'],
      [false, 'EVENT'],
      [false, 'EVENT'],
      [false, 'EVENT'],
      [false, 'EOSE'],
    ]);
    raw.send(['REQ', 'z', { cache: ['set_primal_protocol', { compression: 'zlib' }] }]);
    await raw.untilEose('z');
    raw.send(['REQ', 'zz', { cache: ['user_infos', { pubkeys: [alice.pk, bob.pk] }] }]);
    const zipped = await raw.untilEose('zz');
    expect(zipped.map((f) => [f.binary, f.message[0]])).toEqual([
      [true, 'EVENTS'],
      [false, 'EOSE'],
    ]);
    raw.send(['REQ', 'bad', { cache: ['get_app_settings', { event_from_user: { kind: 30078 } }] }]);
    expect((await raw.untilEose('bad')).map((f) => f.message)).toEqual([
      ['NOTICE', 'bad', 'event_from_user content must be a string'],
      ['EOSE', 'bad'],
    ]);
    await raw.close();
  });

  it('get_user_relays_2 answers one 10000139 per user with relays', async () => {
    const out = await client.request('get_user_relays_2', { pubkeys: [alice.pk, bob.pk, carol.pk] });
    expect(out.map((e) => [e.kind, e.pubkey, e.tags])).toEqual([
      [10000139, alice.pk, [['r', 'wss://one.example']]],
      [10000139, bob.pk, [['r', 'wss://two.example', 'write']]],
    ]);
  });

  it('mutelists and parameterized_replaceable_list answer the 30000 lists with their users', async () => {
    const lists = await client.request('mutelists', { pubkey: alice.pk, extended_response: true });
    expect(kinds(lists)).toEqual([30000, 0, 10000108, 10000133]);
    const friends = await client.request('parameterized_replaceable_list', {
      pubkey: alice.pk,
      identifier: 'friends',
      extended_response: false,
    });
    expect(kinds(friends)).toEqual([30000]);
  });

  it('user_profile_scored_content answers the top notes by score with stats and a score FeedRange', async () => {
    const out = await client.request('user_profile_scored_content', {
      pubkey: alice.pk,
      limit: 2,
      user_pubkey: bob.pk,
    });
    const range = contentOf(out, 10000113) as { order_by: string; elements: string[] };
    expect(range.order_by).toBe('score');
    expect(range.elements).toEqual([notes[2].id, notes[1].id]);
    const actions = out.filter((e) => e.kind === 10000115).map((e) => JSON.parse(e.content as string));
    expect(actions.every((a) => a.liked === true)).toBe(true);
  });

  it('get_suggested_users groups users with followers', async () => {
    const out = await client.request('get_suggested_users');
    const groups = contentOf(out, 10000134) as Array<{
      group: string;
      members: Array<{ pubkey: string; name: string }>;
    }>;
    expect(groups[0].members[0]).toEqual({ pubkey: alice.pk, name: 'alice' });
  });

  it('report_user answers EOSE only; refuses an unsigned request with a NOTICE', async () => {
    const now = Math.floor(Date.now() / 1000);
    const request = signedRequest(bob, { description: "report user 'carol'" }, now);
    expect(await client.request('report_user', { pubkey: carol.pk, event_from_user: request })).toEqual([]);
    await expect(client.request('report_user', { pubkey: carol.pk })).rejects.toThrow(/event_from_user is required/);
  });

  it('get_directmsgs pages three messages two at a time with until + offset', async () => {
    const first = await client.request('get_directmsgs', { receiver: alice.pk, sender: bob.pk, limit: 2 });
    expect(first.filter((e) => e.kind === 4).map((e) => e.created_at)).toEqual([t + 32, t + 31]);
    const range = contentOf(first, 10000113) as { since: number };
    const next = await client.request('get_directmsgs', {
      receiver: alice.pk,
      sender: bob.pk,
      limit: 2,
      until: range.since,
      offset: 1,
    });
    expect(next.filter((e) => e.kind === 4).map((e) => e.created_at)).toEqual([t + 30]);
  });

  it('get_notifications pages older notifications with until and limit', async () => {
    const now = Math.floor(Date.now() / 1000);
    // Settings stored (defaults apply without them too); then new likes arrive after the setup's notifications.
    await client.request('get_app_settings', { event_from_user: signedRequest(alice, { description: 'Sync' }, now) });
    const fresh = [
      sign(
        bob,
        7,
        '🤙',
        [
          ['e', notes[0].id],
          ['p', alice.pk],
        ],
        now - 3,
      ),
      sign(
        carol,
        7,
        '+',
        [
          ['e', notes[0].id],
          ['p', alice.pk],
        ],
        now - 2,
      ),
      sign(
        carol,
        7,
        '+',
        [
          ['e', notes[1].id],
          ['p', alice.pk],
        ],
        now - 1,
      ),
    ];
    await client.request('import_events', { events: fresh });
    const page = await client.request('get_notifications', { pubkey: alice.pk, limit: 2, type_group: 'all' });
    const firstPage = page.filter((e) => e.kind === 10000110).map((e) => JSON.parse(e.content as string));
    expect(firstPage.map((n) => n.created_at)).toEqual([now - 1, now - 2]);
    const older = await client.request('get_notifications', {
      pubkey: alice.pk,
      limit: 20,
      until: firstPage[1].created_at - 1,
      type_group: 'all',
    });
    const olderPage = older.filter((e) => e.kind === 10000110).map((e) => JSON.parse(e.content as string));
    expect(olderPage.map((n) => [n.type, n.created_at, n.reaction])[0]).toEqual([4, now - 3, '🤙']);
    expect(olderPage.slice(1).every((n) => n.created_at < now - 3)).toBe(true);
  });
});
