import type { CacheEvent } from '@tide/core/nostr';
import { Kind } from '@tide/core/nostr';
import { enrichPosts } from './bundle.ts';
import { defaultAccount, isHex, loadAddress, loadEvents, optHexArg, pagingArgs, viewerOf } from './content-common.ts';
import { contentReadsCommands, readsFeed, readsQueryFor } from './content-reads.ts';
import { searchNotes } from './content-search.ts';
import { type CommandContext, CommandError, type CommandPayload } from './context.ts';
import { exploreFeed } from './explore-notes.ts';
import { feed, kindsArg } from './feed-notes.ts';

/** Reads a spec: a JSON string (protocol §4) or an object; anything else is a NOTICE. */
export function parseSpec(spec: unknown): Record<string, unknown> {
  let value = spec;
  if (typeof spec === 'string') {
    try {
      value = JSON.parse(spec);
    } catch {
      throw new CommandError('invalid spec format');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new CommandError('invalid spec format');
  return value as Record<string, unknown>;
}

const SEARCH_SPECS: Record<string, string> = {
  'video-reels': 'kind:1 filter:video',
  'wide-net-notes': 'kind:1 scope:myfollowsinteractions',
  'strange-but-popular': 'kind:1 scope:notmyfollows minscore:50',
  'only-tweets': 'kind:1 maxchars:140',
  'engaging-discussions': 'kind:1 minreplies:2 orderby:replies',
  'explore-media': 'kind:1 filter:image',
  'nostr-reads-feed': 'kind:30023 scope:myfollowsinteractions minwords:100',
};

/**
 * Runs a mega-feed spec (protocol §4.2) with the request's paging arguments. A `kinds` array (request or spec)
 * applies to latest/feed/global-trending/all-notes/most-zapped: its first kind only (semantics §2.3), or all of them
 * for `multiKind` (multi_kind_mega_feed_directive).
 */
export async function runSpec(
  ctx: CommandContext,
  spec: Record<string, unknown>,
  p: CommandPayload,
  opts: { multiKind?: boolean } = {},
): Promise<CacheEvent[]> {
  const id = typeof spec.id === 'string' ? spec.id : '';
  const kind = typeof spec.kind === 'string' ? spec.kind : '';
  const viewer = viewerOf(ctx, p) ?? defaultAccount();
  const args: CommandPayload = { ...spec, ...p, user_pubkey: viewer };
  delete args.spec;
  const listed = kindsArg(args, []);
  const kinds = listed.length === 0 ? undefined : opts.multiKind ? listed : listed.slice(0, 1);
  if (kinds) args.kinds = kinds;
  else delete args.kinds;
  if (typeof spec.dvm_id === 'string' && isHex(spec.dvm_pubkey)) return dvmFeed(ctx, spec.dvm_pubkey, spec.dvm_id, p);
  if (id === 'advsearch') return searchNotes(ctx, args, typeof spec.query === 'string' ? spec.query : '');
  if (id === 'search') return searchNotes(ctx, args, typeof spec.query === 'string' ? spec.query : '');
  if (SEARCH_SPECS[id]) return searchNotes(ctx, args, SEARCH_SPECS[id]);
  if (kind === 'drafts') return feedDrafts(ctx, spec, p);
  if (id === 'reads-feed' || kind === 'reads') {
    const pubkey = optHexArg(spec, 'pubkey');
    const scope = typeof spec.scope === 'string' ? spec.scope : typeof spec.notes === 'string' ? spec.notes : '';
    const minwords = typeof spec.minwords === 'number' ? spec.minwords : pubkey ? 0 : 100;
    const topic = typeof spec.topic === 'string' ? spec.topic : undefined;
    const q = await readsQueryFor(ctx.store, scope, pubkey, viewer, { topic, minwords });
    return readsFeed(ctx, args, q, viewer);
  }
  if (id === 'latest') {
    return feed(ctx, { ...args, pubkey: viewer, notes: 'follows', include_replies: spec.include_replies === true });
  }
  if (id === 'feed') {
    const pubkey = optHexArg(spec, 'pubkey') ?? viewer;
    return feed(ctx, { ...args, pubkey, notes: typeof spec.notes === 'string' ? spec.notes : 'follows' });
  }
  const hours = typeof spec.hours === 'number' ? spec.hours : undefined;
  if (id === 'global-trending') return exploreFeed(ctx, args, 'trending', 'global', { hours: hours ?? 24, kinds });
  if (id === 'most-zapped') return exploreFeed(ctx, args, 'mostzapped', 'global', { hours: hours ?? 24, kinds });
  if (id === 'all-notes') return exploreFeed(ctx, args, 'latest', 'global', { kinds });
  if (id === 'hall-of-fame-notes') return exploreFeed(ctx, { ...args, created_after: 0 }, 'popular', 'global');
  if (id === 'important-notes-i-might-have-missed') return repostedByFollows(ctx, viewer, args);
  if (id === 'bookmarked-by-follows') return bookmarkedByFollows(ctx, viewer, args);
  if (id === 'muted-threads') {
    const rows = await ctx.store.db
      .selectFrom('list_items as li')
      .innerJoin('events as e', 'e.id', 'li.value')
      .select(['e.id', 'e.created_at'])
      .where('li.pubkey', '=', viewer)
      .where('li.kind', '=', Kind.MuteList)
      .where('li.tag', '=', 'e')
      .execute();
    return enrichPosts(
      ctx.store,
      rows.map((r) => ({ id: r.id, value: Number(r.created_at) })),
      { viewer },
    );
  }
  throw new CommandError(`unknown feed spec: ${id || kind || 'empty'}`);
}

/** Notes the viewer's follows bookmarked (kind 10003 `e` items), newest note first. */
async function bookmarkedByFollows(ctx: CommandContext, viewer: string, p: CommandPayload): Promise<CacheEvent[]> {
  const paging = pagingArgs(p, ctx.now(), 20, 100);
  const rows = await ctx.store.db
    .selectFrom('list_items as li')
    .innerJoin('pubkey_followers as f', (join) =>
      join.onRef('f.pubkey', '=', 'li.pubkey').on('f.follower_pubkey', '=', viewer),
    )
    .innerJoin('events as e', 'e.id', 'li.value')
    .select(['e.id', 'e.created_at'])
    .distinct()
    .where('li.kind', '=', Kind.Bookmarks)
    .where('li.tag', '=', 'e')
    .where('e.kind', '=', Kind.Text)
    .where('e.created_at', '>=', paging.since)
    .where('e.created_at', '<=', paging.until)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  const posts = rows.map((r) => ({ id: r.id, value: Number(r.created_at) }));
  return enrichPosts(ctx.store, posts, { viewer });
}

/** Notes the viewer's follows reposted in the last 24 hours, newest repost first (ordered by repost time). */
async function repostedByFollows(ctx: CommandContext, viewer: string, p: CommandPayload): Promise<CacheEvent[]> {
  const paging = pagingArgs(p, ctx.now(), 20, 100);
  // From the follows' kind-6 events of the window (events' time index), then each repost's target (ref_event_id):
  // the refs table has no index leading with the reposter or the kind (49 → 7 ms at 1M events).
  const rows = await ctx.store.db
    .selectFrom('pubkey_followers as f')
    .innerJoin('events as e', (join) => join.onRef('e.pubkey', '=', 'f.pubkey').on('e.kind', '=', Kind.Repost))
    .innerJoin('event_pubkey_action_refs as r', (join) =>
      join.onRef('r.ref_event_id', '=', 'e.id').on('r.ref_kind', '=', Kind.Repost),
    )
    .select(['r.event_id'])
    .select((eb) => eb.fn.max('e.created_at').as('at'))
    .where('f.follower_pubkey', '=', viewer)
    .where('e.created_at', '>=', Math.max(paging.since, ctx.now() - 86_400))
    .where('e.created_at', '<=', paging.until)
    .groupBy('r.event_id')
    .orderBy('at', 'desc')
    .orderBy('r.event_id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  const posts = rows.map((r) => ({ id: r.event_id, value: Number(r.at) }));
  return enrichPosts(ctx.store, posts, { viewer });
}

/** A DVM feed (NIP-90 handler 31990, by `d` tag or event id) served through its `primal_spec`, if it has one. */
async function dvmFeed(ctx: CommandContext, pubkey: string, dvmId: string, p: CommandPayload): Promise<CacheEvent[]> {
  const handler =
    (await loadAddress(ctx.store, Kind.DvmFeed, pubkey, dvmId)) ??
    (isHex(dvmId) ? (await loadEvents(ctx.store, [dvmId])).get(dvmId) : undefined);
  let inner: unknown;
  try {
    inner =
      handler && handler.kind === Kind.DvmFeed
        ? (JSON.parse(handler.content) as { primal_spec?: unknown }).primal_spec
        : undefined;
  } catch {
    inner = undefined;
  }
  if (typeof inner !== 'string') throw new CommandError('dvm feed not available');
  const spec = parseSpec(inner);
  if (typeof spec.dvm_id === 'string') throw new CommandError('dvm feed not available');
  return runSpec(ctx, spec, p);
}

async function feedDrafts(
  ctx: CommandContext,
  spec: Record<string, unknown>,
  p: CommandPayload,
): Promise<CacheEvent[]> {
  const pubkey = optHexArg(spec, 'pubkey') ?? viewerOf(ctx, p);
  if (!pubkey) throw new CommandError('invalid pubkey');
  return contentReadsCommands.drafts(ctx, { ...p, pubkey, kind: Kind.LongForm });
}
