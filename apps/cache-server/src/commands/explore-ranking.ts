import type { Store } from '../store/index.ts';
import type { BundlePost } from './bundle.ts';
import { type ExploreField, type ExploreQuery, exploreNotes, rankedField, withFollowers } from './explore-scored.ts';

/*
 * Global explore rankings of a recent window (trending 24 h, most zapped 7 d / 4 h) are precomputed, like `scored`
 * (semantics §1.6): the window's top notes by the field are ranked once and reused for EXPLORE_RANKING_TTL_S
 * seconds by every viewer and page; each request then applies its bounds, the viewer's mutes, one note per author
 * and its page to that snapshot, exactly as exploreNotes does on the live tables. A page the snapshot cannot answer
 * exactly (deeper than its rows) is ranked live.
 */

/** Seconds a ranked window is reused. */
export const EXPLORE_RANKING_TTL_S = 60;
/** Most rows kept per ranked window (a page of 20 needs 210 candidates, offset 100 needs 1,210). */
export const EXPLORE_RANKING_ROWS = 2000;

interface RankedRow {
  event_id: string;
  author_pubkey: string;
  value: number;
}

interface Ranking {
  rows: RankedRow[];
  /** True when the window holds no more rows than these. */
  complete: boolean;
}

interface Entry {
  ranking: Promise<Ranking>;
  /** When it was ranked (the request clock) and the window start it ranked. */
  at: number;
  createdAfter: number;
}

const entries = new WeakMap<Store, Map<string, Entry>>();

async function rank(
  store: Store,
  field: ExploreField,
  createdAfter: number,
  minFollowers: number | undefined,
): Promise<Ranking> {
  // exploreNotes' selection and order (top-level kind-1 notes, field >= 1); on SQLite the window is read by time
  const value = rankedField(store, field, true);
  const query = store.db
    .selectFrom('event_stats as s')
    .innerJoin('pubkey_events as pe', 'pe.event_id', 's.event_id')
    .select(['s.event_id', 's.author_pubkey', value.as('value')])
    .where('pe.kind', '=', 1)
    .where('pe.is_reply', '=', 0)
    .where('s.created_at', '>=', createdAfter)
    .where(value, '>=', 1);
  const rows = await (minFollowers === undefined ? query : query.where(withFollowers(minFollowers)))
    .orderBy(value, 'desc')
    .orderBy('s.event_id', 'desc')
    .limit(EXPLORE_RANKING_ROWS)
    .execute();
  const ranked = rows.map((r) => ({ event_id: r.event_id, author_pubkey: r.author_pubkey, value: Number(r.value) }));
  return { rows: ranked, complete: ranked.length < EXPLORE_RANKING_ROWS };
}

/** The window's ranking: reused while under the TTL old (and its start within the TTL), else ranked again. */
function ranking(
  store: Store,
  key: string,
  now: number,
  q: { field: ExploreField; createdAfter: number; minFollowers?: number },
): Promise<Ranking> {
  const { field, createdAfter } = q;
  let byKey = entries.get(store);
  if (!byKey) {
    byKey = new Map();
    entries.set(store, byKey);
  }
  const e = byKey.get(key);
  const ttl = EXPLORE_RANKING_TTL_S;
  if (e && now >= e.at && now - e.at < ttl && Math.abs(createdAfter - e.createdAfter) < ttl) return e.ranking;
  const entry: Entry = { ranking: rank(store, field, createdAfter, q.minFollowers), at: now, createdAfter };
  byKey.set(key, entry);
  const table = byKey;
  entry.ranking.catch(() => {
    if (table.get(key) === entry) table.delete(key);
  });
  return entry.ranking;
}

/**
 * exploreNotes for a global windowed ranking (no author scope, no text filter, one note per author) answered from
 * the window's precomputed ranking; `key` names the window (its timeframe).
 */
export async function rankedExploreNotes(
  store: Store,
  key: string,
  now: number,
  q: ExploreQuery,
): Promise<BundlePost[]> {
  const kindOne = q.kinds === undefined || (q.kinds.length === 1 && q.kinds[0] === 1);
  if (
    q.authors ||
    q.textFilter ||
    q.onePerAuthor === false ||
    q.field === 'created_at' ||
    q.createdAfter <= 0 ||
    !kindOne
  ) {
    return exploreNotes(store, q);
  }
  const field = q.field;
  const snapshot = await ranking(store, `${field}:${q.minFollowers ?? 0}:${key}`, now, { ...q, field });
  const candidates = (q.limit + q.offset) * 10 + 10;
  const minimum = Math.max(q.since, 1);
  const inBounds = snapshot.rows.filter((r) => r.value <= q.until && r.value >= minimum).slice(0, candidates);
  if (inBounds.length < candidates && !snapshot.complete) return exploreNotes(store, q);
  // one note per author over the whole ranking: authors ranked above `until` are taken (as in exploreNotes)
  const seen = new Set<string>(
    snapshot.rows.filter((r) => r.value > q.until && r.value >= minimum).map((r) => r.author_pubkey),
  );
  const kept = inBounds.filter((r) => {
    if (q.exclude?.has(r.author_pubkey) || seen.has(r.author_pubkey)) return false;
    seen.add(r.author_pubkey);
    return true;
  });
  return kept.slice(q.offset, q.offset + q.limit).map((r) => ({ id: r.event_id, value: r.value }));
}
