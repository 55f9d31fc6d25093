import type { CacheEvent } from '@tide/core/nostr';
import { type SqlBool, sql } from 'kysely';
import type { Store } from '../store/index.ts';
import { enrichPosts } from './bundle.ts';
import { defaultAccount, numArg, pagingArgs, strArg, viewerOf } from './content-common.ts';
import { parseAdvancedSearchQuery } from './content-search-form.ts';
import { likesWalk, walkByLikes } from './content-search-likes.ts';
import { parseSearchQuery } from './content-search-query.ts';
import { ftsMatch, nodeSql, requiredText, scorePercentiles, statSql } from './content-search-sql.ts';
import type { SearchNode } from './content-search-terms.ts';
import type { CommandContext, CommandPayload, CommandRecord } from './context.ts';
import { exploreNow } from './explore-clock.ts';
import { peopleSearchCommands } from './people-search.ts';

/** Kinds searched when the query names none (semantics §1.7: notes and polls). */
const DEFAULT_KINDS = [1, 1068, 6969];

/**
 * Absolute score of each `minscore:`/`maxscore:` percentile (0–100): the ascending score24h values of today's top
 * 300 trending notes, indexed by the percentile (semantics §1.6 trending_24h_scores); 0 when nothing trends.
 */
async function trendingScores(ctx: CommandContext, percents: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (percents.length === 0) return out;
  const anchor = await exploreNow(ctx);
  const rows = await ctx.store.db
    .selectFrom('event_stats')
    .select('score24h')
    .where('kind', '=', 1)
    .where('created_at', '>=', anchor - 86_400)
    .where('score24h', '>', 0)
    .orderBy('score24h', 'desc')
    .limit(300)
    .execute();
  const scores = rows.map((r) => Number(r.score24h)).sort((a, b) => a - b);
  for (const p of percents) {
    const v = Math.max(0, Math.min(1, p / 100));
    out.set(p, scores.length > 0 ? scores[Math.trunc((scores.length - 1) * v)] : 0);
  }
  return out;
}

/**
 * Fewest full-text matches (of the required words/phrases together) from which a search walks notes in its order
 * instead of reading every match: by time newest first (SQLite), by likes (PostgreSQL `orderby:likes`). At 1M notes a
 * common word matches ~85,000 notes (every one read and sorted), while a walk reads about page / (share of notes
 * matching) rows; a rare term is cheaper to read match by match.
 */
export const WALK_MIN_MATCHES = 1000;

/** SQLite: true when the required words/phrases together match at least `min` notes (the time walk is cheaper). */
async function walkByTime(store: Store, root: SearchNode | null, min: number): Promise<boolean> {
  if (store.dialect !== 'sqlite' || !root || !Number.isFinite(min)) return false;
  const phrases = requiredText(root);
  if (phrases.length === 0) return false;
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM search_notes_fts
    WHERE search_notes_fts MATCH ${ftsMatch(phrases)} LIMIT ${min})`.execute(store.db);
  return Number(rows[0]?.n ?? 0) >= min;
}

/** Events and authors on the csam/impersonation filter lists never show (semantics §1.7). */
function notBlocked() {
  return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM filter_list fl WHERE fl.blocked = 1
    AND fl.grp IN ('csam', 'impersonation') AND (fl.target = sn.event_id OR fl.target = sn.pubkey))`;
}

function baseSelect(store: Store) {
  return store.db
    .selectFrom('search_notes as sn')
    .leftJoin('event_stats as es', 'es.event_id', 'sn.event_id')
    .leftJoin('search_metadata as sm', 'sm.event_id', 'sn.event_id');
}

/**
 * Runs an advanced-search query (protocol §4.3) over notes and articles: a bundle ordered by time, by article
 * publication time (`kind:30023`) or by the `orderby:` stat; `kind:0` searches users instead.
 */
export async function searchNotes(
  ctx: CommandContext,
  p: CommandPayload,
  query: string,
  opts: { defaultKinds?: number[]; maxLimit?: number; walkMinMatches?: number } = {},
): Promise<CacheEvent[]> {
  const now = ctx.now();
  const q = parseSearchQuery(query, now);
  const viewer = viewerOf(ctx, p) ?? defaultAccount();
  if (q.topKinds.includes(0)) {
    const text = q.topText.join(' ');
    return peopleSearchCommands.user_search(ctx, { query: text, limit: numArg(p, 'limit', 10, 100) });
  }
  const paging = pagingArgs(p, now, 20, Math.min(opts.maxLimit ?? 100, q.cap ?? 100));
  const articles = q.topKinds.includes(30023);
  const stat = q.orderBy;
  const published = sql<number>`(SELECT rd.published_at FROM reads rd WHERE rd.latest_event_id = sn.event_id)`;
  const value = stat ? statSql(stat) : articles ? published : sql<number>`sn.created_at`;
  const scores = await trendingScores(ctx, scorePercentiles(q.root));
  const build = (textFilterOnly: boolean) => {
    let sel = baseSelect(ctx.store)
      .select(['sn.event_id', value.as('value')])
      .where(notBlocked());
    if (!q.anyKind) sel = sel.where('sn.kind', 'in', opts.defaultKinds ?? DEFAULT_KINDS);
    if (articles) sel = sel.where(sql<SqlBool>`EXISTS (SELECT 1 FROM reads rd WHERE rd.latest_event_id = sn.event_id)`);
    if (stat) {
      const until = numArg(p, 'until', 0) > 0 ? paging.until : Number.MAX_SAFE_INTEGER;
      sel = sel.where(sql<SqlBool>`${value} <= ${until}`).where(sql<SqlBool>`${value} >= ${paging.since}`);
      if (stat !== 'interactions') sel = sel.where(sql<SqlBool>`${value} > 0`);
    } else {
      sel = sel.where(sql<SqlBool>`${value} >= ${paging.since}`).where(sql<SqlBool>`${value} <= ${paging.until}`);
    }
    if (!q.root) return sel;
    const env = { dialect: ctx.store.dialect, viewer, scoreAt: (pct: number) => scores.get(pct) ?? 0, textFilterOnly };
    return sel.where(nodeSql(q.root, env));
  };
  const ordered = (sel: ReturnType<typeof build>) => sel.orderBy(sql`value`, 'desc').orderBy('sn.event_id', 'desc');
  const walkMin = opts.walkMinMatches ?? WALK_MIN_MATCHES;
  let rows: Array<{ event_id: string; value: number }>;
  if (stat === 'likes' && (await walkByLikes(ctx.store, q.root, walkMin))) {
    rows = await likesWalk(build, ordered, paging);
  } else {
    const byTime = !stat && !articles;
    const textFilterOnly = byTime && (await walkByTime(ctx.store, q.root, walkMin));
    rows = await ordered(build(textFilterOnly)).limit(paging.limit).offset(paging.offset).execute();
  }
  const posts = rows.map((r) => ({ id: r.event_id, value: Number(r.value ?? 0) }));
  return enrichPosts(ctx.store, posts, { viewer, orderBy: stat ?? (articles ? 'published_at' : 'created_at') });
}

/** search {query, limit ≤100, since, until, offset, user_pubkey, kind?}: full-text search of notes. */
async function search(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const kind = numArg(p, 'kind', 1);
  return searchNotes(ctx, { limit: 100, ...p }, strArg(p, 'query'), { defaultKinds: [kind] });
}

/**
 * advanced_search {query, user_pubkey (default Primal's), limit ≤100, since, until, offset}: the advanced-search
 * language as its own verb (semantics §2.3; the web client reaches it through advanced_feed / advsearch specs).
 */
async function advancedSearch(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  return searchNotes(ctx, p, strArg(p, 'query'));
}

/** The search commands. */
export const contentSearchCommands: CommandRecord = {
  search,
  advanced_search: advancedSearch,
  parse_advanced_search_query: parseAdvancedSearchQuery,
};
