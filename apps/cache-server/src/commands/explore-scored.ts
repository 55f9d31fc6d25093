import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Store } from '../store/index.ts';
import type { BundlePost } from './bundle.ts';
import { followsOf } from './content-common.ts';

/** Sort field of an explore timeframe (semantics §1.6). */
export type ExploreField = 'created_at' | 'score' | 'score24h' | 'satszapped';

/** Which notes an explore query ranks. */
export interface ExploreQuery {
  field: ExploreField;
  /** Only notes created at or after this time. */
  createdAfter: number;
  /** Bounds on the field value (inclusive). */
  since: number;
  until: number;
  limit: number;
  offset: number;
  /** Authors to restrict to (scope follows/tribe/network); undefined = global. */
  authors?: readonly string[];
  /** Keep one note per author (default true except for `latest`). */
  onePerAuthor?: boolean;
  /** Leave out authors (muted). */
  exclude?: ReadonlySet<string>;
  /** Keep only notes whose text matches (gm filter of the scored selectors). */
  textFilter?: (content: string) => boolean;
  /** Kinds of the notes ranked (default [1]; top-level notes only). */
  kinds?: readonly number[];
  /** Only authors with at least this many followers (trending's ≥ 5, semantics §1.6); undefined = any. */
  minFollowers?: number;
}

/** Followers an author needs for trending, popular and most-zapped rankings and scored users (semantics §1.6). */
export const TRENDING_MIN_FOLLOWERS = 5;

/** Authors of an explore scope for a viewer: follows, tribe (follows ∪ followers), network (follows of follows). */
export async function scopeAuthors(store: Store, scope: string, viewer: string): Promise<string[] | undefined> {
  if (scope === 'global') return undefined;
  const follows = await followsOf(store, viewer);
  if (scope === 'follows') return follows;
  if (scope === 'tribe') {
    const rows = await store.db
      .selectFrom('pubkey_followers')
      .select('follower_pubkey')
      .where('pubkey', '=', viewer)
      .limit(5000)
      .execute();
    return [...new Set([...follows, ...rows.map((r) => r.follower_pubkey)])];
  }
  // network: follows and the people they follow
  const second = new Set(follows);
  for (let i = 0; i < follows.length; i += 400) {
    const rows = await store.db
      .selectFrom('pubkey_followers')
      .select('pubkey')
      .where('follower_pubkey', 'in', follows.slice(i, i + 400))
      .execute();
    for (const r of rows) second.add(r.pubkey);
  }
  return [...second];
}

/**
 * The `event_stats as s` column a ranking orders by. A recent window is read by time (created_at index) and sorted;
 * without one, the field's own index is walked. The unary plus keeps SQLite from walking the field index over every
 * note when a window is given. PostgreSQL chooses from its statistics, which `+field` would blind (it estimated 72
 * rows for 8,900 and nested-looped them).
 */
export function rankedField(store: Store, field: ExploreField, windowed: boolean) {
  const ref = sql.ref(`s.${field}`);
  return windowed && store.dialect === 'sqlite' ? sql<number>`+${ref}` : sql<number>`${ref}`;
}

/** A condition on `pubkey_events as pe`: its kind is one of `kinds` (default [1]). */
export function kindIs(kinds: readonly number[] = [1]) {
  return (eb: ExpressionBuilder<Database & { pe: Database['pubkey_events'] }, 'pe'>) =>
    kinds.length === 1 ? eb('pe.kind', '=', kinds[0]) : eb('pe.kind', 'in', kinds.length > 0 ? [...kinds] : [-1]);
}

/** A condition on `event_stats as s`: its author has at least `min` followers (one user_stats lookup per row). */
export function withFollowers(min: number) {
  return (eb: ExpressionBuilder<Database & { s: Database['event_stats'] }, 's'>) =>
    eb.exists(
      eb
        .selectFrom('user_stats as u')
        .select(sql.lit(1).as('one'))
        .whereRef('u.pubkey', '=', 's.author_pubkey')
        .where('u.followers_count', '>=', min),
    );
}

/**
 * Top-level kind-1 notes ranked by the field (semantics §1.6): candidates `(limit+offset)×10` by the field, one note
 * per author (unless disabled) over the whole ranking, so a page read with `until` keeps out the authors ranked above
 * it and `offset` skips exactly the notes at `until` the previous page showed; then offset/limit. Returns posts
 * whose `value` is the field.
 */
export async function exploreNotes(store: Store, q: ExploreQuery): Promise<BundlePost[]> {
  const candidates = (q.limit + q.offset) * (q.onePerAuthor === false ? 1 : 10) + 10;
  if (q.authors && q.authors.length === 0) return [];
  const field = rankedField(store, q.field, q.createdAfter > 0);
  const minimum = q.field === 'created_at' ? q.since : Math.max(q.since, 1);
  let query = store.db
    .selectFrom('event_stats as s')
    .innerJoin('pubkey_events as pe', 'pe.event_id', 's.event_id')
    .select(['s.event_id', 's.author_pubkey', 's.created_at', `s.${q.field} as value`])
    .where(kindIs(q.kinds))
    .where('pe.is_reply', '=', 0)
    .where('s.created_at', '>=', q.createdAfter)
    .where(field, '<=', q.until)
    .where(field, '>=', minimum);
  if (q.minFollowers !== undefined) query = query.where(withFollowers(q.minFollowers));
  if (q.authors) query = query.where('s.author_pubkey', 'in', [...q.authors].slice(0, 5000));
  const rows = await query.orderBy(field, 'desc').orderBy('s.event_id', 'desc').limit(candidates).execute();
  // One note per author over the whole ranking, not per page: authors ranked above `until` are already taken.
  const seen = new Set<string>();
  if (q.onePerAuthor !== false && q.until < Number.MAX_SAFE_INTEGER) {
    let above = store.db
      .selectFrom('event_stats as s')
      .innerJoin('pubkey_events as pe', 'pe.event_id', 's.event_id')
      .select('s.author_pubkey')
      .distinct()
      .where(kindIs(q.kinds))
      .where('pe.is_reply', '=', 0)
      .where('s.created_at', '>=', q.createdAfter)
      .where(field, '>', q.until)
      .where(field, '>=', minimum);
    if (q.minFollowers !== undefined) above = above.where(withFollowers(q.minFollowers));
    if (q.authors) above = above.where('s.author_pubkey', 'in', [...q.authors].slice(0, 5000));
    for (const r of await above.execute()) seen.add(r.author_pubkey);
  }
  let kept = rows.filter((r) => {
    if (q.exclude?.has(r.author_pubkey)) return false;
    if (q.onePerAuthor === false) return true;
    if (seen.has(r.author_pubkey)) return false;
    seen.add(r.author_pubkey);
    return true;
  });
  if (q.textFilter && kept.length > 0) {
    const filter = q.textFilter;
    const texts = await store.db
      .selectFrom('events')
      .select(['id', 'content'])
      .where(
        'id',
        'in',
        kept.map((r) => r.event_id),
      )
      .execute();
    const ok = new Set(texts.filter((t) => filter(t.content)).map((t) => t.id));
    kept = kept.filter((r) => ok.has(r.event_id));
  }
  return kept.slice(q.offset, q.offset + q.limit).map((r) => ({ id: r.event_id, value: Number(r.value) }));
}
