import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { Kind } from '@tide/core/nostr';
import { enrichPosts, userExtras } from './bundle.ts';
import { asCacheEvent, boolArg, isHex, loadEvents, viewerOf } from './content-common.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';

const GIFT_WRAP = 1059;

/** events {event_ids, extended_response, user_pubkey}: raw events by created_at ascending, or a bundle. */
async function events(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const ids = p.event_ids;
  if (!Array.isArray(ids) || !ids.every(isHex)) throw new CommandError('invalid event_ids');
  if (ids.length > 1000) throw new CommandError('too many event_ids (max 1000)');
  // gift wraps are served only to their authenticated recipient, by the relay (NIP-17), never by id here
  const found = [...(await loadEvents(ctx.store, ids)).values()]
    .filter((e) => e.kind !== GIFT_WRAP)
    .sort((a, b) => a.created_at - b.created_at);
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

/** The events-by-id command. */
export const contentEventsCommands: CommandRecord = {
  events,
};
