import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import type { Store } from '../store/open-store.ts';
import { getDirectmsgContacts } from './dm-contacts.ts';
import { directmsgCount, resetDirectmsgCount, resetDirectmsgCounts, unreadDmCount } from './dm-counts.ts';
import { getDirectmsgs } from './dm-messages.ts';
import {
  contentOf,
  NOW,
  putEvent,
  putFollow,
  putProfile,
  sign,
  signedRequest,
  testContext,
  testUser,
} from './people-test-fixtures.ts';

const alice = testUser(41);
const bob = testUser(42);
const carol = testUser(43);

/** Stores a kind-4 message and updates the counters as ingest does. */
async function putDm(store: Store, from: typeof alice, to: typeof alice, at: number) {
  const event = sign(from, 4, 'cipher?iv=abc', [['p', to.pk]], at);
  await putEvent(store, event);
  await store.db
    .insertInto('direct_messages')
    .values({ event_id: event.id, sender: from.pk, receiver: to.pk, created_at: at })
    .execute();
  for (const sender of [from.pk, '']) {
    const row = await store.db
      .selectFrom('direct_message_counts')
      .selectAll()
      .where('receiver', '=', to.pk)
      .where('sender', '=', sender)
      .executeTakeFirst();
    if (row) {
      await store.db
        .updateTable('direct_message_counts')
        .set({ cnt: Number(row.cnt) + 1, latest_at: at, latest_event_id: event.id })
        .where('receiver', '=', to.pk)
        .where('sender', '=', sender)
        .execute();
    } else {
      await store.db
        .insertInto('direct_message_counts')
        .values({ receiver: to.pk, sender, cnt: 1, latest_at: at, latest_event_id: event.id })
        .execute();
    }
  }
  return event;
}

type Contacts = Record<string, { cnt: number; latest_at: number; latest_event_id: string }>;

describeDialects('direct message commands', (getStore) => {
  it('sets up conversations', async () => {
    const store = getStore();
    await putProfile(store, alice, 'alice');
    await putProfile(store, bob, 'bob');
    await putProfile(store, carol, 'carol');
    await putFollow(store, alice.pk, bob.pk);
    await putDm(store, bob, alice, NOW - 100);
    await putDm(store, bob, alice, NOW - 90);
    await putDm(store, alice, bob, NOW - 80);
    await putDm(store, carol, alice, NOW - 50);
    await putDm(store, alice, carol, NOW - 40);
  });

  it('get_directmsg_contacts lists peers by latest message with unread counts and a FeedRange of pubkeys', async () => {
    const out = await getDirectmsgContacts(testContext(getStore()), { user_pubkey: alice.pk, relation: 'any' });
    const contacts = contentOf(out, 10000118) as Contacts;
    expect(contacts[bob.pk]).toMatchObject({ cnt: 2, latest_at: NOW - 80 });
    expect(contacts[carol.pk]).toMatchObject({ cnt: 1, latest_at: NOW - 40 });
    const range = contentOf(out, 10000113) as { elements: string[]; order_by: string };
    expect(range).toMatchObject({ order_by: 'latest_at', elements: [carol.pk, bob.pk] });
    expect(out.filter((e) => e.kind === 4)).toHaveLength(2);
    expect(out.filter((e) => e.kind === 0).map((e) => e.pubkey)).toEqual([carol.pk, bob.pk]);
  });

  it('get_directmsg_contacts splits follows from other and refuses unknown relations', async () => {
    const ctx = testContext(getStore());
    const follows = contentOf(
      await getDirectmsgContacts(ctx, { user_pubkey: alice.pk, relation: 'follows' }),
      10000118,
    );
    expect(Object.keys(follows as object)).toEqual([bob.pk]);
    const other = contentOf(await getDirectmsgContacts(ctx, { user_pubkey: alice.pk, relation: 'other' }), 10000118);
    expect(Object.keys(other as object)).toEqual([carol.pk]);
    await expect(getDirectmsgContacts(ctx, { user_pubkey: alice.pk, relation: 'x' })).rejects.toThrow(
      'invalid relation',
    );
  });

  it('get_directmsgs answers both directions newest first and pages with until/offset', async () => {
    const ctx = testContext(getStore());
    const out = await getDirectmsgs(ctx, { receiver: alice.pk, sender: bob.pk, limit: 2 });
    expect(out.filter((e) => e.kind === 4).map((e) => e.created_at)).toEqual([NOW - 80, NOW - 90]);
    const range = contentOf(out, 10000113) as { since: number; until: number };
    expect(range).toMatchObject({ since: NOW - 90, until: NOW - 80 });
    const next = await getDirectmsgs(ctx, { receiver: alice.pk, sender: bob.pk, until: range.since, offset: 1 });
    expect(next.filter((e) => e.kind === 4).map((e) => e.created_at)).toEqual([NOW - 100]);
    // until 0 means "no bound" (clients send 0 for absent)
    const all = await getDirectmsgs(ctx, { receiver: alice.pk, sender: bob.pk, until: 0, since: 0 });
    expect(all.filter((e) => e.kind === 4)).toHaveLength(3);
  });

  it('directmsg_count goes live and produces the top-level cnt', async () => {
    const ctx = testContext(getStore());
    expect(await directmsgCount(ctx, { pubkey: alice.pk })).toEqual([]);
    expect(ctx.lives[0].topics).toEqual([`p:${alice.pk}`]);
    expect(await ctx.lives[0].produce()).toEqual([{ kind: 10000117, cnt: 3 }]);
  });

  it('reset_directmsg_count marks one sender read; reset_directmsg_counts marks all read', async () => {
    const store = getStore();
    const ctx = testContext(store);
    const one = signedRequest(alice, { description: `reset messages from '${bob.pk}'` });
    expect(await resetDirectmsgCount(ctx, { event_from_user: one, sender: bob.pk })).toEqual([]);
    expect(await unreadDmCount(store, alice.pk)).toBe(1);
    expect(ctx.pokes).toEqual([`p:${alice.pk}`]);
    await resetDirectmsgCounts(ctx, { event_from_user: signedRequest(alice, { description: 'mark all read' }) });
    expect(await unreadDmCount(store, alice.pk)).toBe(0);
  });

  it('DM resets refuse stale and wrong-kind signed requests', async () => {
    const ctx = testContext(getStore());
    await expect(resetDirectmsgCounts(ctx, { event_from_user: signedRequest(alice, {}, NOW - 1000) })).rejects.toThrow(
      'event_from_user created_at must be within 5 minutes of now',
    );
    await expect(
      resetDirectmsgCount(ctx, { event_from_user: signedRequest(alice, {}, NOW, 4), sender: bob.pk }),
    ).rejects.toThrow('event_from_user must be kind 30078, got 4');
  });
  it('get_directmsg_contacts drops peers on a spam list the user subscribes to', async () => {
    const store = getStore();
    await store.db
      .insertInto('filter_list')
      .values({ target: carol.pk, target_type: 'pubkey', grp: 'spam', blocked: 1, added_at: 0, comment: '' })
      .execute();
    const out = await getDirectmsgContacts(testContext(store), { user_pubkey: alice.pk, relation: 'any' });
    expect(Object.keys(contentOf(out, 10000118) as object)).toEqual([bob.pk]);
  });
});
