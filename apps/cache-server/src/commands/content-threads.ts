import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { type ExpressionBuilder, sql } from 'kysely';
import { readCacheOf } from '../read-cache/read-cache.ts';
import type { Database, Store } from '../store/index.ts';
import { type BundlePost, enrichPosts } from './bundle.ts';
import { boolArg, hexArg, loadEvents, pagingArgs, viewerOf } from './content-common.ts';
import type { CommandContext, CommandPayload, CommandRecord } from './context.ts';

/** The ancestors of a reply, nearest first, following `event_replies` (at most 50 levels; one recursive query). */
async function ancestors(store: Store, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string; depth: number }>`WITH RECURSIVE up(id, depth) AS (
      SELECT parent_id, 1 FROM event_replies WHERE reply_id = ${id} AND parent_id <> ''
      UNION ALL
      SELECT r.parent_id, up.depth + 1 FROM event_replies r JOIN up ON r.reply_id = up.id
      WHERE r.parent_id <> '' AND up.depth < 50)
    SELECT id, depth FROM up ORDER BY depth`.execute(store.db);
  const out: string[] = [];
  for (const r of rows) {
    if (out.includes(r.id)) break; // a cycle: stop where it closes
    out.push(r.id);
  }
  return out;
}

/**
 * Replies shown in a thread come from humans (semantics §2.3 thread_view, humanity check on): without TrustRank a
 * replier is human unless flagged spam in filter_list, or when the viewer follows them (`user_is_human`).
 */
function humanReplier(eb: ExpressionBuilder<Database, 'event_replies'>, viewer: string | null | undefined) {
  const flagged = eb.exists(
    eb
      .selectFrom('filter_list as fl')
      .select('fl.target')
      .whereRef('fl.target', '=', 'event_replies.reply_pubkey')
      .where('fl.grp', '=', 'spam')
      .where('fl.blocked', '=', 1),
  );
  if (!viewer) return eb.not(flagged);
  const followed = eb.exists(
    eb
      .selectFrom('pubkey_followers as pf')
      .select('pf.pubkey')
      .whereRef('pf.pubkey', '=', 'event_replies.reply_pubkey')
      .where('pf.follower_pubkey', '=', viewer),
  );
  return eb.or([eb.not(flagged), followed]);
}

/** How a thread view finds its parts: the kinds of replies listed, and the ancestor walk. */
export interface ThreadParts {
  /** Kinds of the replies listed (undefined = every reply kind). */
  replyKinds?: readonly number[];
  /** The ancestors of the note, nearest first. */
  ancestors(store: Store, self: NostrEvent): Promise<string[]>;
  /** The same from the note's id alone, when it needs no more (then it starts with the note's own read). */
  ancestorsById?(store: Store, id: string): Promise<string[]>;
}

/**
 * A thread answer: the note, its ancestor chain (unless include_parent_posts is false) and its direct replies by
 * humans (newest first, paged on reply time) as one bundle whose one FeedRange lists them all, since/until bounding
 * the replies.
 */
export async function threadAnswer(ctx: CommandContext, p: CommandPayload, parts: ThreadParts): Promise<CacheEvent[]> {
  const id = hexArg(p, 'event_id');
  const paging = pagingArgs(p, ctx.now(), 20, 1000);
  const viewer = viewerOf(ctx, p);
  const kinds = parts.replyKinds;
  // the note, its replies and (by id) its ancestors are read at once: one round trip, not two
  const replyRows = ctx.store.db
    .selectFrom('event_replies')
    .select(['reply_id', 'reply_created_at'])
    .where('parent_id', '=', id)
    .$if(kinds !== undefined, (q) => q.where('reply_kind', 'in', kinds && kinds.length > 0 ? [...kinds] : [-1]))
    .where((eb) => humanReplier(eb, viewer))
    .where('reply_created_at', '<=', paging.until)
    .where('reply_created_at', '>=', paging.since)
    .orderBy('reply_created_at', 'desc')
    .orderBy('reply_id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  const withParents = boolArg(p, 'include_parent_posts', true);
  const early = withParents ? parts.ancestorsById?.(ctx.store, id) : undefined;
  for (const pending of [replyRows, early]) pending?.catch(() => undefined); // awaited below unless the note is absent
  const self = (await loadEvents(ctx.store, [id])).get(id);
  if (!self) return enrichPosts(ctx.store, [], { viewer });
  const [parents, replies] = await Promise.all([
    early ?? (withParents ? parts.ancestors(ctx.store, self) : []),
    replyRows,
  ]);
  // with the read cache on, the replies' events come with the parents' (enrichPosts then finds them there)
  const preload = readCacheOf(ctx.store) ? replies.map((r) => r.reply_id) : [];
  const parentEvents = await loadEvents(ctx.store, [...parents, ...preload]);
  const posts: BundlePost[] = [
    { id, value: self.created_at },
    ...parents.flatMap((pid) => {
      const e = parentEvents.get(pid);
      return e ? [{ id: pid, value: e.created_at }] : [];
    }),
    ...replies.map((r) => ({ id: r.reply_id, value: Number(r.reply_created_at) })),
  ];
  // the one FeedRange's since/until bound the page of replies (what until/since page), not the ancestors: those are
  // older than every reply, so until = since would skip every reply left
  const times = replies.map((r) => Number(r.reply_created_at));
  const rangeBounds = times.length > 0 ? { since: Math.min(...times), until: Math.max(...times) } : undefined;
  return enrichPosts(ctx.store, posts, { viewer, rangeBounds });
}

/**
 * thread_view {event_id, limit (20), since, until, offset, user_pubkey, include_parent_posts (true)}: threadAnswer
 * with replies of every kind and ancestors by `event_replies` (the reference sends two ranges, replies and
 * ancestors; one keeps clients' page assembly simple).
 */
async function threadView(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  return threadAnswer(ctx, p, { ancestors: (store, self) => ancestors(store, self.id), ancestorsById: ancestors });
}

/** The thread command (thread_view; the mobile verbs' multi_kind_thread_view reuses threadAnswer). */
export const contentThreadCommands: CommandRecord = {
  thread_view: threadView,
};
