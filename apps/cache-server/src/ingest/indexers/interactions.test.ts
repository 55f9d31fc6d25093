import { expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { ev, note, reaction, reply, repost, T0, testUser } from '../../../test/fixtures/events.ts';
import { actionsOf, statsOf } from '../../../test/fixtures/store-reads.ts';
import { ingestEvents } from '../ingest-events.ts';
import { expireScores, scoreIncrement } from './scoring.ts';

const NOW = T0 + 3600;

describeDialects('interaction indexers', (getStore) => {
  const ingest = (events: Parameters<typeof ingestEvents>[1], now = NOW) => ingestEvents(getStore(), events, { now });

  it('counts likes by NIP-25 content: +, empty, 🤙, ❤️ yes; - and other emoji no', async () => {
    const author = testUser('likes-author');
    const post = note(author, 'like me');
    const likers = ['+', '', '🤙', '❤️', '-', '🔥'].map((c, i) => reaction(testUser(`liker-${i}`), post, c));
    await ingest([post, ...likers]);
    const s = await statsOf(getStore(), post.id);
    expect(s.likes).toBe(4);
    expect((await actionsOf(getStore(), post.id, testUser('liker-0').pubkey)).liked).toBe(1);
    expect((await actionsOf(getStore(), post.id, testUser('liker-4').pubkey)).liked).toBe(0);
    const refs = await getStore()
      .db.selectFrom('event_pubkey_action_refs')
      .select('ref_event_id')
      .where('event_id', '=', post.id)
      .execute();
    expect(refs).toHaveLength(6);
  });

  it('counts a like on every e tag of the reaction', async () => {
    const author = testUser('multi-e-author');
    const root = note(author, 'root');
    const child = reply(author, root, 'child');
    const r = ev(
      testUser('multi-e-liker'),
      7,
      '+',
      [
        ['e', root.id],
        ['e', child.id],
      ],
      T0 + 50,
    );
    await ingest([root, child, r]);
    expect((await statsOf(getStore(), root.id)).likes).toBe(1);
    expect((await statsOf(getStore(), child.id)).likes).toBe(1);
  });

  it('scores only the first like of a user and adds it to score24h while recent', async () => {
    const author = testUser('score-author');
    const liker = testUser('score-liker');
    const post = note(author, 'score me');
    await ingest([post, reaction(liker, post, '+', T0 + 1), reaction(liker, post, '🤙', T0 + 2)]);
    const s = await statsOf(getStore(), post.id);
    expect(s.likes).toBe(2);
    expect(s.score).toBe(scoreIncrement(1));
    expect(s.score24h).toBe(scoreIncrement(1));
    const old = note(author, 'old post', [], T0 - 200_000);
    await ingest([old, reaction(liker, old, '+', T0 - 100_000)]);
    const o = await statsOf(getStore(), old.id);
    expect(o.score).toBe(scoreIncrement(1));
    expect(o.score24h).toBe(0);
  });

  it('counts replies on the parent with thread rows, reply flag and length-weighted score', async () => {
    const author = testUser('reply-author');
    const replier = testUser('reply-replier');
    const root = note(author, 'root post');
    const r1 = reply(replier, root, 'short', T0 + 10);
    const long = 'x'.repeat(150);
    const r2 = reply(testUser('reply-replier-2'), r1, long, T0 + 20, root);
    await ingest([root, r1, r2]);
    expect((await statsOf(getStore(), root.id)).replies).toBe(1);
    expect((await statsOf(getStore(), r1.id)).replies).toBe(1);
    expect((await statsOf(getStore(), r1.id)).score).toBe(scoreIncrement(10));
    expect((await statsOf(getStore(), root.id)).score).toBe(scoreIncrement(1));
    expect((await actionsOf(getStore(), root.id, replier.pubkey)).replied).toBe(1);
    const thread = await getStore().db.selectFrom('event_replies').selectAll().where('parent_id', '=', r1.id).execute();
    expect(thread.map((t) => t.reply_id)).toEqual([r2.id]);
    const pe = await getStore()
      .db.selectFrom('pubkey_events')
      .select(['event_id', 'is_reply'])
      .where('pubkey', '=', replier.pubkey)
      .execute();
    expect(pe).toEqual([{ event_id: r1.id, is_reply: 1 }]);
  });

  it('does not count replies of spam-flagged users', async () => {
    const author = testUser('spam-author');
    const spammer = testUser('spam-replier');
    await getStore()
      .db.insertInto('filter_list')
      .values({ target: spammer.pubkey, target_type: 'pubkey', grp: 'spam', blocked: 1, added_at: 1, comment: '' })
      .execute();
    const root = note(author, 'root');
    await ingest([root, reply(spammer, root, 'buy'), reaction(spammer, root)]);
    const s = await statsOf(getStore(), root.id);
    expect([s.replies, s.likes, s.score]).toEqual([0, 0, 0]);
  });

  it('counts reposts from the first e tag, and quotes as reposts', async () => {
    const author = testUser('repost-author');
    const post = note(author, 'repost me');
    const rp = repost(testUser('reposter'), post);
    const quote = note(testUser('quoter'), 'look', [['q', post.id]], T0 + 60);
    await ingest([post, rp, quote]);
    const s = await statsOf(getStore(), post.id);
    expect(s.reposts).toBe(2);
    expect(s.score).toBe(2 * scoreIncrement(7));
    expect((await actionsOf(getStore(), post.id, testUser('reposter').pubkey)).reposted).toBe(1);
  });

  it('counts interactions that arrive before their target', async () => {
    const author = testUser('late-author');
    const post = note(author, 'late');
    await ingest([reaction(testUser('early-liker'), post)]);
    expect((await statsOf(getStore(), post.id)).likes).toBe(1);
    await ingest([post]);
    const s = await statsOf(getStore(), post.id);
    expect(s.likes).toBe(1);
    expect(s.author).toBe(author.pubkey);
  });
});

describeDialects('score24h expiry', (getStore) => {
  it('removes increments older than 24 h from score24h but keeps score', async () => {
    const author = testUser('exp-author');
    const post = note(author, 'expiring');
    await ingestEvents(getStore(), [post, reaction(testUser('exp-liker'), post, '+', T0 + 100)], { now: T0 + 200 });
    expect((await statsOf(getStore(), post.id)).score24h).toBe(scoreIncrement(1));
    expect(await expireScores(getStore(), T0 + 100 + 86_399)).toBe(0);
    expect(await expireScores(getStore(), T0 + 100 + 86_400)).toBe(1);
    const s = await statsOf(getStore(), post.id);
    expect([s.score, s.score24h]).toEqual([scoreIncrement(1), 0]);
    expect(await expireScores(getStore(), T0 + 200_000)).toBe(0);
  });
});
