import { nprofileEncode, npubEncode } from 'nostr-tools/nip19';
import { expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import {
  contacts,
  ev,
  note,
  reaction,
  reply,
  repost,
  T0,
  testUser,
  zapReceipt,
} from '../../../test/fixtures/events.ts';
import { giveSettings, notificationsOf, unreadOf } from '../../../test/fixtures/store-reads.ts';
import { ingestEvents } from '../ingest-events.ts';

const NOW = T0 + 3600;

describeDialects('notifications', (getStore) => {
  const ingest = (events: Parameters<typeof ingestEvents>[1]) => ingestEvents(getStore(), events, { now: NOW });

  it('produces types 1, 3, 4, 5, 6, 7, 8 with the reference argument keys', async () => {
    const me = testUser('nt-me');
    const bob = testUser('nt-bob');
    await giveSettings(getStore(), me.pubkey);
    const post = note(me, 'my post', [], T0);
    const like = reaction(bob, post, '🔥', T0 + 1);
    const rp = repost(bob, post, T0 + 2);
    const rep = reply(bob, post, 'nice', T0 + 3);
    const mention = note(bob, `hi nostr:${npubEncode(me.pubkey)}`, [], T0 + 4);
    const quote = note(bob, 'quoting', [['q', post.id]], T0 + 5);
    const zap = zapReceipt(testUser('nt-zapper'), bob, { target: post, sats: 21, message: 'gm', at: T0 + 6 });
    await ingest([post, like, rp, rep, mention, quote, zap, contacts(bob, [me], T0 + 7)]);
    const got = await notificationsOf(getStore(), me.pubkey);
    expect(got).toEqual([
      { type: 4, actor: bob.pubkey, args: { your_post: post.id, who_liked_it: bob.pubkey, reaction: '🔥' } },
      { type: 5, actor: bob.pubkey, args: { your_post: post.id, who_reposted_it: bob.pubkey } },
      { type: 6, actor: bob.pubkey, args: { your_post: post.id, who_replied_to_it: bob.pubkey, reply: rep.id } },
      { type: 7, actor: bob.pubkey, args: { you_were_mentioned_in: mention.id, you_were_mentioned_by: bob.pubkey } },
      {
        type: 8,
        actor: bob.pubkey,
        args: { your_post: post.id, your_post_were_mentioned_in: quote.id, your_post_was_mentioned_by: bob.pubkey },
      },
      {
        type: 3,
        actor: bob.pubkey,
        args: { your_post: post.id, who_zapped_it: bob.pubkey, satszapped: 21, message: 'gm' },
      },
      { type: 1, actor: bob.pubkey, args: { follower: bob.pubkey } },
    ]);
    expect(await unreadOf(getStore(), me.pubkey)).toEqual({ 1: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1 });
  });

  it('notifies users without stored app settings with defaults (all on), never about their own actions', async () => {
    const plain = testUser('nt-plain');
    const self = testUser('nt-self');
    await giveSettings(getStore(), self.pubkey);
    const p1 = note(plain, 'no settings');
    const p2 = note(self, 'self');
    await ingest([p1, p2, reaction(testUser('nt-x'), p1), reaction(self, p2), reply(self, p2, 'me again')]);
    expect((await notificationsOf(getStore(), plain.pubkey)).map((n) => n.type)).toEqual([4]);
    expect(await notificationsOf(getStore(), self.pubkey)).toEqual([]);
  });

  it('honours per-type toggles, mutes and "only from users I follow"', async () => {
    const me = testUser('nt-gated');
    const friend = testUser('nt-friend');
    const stranger = testUser('nt-stranger');
    const muted = testUser('nt-muted');
    await giveSettings(getStore(), me.pubkey, {
      notifications: { YOUR_POST_WAS_REPOSTED: false },
      notificationsAdditional: { only_show_reactions_from_users_i_follow: true },
    });
    const post = note(me, 'gated post');
    await ingest([
      post,
      contacts(me, [friend, muted]),
      ev(me, 10000, '', [
        ['p', muted.pubkey],
        ['word', 'spoiler'],
      ]),
    ]);
    await ingest([
      reaction(friend, post, '+', T0 + 1),
      reaction(stranger, post, '+', T0 + 2),
      reaction(muted, post, '+', T0 + 3),
      repost(friend, post, T0 + 4),
      reply(friend, post, 'big SPOILER inside', T0 + 5),
    ]);
    const got = await notificationsOf(getStore(), me.pubkey);
    expect(got.map((n) => [n.type, n.actor])).toEqual([[4, friend.pubkey]]);
  });

  it('drops mention notifications from posts with more than 10 p tags unless the user opts out', async () => {
    const me = testUser('nt-hell');
    const other = testUser('nt-hell-2');
    await giveSettings(getStore(), me.pubkey);
    await giveSettings(getStore(), other.pubkey, {
      notificationsAdditional: { ignore_events_with_too_many_mentions: false },
    });
    const crowd = Array.from({ length: 11 }, (_, i) => ['p', testUser(`crowd-${i}`).pubkey]);
    const hell = note(
      testUser('nt-hell-author'),
      `hey nostr:${nprofileEncode({ pubkey: me.pubkey })} nostr:${npubEncode(other.pubkey)}`,
      crowd,
    );
    await ingest([hell]);
    expect(await notificationsOf(getStore(), me.pubkey)).toEqual([]);
    expect((await notificationsOf(getStore(), other.pubkey)).map((n) => n.type)).toEqual([7]);
  });

  it('delivers notifications whose target arrives after the action', async () => {
    const me = testUser('nt-late');
    await giveSettings(getStore(), me.pubkey);
    const post = note(me, 'arrives late');
    await ingest([reaction(testUser('nt-early'), post, '+', T0 + 9)]);
    expect(await notificationsOf(getStore(), me.pubkey)).toEqual([]);
    await ingest([post]);
    expect((await notificationsOf(getStore(), me.pubkey)).map((n) => n.type)).toEqual([4]);
    const hooks = await getStore().db.selectFrom('event_hooks').selectAll().where('target_id', '=', post.id).execute();
    expect(hooks).toEqual([]);
  });

  it('notifies bookmarks (302) for newly bookmarked events only', async () => {
    const me = testUser('nt-bm');
    const fan = testUser('nt-bm-fan');
    await giveSettings(getStore(), me.pubkey);
    const p1 = note(me, 'one', [], T0);
    const p2 = note(me, 'two', [], T0 + 1);
    await ingest([p1, p2, ev(fan, 10003, '', [['e', p1.id]], T0 + 2)]);
    await ingest([
      ev(
        fan,
        10003,
        '',
        [
          ['e', p1.id],
          ['e', p2.id],
        ],
        T0 + 3,
      ),
    ]);
    const got = await notificationsOf(getStore(), me.pubkey);
    expect(got.map((n) => [n.type, n.args.your_post])).toEqual([
      [302, p1.id],
      [302, p2.id],
    ]);
  });

  it('does not count unread for spam-flagged actors (no notification at all)', async () => {
    const me = testUser('nt-spam-target');
    const spammer = testUser('nt-spammer');
    await giveSettings(getStore(), me.pubkey);
    await getStore()
      .db.insertInto('filter_list')
      .values({ target: spammer.pubkey, target_type: 'pubkey', grp: 'spam', blocked: 1, added_at: 1, comment: '' })
      .execute();
    const post = note(me, 'target');
    await ingest([post, reaction(spammer, post)]);
    expect(await notificationsOf(getStore(), me.pubkey)).toEqual([]);
    expect(await unreadOf(getStore(), me.pubkey)).toEqual({});
  });

  it('notifies users mentioned in, and authors quoted by, a post that gets interactions (101–104, 201–204)', async () => {
    const mentioned = testUser('nt-2nd-mentioned');
    const quotedAuthor = testUser('nt-2nd-quoted');
    const author = testUser('nt-2nd-author');
    const fan = testUser('nt-2nd-fan');
    await giveSettings(getStore(), mentioned.pubkey);
    await giveSettings(getStore(), quotedAuthor.pubkey);
    const original = note(quotedAuthor, 'original', [], T0);
    const post = note(author, `cc nostr:${npubEncode(mentioned.pubkey)}`, [['q', original.id]], T0 + 1);
    await ingest([original, post]);
    const like = reaction(fan, post, '+', T0 + 2);
    const rp = repost(fan, post, T0 + 3);
    const rep = reply(fan, post, 'agreed', T0 + 4);
    await ingest([like, rp, rep]);
    const toMentioned = await notificationsOf(getStore(), mentioned.pubkey);
    expect(toMentioned.filter((n) => n.type > 100)).toEqual([
      { type: 102, actor: fan.pubkey, args: { post_you_were_mentioned_in: post.id, who_liked_it: fan.pubkey } },
      { type: 103, actor: fan.pubkey, args: { post_you_were_mentioned_in: post.id, who_reposted_it: fan.pubkey } },
      {
        type: 104,
        actor: fan.pubkey,
        args: { post_you_were_mentioned_in: post.id, who_replied_to_it: fan.pubkey, reply: rep.id },
      },
    ]);
    const toQuoted = await notificationsOf(getStore(), quotedAuthor.pubkey);
    expect(toQuoted.map((n) => [n.type, n.args])).toEqual([
      [8, { your_post: original.id, your_post_were_mentioned_in: post.id, your_post_was_mentioned_by: author.pubkey }],
      [202, { your_post_were_mentioned_in: post.id, your_post: original.id, who_liked_it: fan.pubkey }],
      [203, { your_post_were_mentioned_in: post.id, your_post: original.id, who_reposted_it: fan.pubkey }],
      [
        204,
        {
          your_post_were_mentioned_in: post.id,
          your_post: original.id,
          who_replied_to_it: fan.pubkey,
          reply: rep.id,
        },
      ],
    ]);
  });

  it('drops a hook whose target never arrives within a week', async () => {
    const ghost = note(testUser('nt-ghost'), 'never delivered');
    await ingest([reaction(testUser('nt-ghost-fan'), ghost, '+', T0 + 11)]);
    const hooks = () => getStore().db.selectFrom('event_hooks').selectAll().where('target_id', '=', ghost.id).execute();
    expect(await hooks()).toHaveLength(1);
    const later = NOW + 8 * 86_400;
    await ingestEvents(getStore(), [note(testUser('nt-ghost-later'), 'tick', [], later)], { now: later });
    expect(await hooks()).toEqual([]);
  });
});
