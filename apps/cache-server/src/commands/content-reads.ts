import type { CacheEvent } from '@tide/core/nostr';
import { Kind } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import { type BundlePost, enrichPosts } from './bundle.ts';
import {
  defaultAccount,
  followsOf,
  hexArg,
  numArg,
  optHexArg,
  type Paging,
  pagingArgs,
  strArg,
  viewerOf,
} from './content-common.ts';
import { contentReadsAuthorCommands } from './content-reads-author.ts';
import { contentReadsDiscoveryCommands } from './content-reads-discovery.ts';
import type { CommandContext, CommandPayload, CommandRecord } from './context.ts';

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

/** The reads (long-form) commands. */
export const contentReadsCommands: CommandRecord = {
  long_form_content_feed: longFormContentFeed,
  long_form_content_thread_view: longFormThread,
  ...contentReadsAuthorCommands,
  ...contentReadsDiscoveryCommands,
};
