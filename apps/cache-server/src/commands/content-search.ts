import type { CacheEvent } from '@tide/core/nostr';
import { type Expression, type SqlBool, sql } from 'kysely';
import { enrichPosts } from './bundle.ts';
import { defaultAccount, followsOf, numArg, pagingArgs, strArg, viewerOf } from './content-common.ts';
import { parseSearchQuery, type SearchQuery } from './content-search-query.ts';
import type { CommandContext, CommandPayload, CommandRecord } from './context.ts';
import { scopeAuthors } from './explore-scored.ts';
import { peopleSearchCommands } from './people-search.ts';

const STAT_SQL: Record<string, string> = {
  likes: 'es.likes',
  zaps: 'es.zaps',
  replies: 'es.replies',
  reposts: 'es.reposts',
  satszapped: 'es.satszapped',
  score: 'es.score',
  interactions: '(es.likes + es.replies + es.reposts + es.zaps)',
};

function clean(word: string): string {
  return word.replace(/[^\p{L}\p{N}_]+/gu, '');
}

/** SQLite FTS5 MATCH text for positive terms (AND) and exclusions (NOT); undefined when there is no positive term. */
function fts5Match(q: SearchQuery): string | undefined {
  const pos = [...q.words.map(clean).filter(Boolean), ...q.phrases.map((p) => p.split(/\s+/).map(clean).join(' '))];
  if (pos.length === 0) return undefined;
  let m = pos.map((t) => `"${t}"`).join(' AND ');
  for (const n of q.notWords) m += ` NOT "${n.split(/\s+/).map(clean).join(' ')}"`;
  return m;
}

/** PostgreSQL to_tsquery text. */
function tsQuery(q: SearchQuery): string | undefined {
  const pos = [
    ...q.words.map(clean).filter(Boolean),
    ...q.phrases.map((p) => p.split(/\s+/).map(clean).filter(Boolean).join(' <-> ')),
  ].filter(Boolean);
  if (pos.length === 0) return undefined;
  const neg = q.notWords.map((n) => `!(${n.split(/\s+/).map(clean).filter(Boolean).join(' <-> ')})`);
  return [...pos, ...neg].join(' & ');
}

/** Runs an advanced-search query over notes/articles: a bundle ordered by time or by the `orderby:` stat. */
export async function searchNotes(
  ctx: CommandContext,
  p: CommandPayload,
  query: string,
  opts: { defaultKinds?: number[]; maxLimit?: number } = {},
): Promise<CacheEvent[]> {
  const now = ctx.now();
  const q = parseSearchQuery(query, now);
  const viewer = viewerOf(ctx, p) ?? defaultAccount();
  if (q.kinds.includes(0)) {
    const text = [...q.words, ...q.phrases].join(' ');
    return peopleSearchCommands.user_search(ctx, { query: text, limit: numArg(p, 'limit', 10, 100) });
  }
  const paging = pagingArgs(p, now, 20, opts.maxLimit ?? 100);
  const kinds = q.kinds.length > 0 ? q.kinds : (opts.defaultKinds ?? [1]);
  const store = ctx.store;
  const stat = q.orderBy ? STAT_SQL[q.orderBy] : undefined;
  let sel = store.db
    .selectFrom('search_notes as sn')
    .leftJoin('event_stats as es', 'es.event_id', 'sn.event_id')
    .select(['sn.event_id', 'sn.created_at'])
    .select(sql<number>`${sql.raw(stat ?? 'sn.created_at')}`.as('value'))
    .where('sn.kind', 'in', kinds)
    .where('sn.created_at', '>=', Math.max(q.since ?? 0, stat ? 0 : paging.since))
    .where('sn.created_at', '<=', Math.min(q.until ?? Number.MAX_SAFE_INTEGER, stat ? now + 300 : paging.until));
  if (stat) {
    const until = numArg(p, 'until', 0) > 0 ? paging.until : Number.MAX_SAFE_INTEGER;
    sel = sel
      .where(sql<SqlBool>`coalesce(${sql.raw(stat)}, 0) <= ${until}`)
      .where(sql<SqlBool>`coalesce(${sql.raw(stat)}, 0) >= ${paging.since}`);
  }
  if (store.dialect === 'postgres') {
    const tsq = tsQuery(q);
    if (tsq) sel = sel.where(sql<SqlBool>`sn.tsv @@ to_tsquery('simple', ${tsq})`);
    else if (q.notWords.length > 0) {
      const not = q.notWords.map((n) => `(${n.split(/\s+/).map(clean).filter(Boolean).join(' <-> ')})`).join(' | ');
      sel = sel.where(sql<SqlBool>`NOT (sn.tsv @@ to_tsquery('simple', ${not}))`);
    }
  } else {
    const match = fts5Match(q);
    if (match) {
      sel = sel.where(
        sql<SqlBool>`sn.rowid IN (SELECT rowid FROM search_notes_fts WHERE search_notes_fts MATCH ${match})`,
      );
    } else if (q.notWords.length > 0) {
      const not = q.notWords.map((n) => `"${n.split(/\s+/).map(clean).join(' ')}"`).join(' OR ');
      sel = sel.where(
        sql<SqlBool>`sn.rowid NOT IN (SELECT rowid FROM search_notes_fts WHERE search_notes_fts MATCH ${not})`,
      );
    }
  }
  for (const tag of q.hashtags) {
    sel = sel.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_hashtags as h')
          .select('h.event_id')
          .whereRef('h.event_id', '=', 'sn.event_id')
          .where('h.hashtag', '=', tag),
      ),
    );
  }
  for (const tag of q.notHashtags) {
    sel = sel.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('event_hashtags as h')
            .select('h.event_id')
            .whereRef('h.event_id', '=', 'sn.event_id')
            .where('h.hashtag', '=', tag),
        ),
      ),
    );
  }
  if (q.from.length > 0) sel = sel.where('sn.pubkey', 'in', q.from);
  if (q.mentions.length > 0) {
    const mentions = q.mentions;
    sel = sel.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_tags as t')
          .select('t.event_id')
          .whereRef('t.event_id', '=', 'sn.event_id')
          .where('t.name', '=', 'p')
          .where('t.value', 'in', mentions),
      ),
    );
  }
  if (q.scope) {
    const scope = q.scope;
    if (scope === 'myfollows' || scope === 'notmyfollows' || scope === 'mynetwork') {
      const authors = (await scopeAuthors(store, scope === 'mynetwork' ? 'network' : 'follows', viewer)) ?? [];
      if (scope === 'notmyfollows') {
        if (authors.length > 0) sel = sel.where('sn.pubkey', 'not in', [...authors, viewer]);
      } else if (authors.length === 0) return enrichPosts(store, [], { viewer });
      else sel = sel.where('sn.pubkey', 'in', authors);
    } else if (scope.endsWith('interactions')) {
      const actors = await followsOf(store, viewer);
      if (actors.length === 0) return enrichPosts(store, [], { viewer });
      sel = sel.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('event_pubkey_actions as a')
            .select('a.event_id')
            .whereRef('a.event_id', '=', 'sn.event_id')
            .where('a.pubkey', 'in', actors),
        ),
      );
    }
  }
  for (const f of q.filters) {
    sel =
      f === 'link'
        ? sel.where(({ exists, selectFrom }) =>
            exists(selectFrom('event_links as l').select('l.event_id').whereRef('l.event_id', '=', 'sn.event_id')),
          )
        : sel.where(({ exists, selectFrom }) =>
            exists(selectFrom('event_media as m').select('m.event_id').whereRef('m.event_id', '=', 'sn.event_id')),
          );
  }
  if (q.minWords !== undefined) {
    const min = q.minWords;
    sel = sel.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('reads as r')
          .select('r.pubkey')
          .whereRef('r.latest_event_id', '=', 'sn.event_id')
          .where('r.words', '>=', min),
      ),
    );
  }
  if (q.maxChars !== undefined) sel = sel.where(sql<SqlBool>`length(sn.content) <= ${q.maxChars}`);
  for (const [name, min] of Object.entries(q.minStats)) {
    const expr: Expression<SqlBool> = sql<SqlBool>`coalesce(${sql.raw(STAT_SQL[name])}, 0) >= ${min}`;
    sel = sel.where(expr);
  }
  const rows = await sel
    .orderBy('value', 'desc')
    .orderBy('sn.event_id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  const posts = rows.map((r) => ({ id: r.event_id, value: Number(r.value ?? 0) }));
  return enrichPosts(store, posts, { viewer, orderBy: q.orderBy ?? 'created_at' });
}

/** search {query, limit ≤100, since, until, offset, user_pubkey, kind?}: full-text search of notes. */
async function search(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const kind = numArg(p, 'kind', 1);
  return searchNotes(ctx, { limit: 100, ...p }, strArg(p, 'query'), { defaultKinds: [kind] });
}

/** The search commands. */
export const contentSearchCommands: CommandRecord = {
  search,
};
