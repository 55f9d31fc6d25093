import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind, Kind, naddrEncode } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import { type BundlePost, enrichPosts, feedRange } from './bundle.ts';
import {
  defaultAccount,
  followsOf,
  hexArg,
  numArg,
  optHexArg,
  type Paging,
  pagingArgs,
  strArg,
  synth,
  toEvent,
  viewerOf,
} from './content-common.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';

/** Which articles a reads feed shows (semantics §2.3 long_form_content_feed). */
export interface ReadsQuery {
  authors?: readonly string[];
  topic?: string;
  minwords?: number;
  /** Only articles zapped by these users. */
  zappedBy?: readonly string[];
}

/** Articles from `reads` newest first by published_at, paged on published_at (ties by id). */
export async function queryReads(store: Store, q: ReadsQuery, paging: Paging): Promise<BundlePost[]> {
  if (q.authors && q.authors.length === 0) return [];
  if (q.zappedBy && q.zappedBy.length === 0) return [];
  let query = store.db
    .selectFrom('reads as r')
    .select(['r.latest_event_id', 'r.published_at'])
    .where('r.published_at', '<=', paging.until)
    .where('r.published_at', '>=', paging.since);
  if (q.authors) query = query.where('r.pubkey', 'in', [...q.authors].slice(0, 5000));
  if (q.minwords) query = query.where('r.words', '>=', q.minwords);
  if (q.topic) {
    const topic = q.topic.toLowerCase().replace(/ /g, '-');
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('reads_topics as t')
          .select('t.topic')
          .whereRef('t.pubkey', '=', 'r.pubkey')
          .whereRef('t.identifier', '=', 'r.identifier')
          .where('t.topic', '=', topic),
      ),
    );
  }
  if (q.zappedBy) {
    const senders = [...q.zappedBy].slice(0, 5000);
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('zap_receipts as z')
          .select('z.receipt_id')
          .whereRef('z.target_event_id', '=', 'r.latest_event_id')
          .where('z.sender', 'in', senders),
      ),
    );
  }
  const rows = await query
    .orderBy('r.published_at', 'desc')
    .orderBy('r.latest_event_id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return rows.map((r) => ({ id: r.latest_event_id, value: Number(r.published_at) }));
}

/** A reads feed as a bundle (order_by published_at). */
export async function readsFeed(
  ctx: CommandContext,
  p: CommandPayload,
  q: ReadsQuery,
  viewer: string | null,
): Promise<CacheEvent[]> {
  const posts = await queryReads(ctx.store, q, pagingArgs(p, ctx.now(), 20, 1000));
  return enrichPosts(ctx.store, posts, { viewer, orderBy: 'published_at' });
}

/** Maps `notes`/`scope` of a reads request to a query. */
export async function readsQueryFor(
  store: Store,
  mode: string,
  pubkey: string | undefined,
  viewer: string,
  extra: { topic?: string; minwords?: number },
): Promise<ReadsQuery> {
  const who = pubkey ?? viewer;
  if (mode === 'follows') return { ...extra, authors: await followsOf(store, who) };
  if (mode === 'authored') return { ...extra, authors: [who] };
  if (mode === 'zappedbyfollows') return { ...extra, zappedBy: await followsOf(store, who) };
  return { ...extra, authors: pubkey ? [pubkey] : undefined };
}

/** long_form_content_feed {pubkey?, notes?, topic?, minwords?, limit, since, until, offset, user_pubkey}. */
async function longFormContentFeed(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const viewer = viewerOf(ctx, p);
  const pubkey = optHexArg(p, 'pubkey');
  const notes = strArg(p, 'notes', pubkey ? 'authored' : 'all');
  const topic = strArg(p, 'topic') || undefined;
  const q = await readsQueryFor(ctx.store, notes, pubkey, viewer ?? defaultAccount(), {
    topic,
    minwords: numArg(p, 'minwords', 0),
  });
  return readsFeed(ctx, p, q, viewer);
}

/** The current article at `kind:pubkey:identifier` and its id, or a NOTICE. */
async function articleAt(store: Store, p: CommandPayload) {
  const pubkey = hexArg(p, 'pubkey');
  const kind = numArg(p, 'kind', Kind.LongForm);
  const identifier = strArg(p, 'identifier');
  const row = await store.db
    .selectFrom('replaceable_events')
    .select('event_id')
    .where('pubkey', '=', pubkey)
    .where('kind', '=', kind)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return { pubkey, kind, identifier, id: row?.event_id };
}

/** long_form_content_thread_view {pubkey, kind, identifier, limit, user_pubkey}: the article and its comments. */
async function longFormThread(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const a = await articleAt(ctx.store, p);
  if (!a.id) return [];
  const address = `${a.kind}:${a.pubkey}:${a.identifier}`;
  const paging = pagingArgs(p, ctx.now(), 100, 1000);
  const article = await ctx.store.db
    .selectFrom('events')
    .select('created_at')
    .where('id', '=', a.id)
    .executeTakeFirstOrThrow();
  const replies = await ctx.store.db
    .selectFrom('event_replies')
    .select(['reply_id', 'reply_created_at'])
    .where((eb) => eb.or([eb('parent_id', '=', a.id ?? ''), eb('parent_address', '=', address)]))
    .orderBy('reply_created_at', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  const posts: BundlePost[] = [
    { id: a.id, value: Number(article.created_at) },
    ...replies.map((r) => ({ id: r.reply_id, value: Number(r.reply_created_at) })),
  ];
  return enrichPosts(ctx.store, posts, { viewer: viewerOf(ctx, p) });
}

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

/** get_recommended_reads → 10000145 {reads: [[event_id, title, naddr], …]}: the three most liked recent articles. */
async function recommendedReads(ctx: CommandContext): Promise<CacheEvent[]> {
  const rows = await ctx.store.db
    .selectFrom('reads')
    .select(['latest_event_id', 'title', 'pubkey', 'identifier'])
    .where('published_at', '>=', ctx.now() - 30 * 86_400)
    .orderBy('likes', 'desc')
    .orderBy('published_at', 'desc')
    .limit(3)
    .execute();
  const reads = rows.map((r) => [
    r.latest_event_id,
    r.title,
    naddrEncode({ kind: Kind.LongForm, pubkey: r.pubkey, identifier: r.identifier }),
  ]);
  return [synth(CacheKind.RecommendedReads, { reads })];
}

/** get_reads_topics → 10000146: the most used article topics (JSON array). */
async function readsTopics(ctx: CommandContext): Promise<CacheEvent[]> {
  const rows = await ctx.store.db
    .selectFrom('reads_topics')
    .select('topic')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('topic')
    .orderBy('n', 'desc')
    .orderBy('topic', 'asc')
    .limit(30)
    .execute();
  return [
    synth(
      CacheKind.ReadsTopics,
      rows.map((r) => r.topic),
    ),
  ];
}

/** get_featured_authors → 10000148: authors of the most liked articles (JSON array of pubkeys). */
async function featuredAuthors(ctx: CommandContext): Promise<CacheEvent[]> {
  const rows = await ctx.store.db
    .selectFrom('reads')
    .select('pubkey')
    .select((eb) => eb.fn.sum<number>('likes').as('n'))
    .groupBy('pubkey')
    .orderBy('n', 'desc')
    .orderBy('pubkey', 'asc')
    .limit(10)
    .execute();
  return [
    synth(
      CacheKind.FeaturedAuthors,
      rows.map((r) => r.pubkey),
    ),
  ];
}

/** The reads (long-form) commands. */
export const contentReadsCommands: CommandRecord = {
  long_form_content_feed: longFormContentFeed,
  long_form_content_thread_view: longFormThread,
  drafts,
  articles_stats: articlesStats,
  top_article: topArticle,
  get_recommended_reads: recommendedReads,
  get_reads_topics: readsTopics,
  get_featured_authors: featuredAuthors,
};
