import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind, Kind } from '@tide/core/nostr';
import { userExtras } from './bundle.ts';
import { noteActions, noteStats } from './content-bundle-parts.ts';
import { asCacheEvent, followsOf, hexArg, loadAddress, strArg, synth, toEvent, viewerOf } from './content-common.ts';
import type { CommandContext, CommandPayload, CommandRecord } from './context.ts';

/** At most this many handlers in the marketplace answer. */
const MARKETPLACE_LIMIT = 50;

/** 'reads' when the handler lists kind 30023 among its `k` tags, else 'notes'. */
function feedKindOf(e: NostrEvent): 'notes' | 'reads' {
  return e.tags.some((t) => t[0] === 'k' && t[1] === String(Kind.LongForm)) ? 'reads' : 'notes';
}

/**
 * 10000156 per handler some of the viewer's follows liked or zapped: `{event_id, dvm_pubkey, dvm_id, dvm_kind,
 * users}` (protocol §2 DVMFollowsActions; semantics §3).
 */
async function followsActions(ctx: CommandContext, viewer: string, handlers: NostrEvent[]): Promise<CacheEvent[]> {
  const follows = await followsOf(ctx.store, viewer);
  if (follows.length === 0) return [];
  const rows = await ctx.store.db
    .selectFrom('event_pubkey_actions')
    .select(['event_id', 'pubkey'])
    .where(
      'event_id',
      'in',
      handlers.map((e) => e.id),
    )
    .where('pubkey', 'in', follows)
    .where((eb) => eb.or([eb('liked', '=', 1), eb('zapped', '=', 1)]))
    .orderBy('pubkey')
    .execute();
  return handlers.flatMap((e) => {
    const users = rows.filter((r) => r.event_id === e.id).map((r) => r.pubkey);
    if (users.length === 0) return [];
    const dvmId = e.tags.find((t) => t[0] === 'd')?.[1] ?? '';
    const content = { event_id: e.id, dvm_pubkey: e.pubkey, dvm_id: dvmId, dvm_kind: feedKindOf(e), users };
    return [synth(CacheKind.DvmFollowsActions, content)];
  });
}

/**
 * The marketplace answer for DVM feed handlers (protocol §3, `get_featured_dvm_feeds`): each 31990, its 10000159
 * metadata, 10000100 `{event_id, likes, satszapped}`, the authors' kind 0s (+ scores), the viewer's 10000115 and
 * 10000156 (which of the viewer's follows liked or zapped it).
 */
async function dvmBundle(ctx: CommandContext, p: CommandPayload, handlers: NostrEvent[]): Promise<CacheEvent[]> {
  if (handlers.length === 0) return [];
  const ids = handlers.map((e) => e.id);
  const viewer = viewerOf(ctx, p);
  const [stats, authors, actions, follows] = await Promise.all([
    noteStats(ctx.store, ids),
    userExtras(
      ctx.store,
      handlers.map((e) => e.pubkey),
    ),
    viewer ? noteActions(ctx.store, viewer, ids) : Promise.resolve([]),
    viewer ? followsActions(ctx, viewer, handlers) : Promise.resolve([]),
  ]);
  const out: CacheEvent[] = [];
  for (const e of handlers) {
    out.push(asCacheEvent(e), synth(CacheKind.DvmMetadata, { event_id: e.id, kind: feedKindOf(e), is_primal: false }));
  }
  for (const s of stats) {
    const c = JSON.parse(s.content ?? '{}') as { event_id: string; likes: number; satszapped: number };
    out.push(synth(CacheKind.NoteStats, { event_id: c.event_id, likes: c.likes, satszapped: c.satszapped }));
  }
  out.push(...authors, ...actions, ...follows);
  return out;
}

/** get_featured_dvm_feeds {kind?, user_pubkey?}: current DVM feed handlers (31990), newest first, with their bundle. */
async function featuredDvmFeeds(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const kindFilter = strArg(p, 'kind');
  const rows = await ctx.store.db
    .selectFrom('replaceable_events as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select(['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'])
    .where('r.kind', '=', Kind.DvmFeed)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'asc')
    .limit(MARKETPLACE_LIMIT)
    .execute();
  const handlers = rows.map(toEvent).filter((e) => !kindFilter || feedKindOf(e) === kindFilter);
  return dvmBundle(ctx, p, handlers);
}

/** dvm_feed_info {identifier, pubkey, user_pubkey?}: one DVM feed handler (31990) by address, with its bundle. */
async function dvmFeedInfo(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const identifier = strArg(p, 'identifier');
  const e = await loadAddress(ctx.store, Kind.DvmFeed, pubkey, identifier);
  return e ? dvmBundle(ctx, p, [e]) : [];
}

/** The DVM feed marketplace commands. */
export const exploreDvmFeedCommands: CommandRecord = {
  get_featured_dvm_feeds: featuredDvmFeeds,
  dvm_feed_info: dvmFeedInfo,
};
