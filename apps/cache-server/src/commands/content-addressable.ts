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
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';

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

/**
 * get_highlights {pubkey, identifier, kind, user_pubkey}: highlights (9802) of an article, their authors, and
 * 10000151 `{highlighted text: [ids of notes quoting the highlight]}`.
 */
async function getHighlights(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  if (p.event_id !== undefined && p.pubkey === undefined) throw new CommandError('event_id is not supported');
  const pubkey = hexArg(p, 'pubkey');
  const address = `${numArg(p, 'kind', Kind.LongForm)}:${pubkey}:${strArg(p, 'identifier')}`;
  const rows = await ctx.store.db
    .selectFrom('event_tags')
    .select('event_id')
    .where('name', '=', 'a')
    .where('value', '=', address)
    .where('kind', '=', Kind.Highlight)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  const highlights = [
    ...(
      await loadEvents(
        ctx.store,
        rows.map((r) => r.event_id),
      )
    ).values(),
  ];
  const quotes = await ctx.store.db
    .selectFrom('event_tags')
    .select(['event_id', 'value'])
    .where('name', '=', 'q')
    .where('value', 'in', highlights.length > 0 ? highlights.map((h) => h.id) : [''])
    .execute();
  const groups: Record<string, string[]> = {};
  for (const h of highlights) {
    groups[h.content] = [
      ...(groups[h.content] ?? []),
      ...quotes.filter((q) => q.value === h.id).map((q) => q.event_id),
    ];
  }
  return [
    ...highlights.map(asCacheEvent),
    ...(await userExtras(
      ctx.store,
      highlights.map((h) => h.pubkey),
    )),
    synth(CacheKind.HighlightGroups, groups),
  ];
}

/** Addressable-event commands: parametrized replaceable events and article highlights. */
export const contentAddressableCommands: CommandRecord = {
  parametrized_replaceable_event: parametrizedReplaceableEvent,
  parametrized_replaceable_events: parametrizedReplaceableEvents,
  get_highlights: getHighlights,
};
