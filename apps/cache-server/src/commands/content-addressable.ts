import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind, Kind } from '@tide/core/nostr';
import { enrichPosts, userExtras } from './bundle.ts';
import {
  asCacheEvent,
  boolArg,
  hexArg,
  isHex,
  loadAddress,
  loadEvents,
  numArg,
  strArg,
  synth,
  viewerOf,
} from './content-common.ts';
import { isMuted, muteRulesOf } from './content-mutes.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';
import { hiddenPubkeys } from './people-moderation.ts';

/** parametrized_replaceable_event {pubkey, kind, identifier, extended_response}: the current addressable event. */
async function parametrizedReplaceableEvent(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const kind = numArg(p, 'kind', Kind.LongForm);
  const e = await loadAddress(ctx.store, kind, pubkey, strArg(p, 'identifier'));
  if (!e) return [];
  if (!boolArg(p, 'extended_response', false)) return [asCacheEvent(e)];
  return enrichPosts(ctx.store, [{ id: e.id, value: e.created_at }], { viewer: viewerOf(ctx, p), range: false });
}

/** parametrized_replaceable_events {events: [{pubkey, kind, identifier}], extended_response}. */
async function parametrizedReplaceableEvents(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const list = p.events;
  if (!Array.isArray(list) || list.length > 500) throw new CommandError('invalid events');
  const found: NostrEvent[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') throw new CommandError('invalid events');
    const a = item as Record<string, unknown>;
    if (!isHex(a.pubkey) || typeof a.kind !== 'number') throw new CommandError('invalid events');
    const e = await loadAddress(ctx.store, a.kind, a.pubkey, typeof a.identifier === 'string' ? a.identifier : '');
    if (e) found.push(e);
  }
  if (!boolArg(p, 'extended_response', false)) return found.map(asCacheEvent);
  return enrichPosts(
    ctx.store,
    found.map((e) => ({ id: e.id, value: e.created_at })),
    { viewer: viewerOf(ctx, p), range: false },
  );
}

/** Most replies per highlight in a get_highlights answer (semantics §2.3). */
const REPLIES_PER_HIGHLIGHT = 100;

/** Highlights (9802) of an address, newest first, without those the viewer's mutes or filter lists hide. */
async function highlightsOf(ctx: CommandContext, address: string, viewer: string | null): Promise<NostrEvent[]> {
  const rows = await ctx.store.db
    .selectFrom('event_tags')
    .select('event_id')
    .where('name', '=', 'a')
    .where('value', '=', address)
    .where('kind', '=', Kind.Highlight)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  const found = await loadEvents(
    ctx.store,
    rows.map((r) => r.event_id),
  );
  const all = rows.flatMap((r) => found.get(r.event_id) ?? []);
  const [rules, hidden] = await Promise.all([
    muteRulesOf(ctx.store, viewer),
    hiddenPubkeys(
      ctx.store,
      viewer,
      all.map((h) => h.pubkey),
    ),
  ]);
  return all.filter((h) => !hidden.has(h.pubkey) && !isMuted(rules, h));
}

/** Up to 100 newest replies of each highlight, as bundle posts. */
async function highlightReplies(ctx: CommandContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.store.db
    .selectFrom('event_replies')
    .select(['parent_id', 'reply_id', 'reply_created_at'])
    .where('parent_id', 'in', [...ids])
    .orderBy('reply_created_at', 'desc')
    .limit(REPLIES_PER_HIGHLIGHT * ids.length)
    .execute();
  const perParent = new Map<string, number>();
  return rows.flatMap((r) => {
    const n = (perParent.get(r.parent_id) ?? 0) + 1;
    perParent.set(r.parent_id, n);
    return n <= REPLIES_PER_HIGHLIGHT ? [{ id: r.reply_id, value: Number(r.reply_created_at) }] : [];
  });
}

/**
 * get_highlights {pubkey, identifier, kind, user_pubkey}: highlights (9802) of an article (minus those the viewer's
 * mutes or filter lists hide), their authors, 10000151 `{highlighted text: [ids of notes quoting the highlight]}`,
 * and up to 100 replies of each highlight as a bundle (the viewer's actions, no FeedRange).
 */
async function getHighlights(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  if (p.event_id !== undefined && p.pubkey === undefined) throw new CommandError('event_id is not supported');
  const pubkey = hexArg(p, 'pubkey');
  const address = `${numArg(p, 'kind', Kind.LongForm)}:${pubkey}:${strArg(p, 'identifier')}`;
  const viewer = viewerOf(ctx, p);
  const highlights = await highlightsOf(ctx, address, viewer);
  const ids = highlights.map((h) => h.id);
  const quotes = await ctx.store.db
    .selectFrom('event_tags')
    .select(['event_id', 'value'])
    .where('name', '=', 'q')
    .where('value', 'in', ids.length > 0 ? ids : [''])
    .execute();
  const groups: Record<string, string[]> = {};
  for (const h of highlights) {
    groups[h.content] = [
      ...(groups[h.content] ?? []),
      ...quotes.filter((q) => q.value === h.id).map((q) => q.event_id),
    ];
  }
  const replies = await highlightReplies(ctx, ids);
  return [
    ...highlights.map(asCacheEvent),
    ...(await userExtras(
      ctx.store,
      highlights.map((h) => h.pubkey),
    )),
    synth(CacheKind.HighlightGroups, groups),
    ...(replies.length > 0 ? await enrichPosts(ctx.store, replies, { viewer, range: false }) : []),
  ];
}

/** replaceable_event {pubkey, kind}: the user's current replaceable event of that kind (0, 3, 10000–19999). */
async function replaceableEvent(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const kind = p.kind;
  const replaceable = kind === 0 || kind === 3 || (typeof kind === 'number' && kind >= 10000 && kind < 20000);
  if (typeof kind !== 'number' || !Number.isInteger(kind) || !replaceable) throw new CommandError('invalid kind');
  const e = await loadAddress(ctx.store, kind, pubkey, '');
  return e ? [asCacheEvent(e)] : [];
}

/** find_reposts {event_id, pubkey}: the user's reposts (kind 6) of the event, newest first (to delete one's own). */
async function findReposts(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const id = hexArg(p, 'event_id');
  const pubkey = hexArg(p, 'pubkey');
  const rows = await ctx.store.db
    .selectFrom('event_pubkey_action_refs')
    .select('ref_event_id')
    .where('event_id', '=', id)
    .where('ref_pubkey', '=', pubkey)
    .where('ref_kind', '=', Kind.Repost)
    .orderBy('ref_created_at', 'desc')
    .limit(20)
    .execute();
  const found = await loadEvents(
    ctx.store,
    rows.map((r) => r.ref_event_id),
  );
  return rows.flatMap((r) => {
    const e = found.get(r.ref_event_id);
    return e ? [asCacheEvent(e)] : [];
  });
}

/** Replaceable/addressable-event commands: (parametrized) replaceable events, a user's reposts, article highlights. */
export const contentAddressableCommands: CommandRecord = {
  replaceable_event: replaceableEvent,
  find_reposts: findReposts,
  parametrized_replaceable_event: parametrizedReplaceableEvent,
  parametrized_replaceable_events: parametrizedReplaceableEvents,
  get_highlights: getHighlights,
};
