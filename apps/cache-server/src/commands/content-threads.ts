import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind, Kind } from '@tide/core/nostr';
import { type ExpressionBuilder, sql } from 'kysely';
import { readCacheOf } from '../read-cache/read-cache.ts';
import type { Database, Store } from '../store/index.ts';
import { type BundlePost, enrichPosts, feedRange, userExtras, zapReceiptEvents } from './bundle.ts';
import {
  asCacheEvent,
  boolArg,
  hexArg,
  isHex,
  loadAddress,
  loadEvents,
  numArg,
  optHexArg,
  pagingArgs,
  strArg,
  synth,
  viewerOf,
} from './content-common.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';
import { mutedPubkeys } from './people-moderation.ts';

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

/** events {event_ids, extended_response, user_pubkey}: raw events by created_at ascending, or a bundle. */
async function events(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const ids = p.event_ids;
  if (!Array.isArray(ids) || !ids.every(isHex)) throw new CommandError('invalid event_ids');
  if (ids.length > 1000) throw new CommandError('too many event_ids (max 1000)');
  const found = [...(await loadEvents(ctx.store, ids)).values()].sort((a, b) => a.created_at - b.created_at);
  if (!boolArg(p, 'extended_response', false)) return found.map(asCacheEvent);
  const senders = found
    .filter((e) => e.kind === Kind.Zap)
    .map((e) => zapSender(e))
    .filter(isHex);
  const bundle = await enrichPosts(
    ctx.store,
    found.map((e) => ({ id: e.id, value: e.created_at })),
    { viewer: viewerOf(ctx, p) },
  );
  return senders.length > 0 ? [...(await userExtras(ctx.store, senders)), ...bundle] : bundle;
}

function zapSender(receipt: NostrEvent): string | undefined {
  const big = receipt.tags.find((t) => t[0] === 'P')?.[1];
  if (big) return big;
  try {
    const desc = receipt.tags.find((t) => t[0] === 'description')?.[1];
    return desc ? (JSON.parse(desc) as { pubkey?: string }).pubkey : undefined;
  } catch {
    return undefined;
  }
}

/** The event a request targets: `event_id`, or the current version of `kind:pubkey:identifier`. */
async function targetOf(store: Store, p: CommandPayload): Promise<{ id: string; address?: string } | undefined> {
  const id = optHexArg(p, 'event_id');
  if (id) return { id };
  const pubkey = hexArg(p, 'pubkey');
  const identifier = strArg(p, 'identifier');
  const kind = numArg(p, 'kind', Kind.LongForm);
  const e = await loadAddress(
    store,
    kind === Kind.LongForm || kind >= 30000 ? kind : Kind.LongForm,
    pubkey,
    identifier,
  );
  return e ? { id: e.id, address: `${e.kind}:${pubkey}:${identifier}` } : undefined;
}

/** event_actions {event_id | pubkey+identifier, kind (7, 6, 1, 9735), limit (100 ≤1000), offset}: who acted, newest first. */
async function eventActions(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const kind = p.kind;
  if (typeof kind !== 'number' || !Number.isInteger(kind)) throw new CommandError('invalid kind');
  const target = await targetOf(ctx.store, { ...p, kind: Kind.LongForm });
  if (!target) return [];
  const limit = numArg(p, 'limit', 100, 1000);
  const rows = await ctx.store.db
    .selectFrom('event_pubkey_action_refs')
    .select(['ref_event_id', 'ref_pubkey', 'ref_created_at'])
    .where('event_id', '=', target.id)
    .where('ref_kind', '=', kind)
    .orderBy('ref_created_at', 'desc')
    .orderBy('ref_event_id', 'desc')
    .limit(limit)
    .offset(numArg(p, 'offset', 0))
    .execute();
  const found = await loadEvents(
    ctx.store,
    rows.map((r) => r.ref_event_id),
  );
  const acts = rows.flatMap((r) => {
    const e = found.get(r.ref_event_id);
    return e ? [asCacheEvent(e)] : [];
  });
  const users = await userExtras(
    ctx.store,
    rows.map((r) => r.ref_pubkey),
  );
  return [...acts, ...users];
}

/** Ids of notes quoting a target (event_mentions), newest first. */
async function quotingIds(store: Store, target: { id: string; address?: string }, limit: number, offset: number) {
  const targets = target.address ? [target.id, target.address] : [target.id];
  return store.db
    .selectFrom('event_mentions as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .select(['m.event_id', 'm.created_at'])
    .where('m.target', 'in', targets)
    .where('e.kind', '=', Kind.Text)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.event_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** note_mentions {event_id | pubkey+identifier, limit (100), offset, user_pubkey}: quoting notes, bundle, no range. */
async function noteMentions(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const target = await targetOf(ctx.store, p);
  if (!target) return [];
  const rows = await quotingIds(ctx.store, target, numArg(p, 'limit', 100, 1000), numArg(p, 'offset', 0));
  const posts = rows.map((r) => ({ id: r.event_id, value: Number(r.created_at) }));
  return enrichPosts(ctx.store, posts, { viewer: viewerOf(ctx, p), range: false });
}

/** note_mentions_count {event_id} → 10000143 {event_id, count}. */
async function noteMentionsCount(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const id = hexArg(p, 'event_id');
  const row = await ctx.store.db
    .selectFrom('event_mentions as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .select((eb) => eb.fn.count<number>('m.event_id').distinct().as('n'))
    .where('m.target', '=', id)
    .where('e.kind', '=', Kind.Text)
    .executeTakeFirst();
  return [synth(CacheKind.NoteQuoteStats, { event_id: id, count: Number(row?.n ?? 0) })];
}

/**
 * event_zaps_by_satszapped {event_id | pubkey+identifier, limit (20), since/until (bounds on amount; until default
 * 1e11), offset, user_pubkey}: zaps by amount desc (zaps from senders the viewer muted left out) — receipts,
 * 10000129 objects, users, RANGE order_by amount_sats.
 */
async function eventZapsBySatszapped(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const target = await targetOf(ctx.store, p);
  if (!target) return [feedRange('amount_sats', [])];
  const until = numArg(p, 'until', 0) || 1e11;
  const viewer = viewerOf(ctx, p);
  const muted = viewer ? [...(await mutedPubkeys(ctx.store, viewer))] : [];
  const rows = await ctx.store.db
    .selectFrom('zap_receipts')
    .select(['receipt_id', 'created_at', 'sender', 'receiver', 'amount_sats', 'target_event_id'])
    .where((eb) =>
      target.address
        ? eb.or([eb('target_event_id', '=', target.id), eb('target_address', '=', target.address)])
        : eb('target_event_id', '=', target.id),
    )
    .where('amount_sats', '<=', until)
    .where('amount_sats', '>=', numArg(p, 'since', 0))
    .$if(muted.length > 0, (q) => q.where('sender', 'not in', muted))
    .orderBy('amount_sats', 'desc')
    .orderBy('receipt_id', 'desc')
    .limit(numArg(p, 'limit', 20, 1000))
    .offset(numArg(p, 'offset', 0))
    .execute();
  const out: CacheEvent[] = await zapReceiptEvents(ctx.store, rows);
  out.push(
    ...(await userExtras(
      ctx.store,
      rows.flatMap((r) => [r.sender, r.receiver]),
    )),
  );
  out.push(
    feedRange(
      'amount_sats',
      rows.map((r) => ({ id: r.receipt_id, value: Number(r.amount_sats) })),
    ),
  );
  return out;
}

/** The thread and single-event commands. */
export const contentThreadCommands: CommandRecord = {
  thread_view: threadView,
  events,
  event_actions: eventActions,
  note_mentions: noteMentions,
  note_mentions_count: noteMentionsCount,
  event_zaps_by_satszapped: eventZapsBySatszapped,
};
