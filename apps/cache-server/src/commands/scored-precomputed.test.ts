import type { CacheEvent } from '@tide/core/nostr';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { note, testUser } from '../../test/fixtures/events.ts';
import { NO_MUTES } from './content-mutes.ts';
import { precomputedScored, SCORED_REFRESH_S, scoredCacheKey, withoutMuted } from './scored-precomputed.ts';

const T = 1_800_000_000;

/** A compute function that answers a new list each time and counts its runs. */
function counting() {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    compute: async (): Promise<CacheEvent[]> => {
      runs += 1;
      return [{ kind: 1, id: `run-${runs}` }];
    },
  };
}

describeDialects('precomputed scored answers', (getStore) => {
  it('computes once, then serves the stored answer for 600 s, then refreshes it in the background', async () => {
    const c = counting();
    const first = await precomputedScored(getStore(), 'trending_24h', T, c.compute);
    expect(first).toEqual([{ kind: 1, id: 'run-1' }]);
    const row = await getStore()
      .db.selectFrom('cache')
      .selectAll()
      .where('key', '=', scoredCacheKey('trending_24h'))
      .executeTakeFirstOrThrow();
    expect(Number(row.updated_at)).toBe(T);
    expect(await precomputedScored(getStore(), 'trending_24h', T + SCORED_REFRESH_S - 1, c.compute)).toEqual(first);
    expect(c.runs).toBe(1);
    // stale: the old answer is served at once, the new one is computed meanwhile
    const stale = await precomputedScored(getStore(), 'trending_24h', T + SCORED_REFRESH_S, c.compute);
    expect(stale).toEqual(first);
    await expect.poll(() => c.runs).toBe(2);
    await expect
      .poll(() => precomputedScored(getStore(), 'trending_24h', T + SCORED_REFRESH_S + 1, c.compute))
      .toEqual([{ kind: 1, id: 'run-2' }]);
    expect(c.runs).toBe(2);
  });

  it('keeps selectors apart and shares one computation between concurrent first requests', async () => {
    const c = counting();
    const answers = await Promise.all([
      precomputedScored(getStore(), 'mostzapped_4h', T, c.compute),
      precomputedScored(getStore(), 'mostzapped_4h', T, c.compute),
      precomputedScored(getStore(), 'mostzapped_4h', T, c.compute),
    ]);
    expect(c.runs).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const other = counting();
    await precomputedScored(getStore(), 'gm_trending_4h', T, other.compute);
    expect(other.runs).toBe(1);
  });
});

it("leaves out notes the viewer's mute list hides, and nothing else", () => {
  const alice = testUser('scored-alice');
  const bob = testUser('scored-bob');
  const a = note(alice, 'hello');
  const b = note(bob, 'coffee time');
  const events: CacheEvent[] = [{ ...a }, { ...b }, { kind: 0, pubkey: alice.pubkey, content: '{}' }];
  expect(withoutMuted(events, NO_MUTES)).toEqual(events);
  const mutedAlice = { ...NO_MUTES, pubkeys: new Set([alice.pubkey]) };
  expect(withoutMuted(events, mutedAlice).map((e) => e.id ?? e.kind)).toEqual([b.id, 0]);
  const mutedWord = { ...NO_MUTES, words: ['coffee'] };
  expect(withoutMuted(events, mutedWord).map((e) => e.id ?? e.kind)).toEqual([a.id, 0]);
});
