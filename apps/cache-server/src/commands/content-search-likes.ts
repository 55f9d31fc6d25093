import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Store } from '../store/index.ts';
import { pgTextSql, requiredText } from './content-search-sql.ts';
import type { SearchNode } from './content-search-terms.ts';

/*
 * PostgreSQL `orderby:likes` with common words: reading and sorting every match (~85,000 notes for a common word at
 * 1M) is replaced by a walk of event_stats (likes, event_id) WHERE likes >= LIKES_WALK_MIN (migration 0009's partial
 * index: kept up only for the few notes that many likes) from the most liked down, each note checked against the
 * query (full text as `ts_match_vq`, a filter), stopping at the page. Notes with fewer likes are read the usual way,
 * only when the walk did not fill the page.
 */

/** Fewest likes of the notes the partial index holds (`event_stats_likes_walk_idx`). */
export const LIKES_WALK_MIN = 3;

/** PostgreSQL: true when the required words/phrases together match at least `min` notes (the walk is cheaper). */
export async function walkByLikes(store: Store, root: SearchNode | null, min: number): Promise<boolean> {
  if (store.dialect !== 'postgres' || !root || !Number.isFinite(min)) return false;
  const phrases = requiredText(root);
  if (phrases.length === 0) return false;
  const match = sql.join(
    phrases.map((tokens) => pgTextSql(tokens, false)),
    sql.raw(' AND '),
  );
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM search_notes sn
    WHERE ${match} LIMIT ${min}) m`.execute(store.db);
  return Number(rows[0]?.n ?? 0) >= min;
}

// biome-ignore lint/suspicious/noExplicitAny: the search select's row and table types are its caller's
type Select = SelectQueryBuilder<any, any, { event_id: string; value: number }>;

/**
 * One page of `orderby:likes` (offset + limit, then the offset dropped): the walk over notes with ≥ LIKES_WALK_MIN
 * likes, then, if the page is not full, the rest from the usual plan over notes with fewer likes. `build(filterOnly)`
 * makes the search's select (text leaves as filters when true), `ordered` adds its usual order.
 */
export async function likesWalk(
  build: (textFilterOnly: boolean) => Select,
  ordered: (sel: Select) => Select,
  paging: { limit: number; offset: number; since: number },
): Promise<Array<{ event_id: string; value: number }>> {
  const want = paging.limit + paging.offset;
  const walked = await build(true)
    .where(sql<SqlBool>`es.likes >= ${LIKES_WALK_MIN}`)
    .orderBy(sql`es.likes`, 'desc')
    .orderBy('sn.event_id', 'desc')
    .limit(want)
    .execute();
  let rows = walked;
  if (walked.length < want && paging.since < LIKES_WALK_MIN) {
    const rest = await ordered(build(false).where(sql<SqlBool>`coalesce(es.likes, 0) < ${LIKES_WALK_MIN}`))
      .limit(want - walked.length)
      .execute();
    rows = [...walked, ...rest];
  }
  return rows.slice(paging.offset);
}
