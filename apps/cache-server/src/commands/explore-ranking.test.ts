import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { type Fixture, loadFixture, NOW, U } from './content-test-fixture.ts';
import { EXPLORE_RANKING_TTL_S, rankedExploreNotes } from './explore-ranking.ts';
import { type ExploreQuery, exploreNotes } from './explore-scored.ts';

const WEEK = 7 * 86_400;

describeDialects('explore: precomputed global rankings', (getStore) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await loadFixture(getStore());
  });
  const query = (extra: Partial<ExploreQuery> = {}): ExploreQuery => ({
    field: 'score',
    createdAfter: NOW - WEEK,
    since: 0,
    until: Number.MAX_SAFE_INTEGER,
    limit: 20,
    offset: 0,
    ...extra,
  });

  it('answers every page, bound and mute exactly like ranking the live tables', async () => {
    const cases: Array<Partial<ExploreQuery>> = [
      {},
      { limit: 1 },
      { limit: 1, offset: 1 },
      { limit: 2, offset: 1 },
      { exclude: new Set([U.bob.pubkey]) },
      { field: 'satszapped' },
      { field: 'satszapped', since: 1, until: 1000 },
      { createdAfter: NOW - 3600 },
    ];
    let seen = 0;
    for (const c of cases) {
      const live = await exploreNotes(getStore(), query(c));
      expect(await rankedExploreNotes(getStore(), 'same', NOW, query(c)), JSON.stringify(c)).toEqual(live);
      seen += live.length;
    }
    expect(seen).toBeGreaterThan(5);
    const top = await rankedExploreNotes(getStore(), 'same', NOW, query());
    expect(top[0]?.id).toBe(f.n1.id);
  });

  it('reuses a ranking for the TTL, then ranks the window again', async () => {
    const store = getStore();
    const before = await rankedExploreNotes(store, 'ttl', NOW, query());
    const last = before[before.length - 1];
    expect(before.length).toBeGreaterThan(1);
    const raise = (score: number) =>
      store.db.updateTable('event_stats').set({ score }).where('event_id', '=', last.id).execute();
    const old = (await store.db.selectFrom('event_stats').select('score').where('event_id', '=', last.id).execute())[0];
    const top = before[0].value + 1;
    await raise(top);
    try {
      expect(await rankedExploreNotes(store, 'ttl', NOW + EXPLORE_RANKING_TTL_S - 1, query())).toEqual(before);
      const after = await rankedExploreNotes(store, 'ttl', NOW + EXPLORE_RANKING_TTL_S, query());
      expect(after[0]).toEqual({ id: last.id, value: top });
      expect(after).toEqual(await exploreNotes(store, query()));
    } finally {
      await raise(Number(old.score));
    }
  });
});
