import { expect, it } from 'vitest';
import { describeDialects } from '../../../test/dialects.ts';
import { ev, note, reaction, repost, T0, testUser } from '../../../test/fixtures/events.ts';
import { actionsOf, statsOf, userStatsOf } from '../../../test/fixtures/store-reads.ts';
import { ingestEvents } from '../ingest-events.ts';

const NOW = T0 + 3600;

describeDialects('deletion indexer', (getStore) => {
  const stored = async (id: string) =>
    (await getStore().db.selectFrom('events').select('id').where('id', '=', id).execute()).length === 1;
  const del = (user: ReturnType<typeof testUser>, tags: string[][], at = T0 + 100) => ev(user, 5, '', tags, at);

  it('deletes an event of the same author with its derived rows, and refuses it afterwards', async () => {
    const alice = testUser('del-alice');
    const n = note(alice, 'oops #typo');
    await ingestEvents(getStore(), [n], { now: NOW });
    expect((await userStatsOf(getStore(), alice.pubkey))?.note_count).toBe(1);
    await ingestEvents(getStore(), [del(alice, [['e', n.id]])], { now: NOW });
    expect(await stored(n.id)).toBe(false);
    expect((await userStatsOf(getStore(), alice.pubkey))?.note_count).toBe(0);
    const tags = await getStore()
      .db.selectFrom('event_hashtags')
      .select('hashtag')
      .where('event_id', '=', n.id)
      .execute();
    expect(tags).toEqual([]);
    const [again] = await ingestEvents(getStore(), [n], { now: NOW });
    expect(again).toMatchObject({ ok: false, reason: 'blocked: this event was deleted by its author', stored: false });
  });

  it('ignores deletions by someone else', async () => {
    const alice = testUser('del-alice-2');
    const eve = testUser('del-eve');
    const n = note(alice, 'mine');
    await ingestEvents(getStore(), [n, del(eve, [['e', n.id]])], { now: NOW });
    expect(await stored(n.id)).toBe(true);
  });

  it('refuses a target that arrives after its own author deleted it', async () => {
    const bob = testUser('del-bob');
    const n = note(bob, 'never seen');
    await ingestEvents(getStore(), [del(bob, [['e', n.id]])], { now: NOW });
    const [r] = await ingestEvents(getStore(), [n], { now: NOW });
    expect(r.stored).toBe(false);
    const other = note(testUser('del-other'), 'x');
    const forged = del(testUser('del-forger'), [['e', other.id]]);
    await ingestEvents(getStore(), [forged], { now: NOW });
    const [ok] = await ingestEvents(getStore(), [other], { now: NOW });
    expect(ok.stored).toBe(true);
  });

  it('undoes a deleted repost and like', async () => {
    const author = testUser('del-author');
    const fan = testUser('del-fan');
    const post = note(author, 'popular');
    const rp = repost(fan, post);
    const like = reaction(fan, post);
    await ingestEvents(getStore(), [post, rp, like], { now: NOW });
    expect((await statsOf(getStore(), post.id)).reposts).toBe(1);
    await ingestEvents(
      getStore(),
      [
        del(fan, [
          ['e', rp.id],
          ['e', like.id],
        ]),
      ],
      { now: NOW },
    );
    const s = await statsOf(getStore(), post.id);
    expect([s.reposts, s.likes]).toEqual([0, 0]);
    const a = await actionsOf(getStore(), post.id, fan.pubkey);
    expect([a.reposted, a.liked]).toEqual([0, 0]);
  });

  it('deletes an address up to the deletion time and refuses older versions later', async () => {
    const writer = testUser('del-writer');
    const art = ev(
      writer,
      30023,
      'body words here',
      [
        ['d', 'post-1'],
        ['title', 'T'],
      ],
      T0,
    );
    await ingestEvents(getStore(), [art], { now: NOW });
    expect((await userStatsOf(getStore(), writer.pubkey))?.long_form_note_count).toBe(1);
    await ingestEvents(getStore(), [del(writer, [['a', `30023:${writer.pubkey}:post-1`]], T0 + 50)], { now: NOW });
    expect(await stored(art.id)).toBe(false);
    const reads = await getStore().db.selectFrom('reads').selectAll().where('pubkey', '=', writer.pubkey).execute();
    expect(reads).toEqual([]);
    expect((await userStatsOf(getStore(), writer.pubkey))?.long_form_note_count).toBe(0);
    const older = ev(writer, 30023, 'v0', [['d', 'post-1']], T0 + 10);
    const newer = ev(writer, 30023, 'v2', [['d', 'post-1']], T0 + 60);
    const [o] = await ingestEvents(getStore(), [older], { now: NOW });
    expect(o).toMatchObject({ ok: false, reason: 'blocked: this address was deleted by its author', stored: false });
    const [n] = await ingestEvents(getStore(), [newer], { now: NOW });
    expect(n.stored).toBe(true);
    expect((await userStatsOf(getStore(), writer.pubkey))?.long_form_note_count).toBe(1);
  });
});
