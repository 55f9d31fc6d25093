import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind, Kind } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import { enrichPosts, feedRange, userExtras } from './bundle.ts';
import {
  asCacheEvent,
  hexArg,
  loadAddress,
  loadEvents,
  numArg,
  optHexArg,
  strArg,
  synth,
  viewerOf,
} from './content-common.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';
import { mutedPubkeys } from './people-moderation.ts';
import { zapListAnswer } from './zap-list-answer.ts';

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
  return zapListAnswer(ctx.store, rows);
}

/** What others did with one event: who acted on it, the notes quoting it, its zaps by amount. */
export const contentEventActivityCommands: CommandRecord = {
  event_actions: eventActions,
  note_mentions: noteMentions,
  note_mentions_count: noteMentionsCount,
  event_zaps_by_satszapped: eventZapsBySatszapped,
};
