import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { notificationCounts } from './notifications-counts.ts';
import { getNotifications } from './notifications-list.ts';
import { getNotificationsSeen, setNotificationsSeen } from './notifications-seen.ts';
import {
  NOW,
  putEvent,
  putListItem,
  putProfile,
  sign,
  signedRequest,
  testContext,
  testUser,
} from './people-test-fixtures.ts';

const alice = testUser(31);
const bob = testUser(32);
const carol = testUser(33);

type Parsed = Record<string, unknown> & { id: string; type: number; created_at: number };

function parsed(events: Awaited<ReturnType<typeof getNotifications>>): Parsed[] {
  return events.filter((e) => e.kind === 10000110).map((e) => JSON.parse(e.content as string) as Parsed);
}

describeDialects('notification commands', (getStore) => {
  let post: ReturnType<typeof sign>;
  let reply: ReturnType<typeof sign>;

  it('sets up notifications for alice', async () => {
    const store = getStore();
    await putProfile(store, alice, 'alice');
    await putProfile(store, bob, 'bob');
    post = sign(alice, 1, 'hello');
    reply = sign(
      bob,
      1,
      'hi alice',
      [
        ['e', post.id, '', 'root'],
        ['p', alice.pk],
      ],
      NOW - 10,
    );
    await putEvent(store, post);
    await putEvent(store, reply);
    const rows = [
      { type: 1, created_at: NOW - 50, actor: bob.pk, args: { follower: bob.pk } },
      {
        type: 4,
        created_at: NOW - 40,
        actor: bob.pk,
        args: { your_post: post.id, who_liked_it: bob.pk, reaction: '+' },
      },
      {
        type: 3,
        created_at: NOW - 30,
        actor: carol.pk,
        args: { your_post: post.id, who_zapped_it: carol.pk, satszapped: 21 },
      },
      {
        type: 6,
        created_at: NOW - 10,
        actor: bob.pk,
        args: { your_post: post.id, who_replied_to_it: bob.pk, reply: reply.id },
      },
      { type: 2, created_at: NOW - 5, actor: carol.pk, args: { follower: carol.pk } },
    ];
    for (const [i, row] of rows.entries()) {
      await store.db
        .insertInto('notifications')
        .values({
          pubkey: alice.pk,
          created_at: row.created_at,
          type: row.type,
          actor_pubkey: row.actor,
          target_event_id: post.id,
          source_event_id: String(i),
          args: JSON.stringify(row.args),
        })
        .execute();
    }
    await store.db
      .insertInto('notification_counts')
      .values([
        { pubkey: alice.pk, type: 4, cnt: 1 },
        { pubkey: alice.pk, type: 6, cnt: 2 },
      ])
      .execute();
  });

  it('get_notifications answers 10000110 objects newest first with sorted keys and a sha256 id', async () => {
    const out = await getNotifications(testContext(getStore()), { pubkey: alice.pk, limit: 100 });
    const list = parsed(out);
    // type 2 (unfollow) is listed: carol does not follow alice (any more).
    expect(list.map((n) => n.type)).toEqual([2, 6, 3, 4, 1]);
    const reply6 = list[1];
    expect(Object.keys(reply6)).toEqual([
      'id',
      'created_at',
      'pubkey',
      'reply',
      'type',
      'who_replied_to_it',
      'your_post',
    ]);
    const { id, ...rest } = reply6;
    const sorted = JSON.stringify(Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))));
    expect(id).toBe(createHash('sha256').update(sorted).digest('hex'));
    expect(list[2].satszapped).toBe(21);
  });

  it('get_notifications adds user stats per involved user, the referenced events and profiles', async () => {
    const out = await getNotifications(testContext(getStore()), { pubkey: alice.pk, limit: 100 });
    const stats = out.filter((e) => e.kind === 10000105).map((e) => JSON.parse(e.content as string).pubkey);
    expect(new Set(stats)).toEqual(new Set([bob.pk, carol.pk]));
    const ids = out.filter((e) => e.kind === 1).map((e) => e.id);
    expect(new Set(ids)).toEqual(new Set([post.id, reply.id]));
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual(expect.arrayContaining([alice.pk, bob.pk]));
  });

  it('get_notifications filters by type_group, pages with until + limit, and refuses unknown groups', async () => {
    const ctx = testContext(getStore());
    expect(parsed(await getNotifications(ctx, { pubkey: alice.pk, type_group: 'zaps' })).map((n) => n.type)).toEqual([
      3,
    ]);
    expect(parsed(await getNotifications(ctx, { pubkey: alice.pk, type_group: 'replies' })).map((n) => n.type)).toEqual(
      [6],
    );
    const older = parsed(await getNotifications(ctx, { pubkey: alice.pk, until: NOW - 30, limit: 1 }));
    expect(older.map((n) => n.type)).toEqual([3]);
    const newer = parsed(await getNotifications(ctx, { pubkey: alice.pk, since: NOW - 10 }));
    expect(newer.map((n) => n.type)).toEqual([2, 6]);
    await expect(getNotifications(ctx, { pubkey: alice.pk, type_group: 'nope' })).rejects.toThrow('invalid type_group');
  });

  it('get_notifications lists types 301-303, 501 and 601 only to a client that asks for extended_types', async () => {
    const store = getStore();
    const dave = testUser(34);
    const rows: Array<[number, Record<string, unknown>]> = [
      [4, { your_post: post.id, who_liked_it: bob.pk, reaction: '+' }],
      [201, { post_your_post_was_mentioned_in: reply.id, your_post: post.id, who_zapped_it: bob.pk, satszapped: 5 }],
      [301, { your_post: post.id, who_highlighted_it: bob.pk, highlight: reply.id }],
      [302, { your_post: post.id, who_bookmarked_it: bob.pk }],
      [303, { your_post: post.id, who_reacted: bob.pk, reaction: '🔥' }],
      [501, { live_event_id: reply.id, host: bob.pk, coordinate: `30311:${bob.pk}:live` }],
      [601, { your_post: post.id, who_replied_to_it: bob.pk, reply: reply.id }],
    ];
    for (const [i, [type, args]] of rows.entries()) {
      await store.db
        .insertInto('notifications')
        .values({
          pubkey: dave.pk,
          created_at: NOW - 100 + i,
          type,
          actor_pubkey: bob.pk,
          target_event_id: post.id,
          source_event_id: `x${i}`,
          args: JSON.stringify(args),
        })
        .execute();
    }
    const ctx = testContext(store);
    const classic = parsed(await getNotifications(ctx, { pubkey: dave.pk, limit: 100, type_group: 'all' }));
    expect(classic.map((n) => n.type)).toEqual([201, 4]);
    const replies = parsed(await getNotifications(ctx, { pubkey: dave.pk, type_group: 'replies' }));
    expect(replies).toEqual([]);
    const extended = parsed(
      await getNotifications(ctx, { pubkey: dave.pk, limit: 100, type_group: 'all', extended_types: true }),
    );
    expect(extended.map((n) => n.type)).toEqual([601, 501, 303, 302, 301, 201, 4]);
    const deep = parsed(await getNotifications(ctx, { pubkey: dave.pk, type_group: 'replies', extended_types: true }));
    expect(deep.map((n) => n.type)).toEqual([601]);
    // Tide's Reactions tab: likes and reactions (303 only with extended_types).
    const reactions = parsed(await getNotifications(ctx, { pubkey: dave.pk, type_group: 'reactions' }));
    expect(reactions.map((n) => n.type)).toEqual([4]);
    const allReactions = parsed(
      await getNotifications(ctx, { pubkey: dave.pk, type_group: 'reactions', extended_types: true }),
    );
    expect(allReactions.map((n) => n.type)).toEqual([303, 4]);
  });

  it('get_notifications hides notifications involving users the viewer muted', async () => {
    const store = getStore();
    await putListItem(store, alice.pk, 10000, '', 'p', carol.pk);
    const list = parsed(await getNotifications(testContext(store), { pubkey: alice.pk }));
    expect(list.map((n) => n.type)).toEqual([6, 4, 1]);
  });

  it('set_notifications_seen stores created_at as seen-until, zeroes counters and pokes live counts', async () => {
    const store = getStore();
    const ctx = testContext(store);
    expect(await getNotificationsSeen(ctx, { pubkey: alice.pk })).toEqual([]);
    const request = signedRequest(alice, { description: 'update notifications last seen timestamp' }, NOW - 60);
    expect(await setNotificationsSeen(ctx, { event_from_user: request })).toEqual([]);
    expect(await getNotificationsSeen(ctx, { pubkey: alice.pk })).toEqual([
      { kind: 10000111, content: String(NOW - 60) },
    ]);
    expect(ctx.pokes).toEqual([`p:${alice.pk}`]);
    const counts = await store.db
      .selectFrom('notification_counts')
      .select('cnt')
      .where('pubkey', '=', alice.pk)
      .execute();
    expect(counts.every((c) => Number(c.cnt) === 0)).toBe(true);
  });

  it('set_notifications_seen refuses a bad signature', async () => {
    const ctx = testContext(getStore());
    const request = signedRequest(bob, {});
    const other = signedRequest(bob, { x: 1 });
    await expect(setNotificationsSeen(ctx, { event_from_user: { ...request, sig: other.sig } })).rejects.toThrow(
      'event_from_user signature is invalid',
    );
  });

  it('notification_counts goes live on the user topic and produces one key per type', async () => {
    const store = getStore();
    await store.db
      .insertInto('notification_counts')
      .values([
        { pubkey: bob.pk, type: 3, cnt: 5 },
        { pubkey: bob.pk, type: 301, cnt: 2 },
        { pubkey: bob.pk, type: 401, cnt: 9 },
      ])
      .execute();
    const ctx = testContext(store);
    expect(await notificationCounts(ctx, { pubkey: bob.pk, extended_types: true })).toEqual([]);
    expect(ctx.lives).toHaveLength(1);
    expect(ctx.lives[0]).toMatchObject({ topics: [`p:${bob.pk}`], minIntervalMs: 1000, onlyOnChange: true });
    const [event] = await ctx.lives[0].produce();
    expect(event).toMatchObject({ kind: 10000112, pubkey: bob.pk, '1': 0, '3': 5, '4': 0, '301': 2, '303': 0 });
    expect(event).not.toHaveProperty('401');
    // a client that did not ask for the newer types sums only the counts of what it lists (its badge)
    await notificationCounts(ctx, { pubkey: bob.pk });
    const [classic] = await ctx.lives[1].produce();
    expect(classic).toMatchObject({ kind: 10000112, '3': 5, '201': 0 });
    expect(Object.keys(classic).filter((k) => Number(k) >= 300)).toEqual([]);
  });
  it('get_notifications hides spam-listed actors unless the viewer allow-listed them', async () => {
    const store = getStore();
    const spammer = testUser(34);
    await store.db
      .insertInto('filter_list')
      .values({ target: spammer.pk, target_type: 'pubkey', grp: 'spam', blocked: 1, added_at: 0, comment: '' })
      .execute();
    await store.db
      .insertInto('notifications')
      .values({
        pubkey: alice.pk,
        created_at: NOW - 1,
        type: 5,
        actor_pubkey: spammer.pk,
        target_event_id: post.id,
        source_event_id: 'spam',
        args: JSON.stringify({ your_post: post.id, who_reposted_it: spammer.pk }),
      })
      .execute();
    const ctx = testContext(store);
    expect(parsed(await getNotifications(ctx, { pubkey: alice.pk })).map((n) => n.type)).not.toContain(5);
    await putListItem(store, alice.pk, 30000, 'allowlist', 'p', spammer.pk);
    expect(parsed(await getNotifications(ctx, { pubkey: alice.pk })).map((n) => n.type)).toContain(5);
  });
});
