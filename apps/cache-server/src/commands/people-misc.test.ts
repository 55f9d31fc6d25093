import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { getSuggestedUsers, reportUser, userProfileScoredContent } from './people-misc.ts';
import {
  contentOf,
  NOW,
  putEvent,
  putProfile,
  putStats,
  sign,
  signedRequest,
  testContext,
  testUser,
} from './people-test-fixtures.ts';

const alice = testUser(61);
const bob = testUser(62);
const carol = testUser(63);

describeDialects('people misc commands', (getStore) => {
  it('get_suggested_users groups well-followed users and writers with their profiles', async () => {
    const store = getStore();
    await putProfile(store, alice, 'alice');
    await putProfile(store, bob, 'bob');
    await putStats(store, alice.pk, { followers_count: 10, long_form_note_count: 2 });
    await putStats(store, bob.pk, { followers_count: 30 });
    await putStats(store, carol.pk, { followers_count: 99 }); // no kind 0: never suggested
    const out = await getSuggestedUsers(testContext(store));
    expect(out[0].kind).toBe(10000134);
    expect(contentOf(out, 10000134)).toEqual([
      {
        group: 'Popular',
        members: [
          { pubkey: bob.pk, name: 'bob' },
          { pubkey: alice.pk, name: 'alice' },
        ],
      },
      { group: 'Writers', members: [{ pubkey: alice.pk, name: 'alice' }] },
    ]);
    expect(out.filter((e) => e.kind === 0)).toHaveLength(2);
    expect(contentOf(out, 10000108)).toEqual({ [alice.pk]: 10, [bob.pk]: 30 });
  });

  it('user_profile_scored_content answers the best-scored notes as a bundle ordered by score', async () => {
    const store = getStore();
    const scores = [5, 50, 20];
    const notes = [];
    for (const [i, score] of scores.entries()) {
      const note = sign(alice, 1, `note ${i}`, [], NOW - i);
      notes.push(note);
      await putEvent(store, note);
      await store.db
        .insertInto('event_stats')
        .values({
          event_id: note.id,
          author_pubkey: alice.pk,
          kind: 1,
          created_at: note.created_at,
          likes: i,
          replies: 0,
          mentions: 0,
          reposts: 0,
          zaps: 0,
          satszapped: 0,
          score,
          score24h: 0,
        })
        .execute();
    }
    const out = await userProfileScoredContent(testContext(store), { pubkey: alice.pk, limit: 2 });
    const range = contentOf(out, 10000113) as { order_by: string; elements: string[] };
    expect(range.order_by).toBe('score');
    expect(range.elements).toEqual([notes[1].id, notes[2].id]);
    expect(out.filter((e) => e.kind === 10000100)).toHaveLength(2);
  });

  it('report_user records the signer reporting the user', async () => {
    const store = getStore();
    const request = signedRequest(bob, { description: "report user 'alice'" });
    expect(await reportUser(testContext(store), { pubkey: alice.pk, event_from_user: request })).toEqual([]);
    const rows = await store.db.selectFrom('reports').selectAll().execute();
    expect(rows).toMatchObject([{ reporter: bob.pk, type: 1, target: alice.pk }]);
    await expect(reportUser(testContext(store), { pubkey: 'x', event_from_user: request })).rejects.toThrow(
      'invalid pubkey',
    );
  });
});
