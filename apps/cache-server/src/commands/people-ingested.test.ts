import { CacheClient } from '@tide/core/cache';
import { encodeBolt11, makeZapReceipt, zapDescriptionHash } from '@tide/core/lightning';
import type { CacheEvent } from '@tide/core/nostr';
import { finalizeEvent } from 'nostr-tools/pure';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeDialects } from '../../test/dialects.ts';
import { type RunningServer, startServer } from '../server.ts';
import { sign, signedRequest, testUser } from './people-test-fixtures.ts';

const alice = testUser(81);
const bob = testUser(82);
const carol = testUser(83);
const dave = testUser(84);
const zapper = testUser(85);

const content = (events: CacheEvent[], kind: number) =>
  JSON.parse(events.find((e) => e.kind === kind)?.content as string) as Record<string, unknown>;
const pubkeysOfKind0 = (events: CacheEvent[]) => events.filter((e) => e.kind === 0).map((e) => e.pubkey);

describeDialects('people commands over ingested events', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  let bobNote: ReturnType<typeof sign>;
  let receiptId = '';

  beforeAll(async () => {
    server = await startServer({ store: getStore() });
    client = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
    const t = Math.floor(Date.now() / 1000) - 100;
    const profile = (u: typeof alice, name: string) =>
      sign(
        u,
        0,
        JSON.stringify({ name, display_name: name, nip05: `${name}@tide.test`, about: `I am ${name}` }),
        [],
        t,
      );
    bobNote = sign(bob, 1, 'a note worth zapping', [], t + 1);
    const zapRequest = finalizeEvent(
      {
        kind: 9734,
        content: 'Onward',
        created_at: t + 2,
        tags: [
          ['p', bob.pk],
          ['e', bobNote.id],
          ['relays', 'wss://relay.example'],
          ['amount', '21000'],
        ],
      },
      alice.sk,
    );
    const zapRequestJson = JSON.stringify(zapRequest);
    const bolt11 = encodeBolt11({
      network: 'bc',
      amountMsat: 21_000,
      paymentHash: '11'.repeat(32),
      descriptionHash: zapDescriptionHash(zapRequestJson),
      timestamp: t + 2,
      privateKey: '22'.repeat(32),
    });
    const receipt = finalizeEvent(makeZapReceipt({ zapRequestJson, bolt11, paidAt: t + 3 }), zapper.sk);
    receiptId = receipt.id;
    const events = [
      profile(alice, 'alice'),
      profile(bob, 'bob'),
      profile(carol, 'carolina'),
      sign(
        alice,
        3,
        '',
        [
          ['p', bob.pk],
          ['p', carol.pk],
        ],
        t,
      ),
      sign(bob, 3, '', [['p', alice.pk]], t),
      sign(
        carol,
        3,
        '',
        [
          ['p', alice.pk],
          ['p', bob.pk],
        ],
        t,
      ),
      sign(
        alice,
        10002,
        '',
        [
          ['r', 'wss://read.example', 'read'],
          ['r', 'wss://both.example'],
        ],
        t,
      ),
      sign(alice, 10000, '', [['p', dave.pk]], t),
      sign(
        alice,
        30000,
        '',
        [
          ['d', 'allowlist'],
          ['p', bob.pk],
        ],
        t,
      ),
      sign(alice, 10003, '', [['e', bobNote.id]], t + 4),
      bobNote,
      receipt,
    ];
    const results = await client.request('import_events', { events });
    expect(content(results, 10000127)).toMatchObject({ imported: events.length, errors: 0 });
  });
  afterAll(async () => {
    client?.disconnect();
    await server?.close();
  });

  it('user_profile counts follows and followers from ingested contact lists', async () => {
    const out = await client.request('user_profile', { pubkey: alice.pk });
    expect(content(out, 10000105)).toMatchObject({ follows_count: 2, followers_count: 2 });
  });

  it('contact_list, user_followers, is_user_following and user_profile_followed_by follow the graph', async () => {
    const contacts = await client.request('contact_list', { pubkey: alice.pk, extended_response: true });
    expect(pubkeysOfKind0(contacts)).toEqual([bob.pk, carol.pk]);
    const followers = await client.request('user_followers', { pubkey: alice.pk });
    expect(new Set(pubkeysOfKind0(followers))).toEqual(new Set([bob.pk, carol.pk]));
    expect(await client.request('is_user_following', { pubkey: carol.pk, user_pubkey: bob.pk })).toEqual([
      { kind: 10000125, content: 'true' },
    ]);
    const common = await client.request('user_profile_followed_by', { pubkey: bob.pk, user_pubkey: alice.pk });
    expect(pubkeysOfKind0(common)).toEqual([carol.pk]);
  });

  it('get_user_relays reflects the kind 10002 list', async () => {
    const [relays] = await client.request('get_user_relays', { pubkey: alice.pk });
    expect(relays.tags).toEqual([
      ['r', 'wss://both.example'],
      ['r', 'wss://read.example', 'read'],
    ]);
  });

  it('mutelist, allowlist, get_bookmarks and search_filterlist reflect the ingested lists', async () => {
    const mutes = await client.request('mutelist', { pubkey: alice.pk, extended_response: false });
    expect(mutes.map((e) => e.kind)).toEqual([10000]);
    const allow = await client.request('allowlist', { pubkey: alice.pk });
    expect(allow[0].tags).toEqual([
      ['d', 'allowlist'],
      ['p', bob.pk],
    ]);
    const bookmarks = await client.request('get_bookmarks', { pubkey: alice.pk });
    expect(bookmarks.map((e) => e.kind)).toEqual([10003]);
    const muted = await client.request('search_filterlist', { pubkey: dave.pk, user_pubkey: alice.pk });
    expect(content(muted, 10000131)).toEqual({ action: 'block', pubkey: dave.pk });
    const allowed = await client.request('search_filterlist', { pubkey: bob.pk, user_pubkey: alice.pk });
    expect(content(allowed, 10000131)).toEqual({ action: 'allow', pubkey: bob.pk });
  });

  it('user_search finds profiles by name prefix through the ingested search index', async () => {
    const out = await client.request('user_search', { query: 'caro', limit: 10 });
    expect(pubkeysOfKind0(out)).toEqual([carol.pk]);
    expect(content(out, 10000108)).toEqual({ [carol.pk]: 1 });
  });

  it('user_zaps_sent lists the ingested zap receipt with its amount', async () => {
    const out = await client.request('user_zaps_sent', { sender: alice.pk, limit: 20 });
    expect(content(out, 10000129)).toMatchObject({
      sender: alice.pk,
      receiver: bob.pk,
      amount_sats: 21,
      event_id: bobNote.id,
      zap_receipt_id: receiptId,
    });
    expect(content(out, 10000113)).toMatchObject({ order_by: 'created_at', elements: [receiptId] });
  });

  it('set_app_subsettings then get_app_subsettings round-trips the nwc list', async () => {
    const value = { nwcList: [['wallet', 'cipher?iv=x']], nwcActive: ['wallet', 'cipher?iv=x'] };
    const now = Math.floor(Date.now() / 1000);
    await client.request('set_app_subsettings', {
      event_from_user: signedRequest(alice, { subkey: 'user-nwc', settings: value }, now),
    });
    const [got] = await client.request('get_app_subsettings', {
      event_from_user: signedRequest(alice, { subkey: 'user-nwc' }, now),
    });
    expect(got.kind).toBe(10000155);
    expect(JSON.parse(got.content as string)).toEqual(value);
  });
});
