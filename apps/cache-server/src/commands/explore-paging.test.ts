import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import type { Store } from '../store/index.ts';
import { rankedExploreNotes } from './explore-ranking.ts';
import { type ExploreField, type ExploreQuery, exploreNotes, TRENDING_MIN_FOLLOWERS } from './explore-scored.ts';

const NOW = 1_700_000_000;
const hex = (n: number, c: string) => n.toString(16).padStart(4, '0') + c.repeat(60);

/** 24 authors with 1–4 notes each; scores and zaps drawn from a few values so that ties cross page ends. */
async function seedRanking(store: Store): Promise<number> {
  let n = 0;
  for (let a = 0; a < 24; a++) {
    const author = hex(a, 'a');
    await store.db
      .insertInto('user_stats')
      .values({
        pubkey: author,
        followers_count: TRENDING_MIN_FOLLOWERS + a,
        ...{ follows_count: 0, note_count: 0, reply_count: 0, long_form_note_count: 0, media_count: 0 },
        ...{ total_zap_count: 0, total_satszapped: 0, content_zap_count: 0, relay_count: 0 },
        time_joined: null,
        first_seen_at: NOW - 86_400,
      })
      .execute();
    for (let k = 0; k <= a % 4; k++) {
      n += 1;
      const id = hex(n * 7919, 'e');
      const created_at = NOW - 3600 + n;
      await store.db
        .insertInto('pubkey_events')
        .values({ event_id: id, pubkey: author, kind: 1, created_at, is_reply: 0, has_media: 0 })
        .execute();
      await store.db
        .insertInto('event_stats')
        .values({
          event_id: id,
          author_pubkey: author,
          kind: 1,
          created_at,
          ...{ likes: 0, replies: 0, mentions: 0, reposts: 0, zaps: 0 },
          score: 100 + ((n * 5) % 9) * 10,
          score24h: 100 + ((n * 5) % 9) * 10,
          satszapped: 21 * (1 + ((n * 3) % 5)),
        })
        .execute();
    }
  }
  return n;
}

type Ranker = (store: Store, q: ExploreQuery) => Promise<Array<{ id: string; value: number }>>;

/** Pages like a protocol client: `until` = the last value shown, `offset` = how many notes shown had that value. */
async function pageThrough(store: Store, rank: Ranker, field: ExploreField, limit: number) {
  const shown: Array<{ id: string; value: number }> = [];
  let until = 0;
  let offset = 0;
  for (let page = 0; page < 50; page++) {
    const rows = await rank(store, {
      field,
      createdAfter: NOW - 86_400,
      since: 0,
      until: until > 0 ? until : Number.MAX_SAFE_INTEGER,
      limit,
      offset,
      minFollowers: TRENDING_MIN_FOLLOWERS,
    });
    if (rows.length === 0) break;
    shown.push(...rows);
    until = rows[rows.length - 1].value;
    offset = shown.filter((r) => r.value === until).length;
  }
  return shown;
}

describeDialects('explore: paging a ranking with until + offset', (getStore) => {
  beforeAll(async () => {
    expect(await seedRanking(getStore())).toBeGreaterThan(50);
  });

  const rankers: Array<[string, Ranker]> = [
    ['live', exploreNotes],
    ['precomputed', (store, q) => rankedExploreNotes(store, `paging-${q.field}-${q.limit}`, NOW, q)],
  ];
  for (const [name, rank] of rankers) {
    for (const field of ['score24h', 'score', 'satszapped'] as const) {
      it(`${name} ${field}: pages never repeat a note and show one note per author, as one big page does`, async () => {
        const store = getStore();
        const whole = await rank(store, {
          field,
          createdAfter: NOW - 86_400,
          since: 0,
          until: Number.MAX_SAFE_INTEGER,
          limit: 1000,
          offset: 0,
          minFollowers: TRENDING_MIN_FOLLOWERS,
        });
        expect(whole).toHaveLength(24);
        for (const limit of [3, 4, 5, 7]) {
          const paged = await pageThrough(store, rank, field, limit);
          const ids = paged.map((r) => r.id);
          expect(new Set(ids).size, `limit ${limit}: a note repeats`).toBe(ids.length);
          expect(ids, `limit ${limit}`).toEqual(whole.map((r) => r.id));
        }
      });
    }
  }
});
