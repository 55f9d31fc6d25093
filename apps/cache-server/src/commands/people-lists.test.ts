import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { allowlist, getBookmarks, mutelist, mutelists, parameterizedReplaceableList } from './people-lists.ts';
import { searchFilterlist } from './people-moderation.ts';
import { getUserRelays, getUserRelays2 } from './people-relays.ts';
import { userSearch } from './people-search.ts';
import {
  contentOf,
  putEvent,
  putFollow,
  putListItem,
  putProfile,
  putStats,
  sign,
  testContext,
  testUser,
} from './people-test-fixtures.ts';
import { userZapsSent } from './people-zaps.ts';

const alice = testUser(11);
const bob = testUser(12);
const carol = testUser(13);
const spammer = testUser(14);

describeDialects('people list commands', (getStore) => {
  it('sets up lists, relays, profiles and zaps', async () => {
    const store = getStore();
    await putProfile(store, alice, 'alice');
    await putProfile(store, bob, 'bobby');
    await putProfile(store, carol, 'bobcat');
    await putStats(store, bob.pk, { followers_count: 3 });
    await putStats(store, carol.pk, { followers_count: 9 });
    await putEvent(
      store,
      sign(alice, 10000, 'private-cipher', [
        ['p', bob.pk],
        ['t', 'spam'],
      ]),
    );
    await putEvent(
      store,
      sign(alice, 30000, '', [
        ['d', 'mutelists'],
        ['p', carol.pk, '', '', '["content"]'],
      ]),
    );
    await putEvent(
      store,
      sign(alice, 30000, '', [
        ['d', 'allowlist'],
        ['p', bob.pk],
      ]),
    );
    await putListItem(store, alice.pk, 30000, 'allowlist', 'p', bob.pk);
    await putEvent(
      store,
      sign(alice, 30000, '', [
        ['d', 'friends'],
        ['p', carol.pk],
      ]),
    );
    await putEvent(store, sign(alice, 10003, '', [['e', 'a'.repeat(64)]]));
    await store.db
      .insertInto('user_relays')
      .values([
        { pubkey: alice.pk, url: 'wss://b.example', read: 1, write: 1 },
        { pubkey: alice.pk, url: 'wss://a.example', read: 1, write: 0 },
        { pubkey: bob.pk, url: 'wss://c.example', read: 0, write: 1 },
      ])
      .execute();
    await putFollow(store, alice.pk, carol.pk);
  });

  it('mutelist answers the kind 10000 untouched plus user_infos of muted users', async () => {
    const out = await mutelist(testContext(getStore()), { pubkey: alice.pk, extended_response: true });
    expect(out[0]).toMatchObject({ kind: 10000, content: 'private-cipher' });
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([bob.pk]);
    const plain = await mutelist(testContext(getStore()), { pubkey: alice.pk, extended_response: false });
    expect(plain.map((e) => e.kind)).toEqual([10000]);
    expect(await mutelist(testContext(getStore()), { pubkey: carol.pk })).toEqual([]);
  });

  it('mutelists, allowlist and parameterized_replaceable_list pick the 30000 list by d tag', async () => {
    const ctx = testContext(getStore());
    const d = (events: Awaited<ReturnType<typeof mutelists>>) => events[0]?.tags?.[0]?.[1];
    expect(d(await mutelists(ctx, { pubkey: alice.pk }))).toBe('mutelists');
    expect(d(await allowlist(ctx, { pubkey: alice.pk }))).toBe('allowlist');
    expect(d(await parameterizedReplaceableList(ctx, { pubkey: alice.pk, identifier: 'friends' }))).toBe('friends');
    await expect(parameterizedReplaceableList(ctx, { pubkey: alice.pk })).rejects.toThrow('invalid identifier');
  });

  it('get_bookmarks answers the kind 10003', async () => {
    const out = await getBookmarks(testContext(getStore()), { pubkey: alice.pk });
    expect(out.map((e) => e.kind)).toEqual([10003]);
  });

  it('get_user_relays answers r tags with read/write markers, sorted by url', async () => {
    const out = await getUserRelays(testContext(getStore()), { pubkey: alice.pk });
    expect(out).toEqual([
      {
        kind: 10000139,
        pubkey: alice.pk,
        tags: [
          ['r', 'wss://a.example', 'read'],
          ['r', 'wss://b.example'],
        ],
      },
    ]);
    const many = await getUserRelays2(testContext(getStore()), { pubkeys: [bob.pk, carol.pk, alice.pk] });
    expect(many.map((e) => e.pubkey)).toEqual([bob.pk, alice.pk]);
    expect(many[0].tags).toEqual([['r', 'wss://c.example', 'write']]);
  });

  it('search_filterlist reports allow-listed and muted users, nothing otherwise', async () => {
    const ctx = testContext(getStore());
    expect(contentOf(await searchFilterlist(ctx, { pubkey: bob.pk, user_pubkey: alice.pk }), 10000131)).toEqual({
      action: 'allow',
      pubkey: bob.pk,
    });
    expect(await searchFilterlist(ctx, { pubkey: carol.pk, user_pubkey: alice.pk })).toEqual([]);
  });

  it('search_filterlist reports a spam-listed user for a viewer on default moderation', async () => {
    const store = getStore();
    await store.db
      .insertInto('filter_list')
      .values({ target: spammer.pk, target_type: 'pubkey', grp: 'spam', blocked: 1, added_at: 0, comment: '' })
      .execute();
    expect(
      contentOf(await searchFilterlist(testContext(store), { pubkey: spammer.pk, user_pubkey: carol.pk }), 10000131),
    ).toEqual({ action: 'block', group: 'primal_spam' });
  });

  it('user_search matches name prefixes, ranks by followers, caps at limit, scores in 10000108', async () => {
    const ctx = testContext(getStore());
    const out = await userSearch(ctx, { query: 'bob', limit: 10 });
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([carol.pk, bob.pk]);
    expect(contentOf(out, 10000108)).toEqual({ [carol.pk]: 9, [bob.pk]: 3 });
    const one = await userSearch(ctx, { query: 'bob', limit: 1 });
    expect(one.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([carol.pk]);
    expect(await userSearch(ctx, { query: 'zzz' })).toEqual([]);
  });

  it('user_search leaves out impersonation-listed users', async () => {
    const store = getStore();
    const fake = testUser(15);
    await putProfile(store, fake, 'bobfake');
    expect((await userSearch(testContext(store), { query: 'bobf' })).filter((e) => e.kind === 0)).toHaveLength(1);
    await store.db
      .insertInto('filter_list')
      .values({ target: fake.pk, target_type: 'pubkey', grp: 'impersonation', blocked: 1, added_at: 0, comment: '' })
      .execute();
    expect(await userSearch(testContext(store), { query: 'bobf' })).toEqual([]);
  });

  it('user_search with pubkey searches only among that user follows', async () => {
    const out = await userSearch(testContext(getStore()), { query: 'bob', pubkey: alice.pk });
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([carol.pk]);
  });

  it('user_search resolves an npub query to that user', async () => {
    const { npubEncode } = await import('nostr-tools/nip19');
    const out = await userSearch(testContext(getStore()), { query: npubEncode(alice.pk) });
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([alice.pk]);
  });

  it('user_zaps_sent pages zaps newest first with 10000129 objects and a FeedRange', async () => {
    const store = getStore();
    const note = sign(bob, 1, 'zap me');
    await putEvent(store, note);
    for (const [i, amount] of [100, 200, 300].entries()) {
      const receipt = sign(
        carol,
        9735,
        '',
        [
          ['p', bob.pk],
          ['e', note.id],
        ],
        1_799_000_000 + i,
      );
      await putEvent(store, receipt);
      await store.db
        .insertInto('zap_receipts')
        .values({
          receipt_id: receipt.id,
          created_at: receipt.created_at,
          sender: alice.pk,
          receiver: bob.pk,
          amount_sats: amount,
          target_event_id: note.id,
          target_address: '',
          message: '',
        })
        .execute();
    }
    const ctx = testContext(store);
    const page = await userZapsSent(ctx, { sender: alice.pk, limit: 2 });
    const zaps = page.filter((e) => e.kind === 10000129).map((e) => JSON.parse(e.content as string));
    expect(zaps.map((z) => z.amount_sats)).toEqual([300, 200]);
    expect(zaps[0]).toMatchObject({ sender: alice.pk, receiver: bob.pk, event_id: note.id });
    const range = contentOf(page, 10000113) as { since: number; until: number; order_by: string; elements: string[] };
    expect(range).toMatchObject({ since: 1_799_000_001, until: 1_799_000_002, order_by: 'created_at' });
    expect(range.elements).toEqual(zaps.map((z) => z.zap_receipt_id));
    const next = await userZapsSent(ctx, { sender: alice.pk, limit: 2, until: range.since, offset: 1 });
    const older = next.filter((e) => e.kind === 10000129).map((e) => JSON.parse(e.content as string).amount_sats);
    expect(older).toEqual([100]);
  });
});
