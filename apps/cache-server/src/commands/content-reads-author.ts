import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind, Kind } from '@tide/core/nostr';
import { enrichPosts, feedRange } from './bundle.ts';
import { hexArg, numArg, pagingArgs, strArg, synth, toEvent, viewerOf } from './content-common.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';

/** drafts {pubkey, kind, since, until, limit ≤100, offset}: the user's 31234 drafts with `k` = kind, newest first. */
async function drafts(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const kind = String(numArg(p, 'kind', Kind.LongForm));
  const paging = pagingArgs(p, ctx.now(), 20, 100);
  const rows = await ctx.store.db
    .selectFrom('replaceable_events as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .innerJoin('event_tags as t', (join) => join.onRef('t.event_id', '=', 'e.id').on('t.name', '=', 'k'))
    .select(['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'])
    .where('r.pubkey', '=', pubkey)
    .where('r.kind', '=', Kind.Draft)
    .where('t.value', '=', kind)
    .where('e.created_at', '<=', paging.until)
    .where('e.created_at', '>=', paging.since)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  const events = rows.map(toEvent);
  const range = events.map((e) => ({ id: e.id, value: e.created_at }));
  return [...events.map((e) => ({ ...e })), feedRange('created_at', range)];
}

/** articles_stats {pubkey} → 10000174 {articles, drafts, satszapped}. */
async function articlesStats(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const [reads, draftRows] = await Promise.all([
    ctx.store.db
      .selectFrom('reads')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('satszapped').as('sats')])
      .where('pubkey', '=', pubkey)
      .executeTakeFirst(),
    ctx.store.db
      .selectFrom('replaceable_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pubkey', '=', pubkey)
      .where('kind', '=', Kind.Draft)
      .executeTakeFirst(),
  ]);
  return [
    synth(CacheKind.ArticlesStats, {
      articles: Number(reads?.n ?? 0),
      drafts: Number(draftRows?.n ?? 0),
      satszapped: Number(reads?.sats ?? 0),
    }),
  ];
}

/** top_article {pubkey, by: satszapped|interactions}: the author's best article as a bundle. */
async function topArticle(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const by = strArg(p, 'by', 'satszapped');
  if (by !== 'satszapped' && by !== 'interactions') throw new CommandError(`invalid by: ${by}`);
  const row = await ctx.store.db
    .selectFrom('reads')
    .select(['latest_event_id', 'published_at', 'satszapped'])
    .select((eb) => eb('likes', '+', eb('replies', '+', eb('reposts', '+', eb.ref('zaps')))).as('interactions'))
    .where('pubkey', '=', pubkey)
    .orderBy(by === 'satszapped' ? 'satszapped' : 'interactions', 'desc')
    .orderBy('published_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return [];
  return enrichPosts(ctx.store, [{ id: row.latest_event_id, value: Number(row.published_at) }], {
    viewer: viewerOf(ctx, p),
    range: false,
  });
}

/** One author's articles: drafts, article counts and sats, their top article. */
export const contentReadsAuthorCommands: CommandRecord = {
  drafts,
  articles_stats: articlesStats,
  top_article: topArticle,
};
