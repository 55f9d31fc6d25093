import type { NostrEvent } from '@tide/core/nostr';
import { type IngestContext, isTrusted } from '../context.ts';
import { type EventRef, isHex64, isLikeContent, noteReferences, replyParent } from '../event-refs.ts';
import { recordAction, replyWeight, SCORE_WEIGHTS, scoreAction } from './scoring.ts';

/** Kinds that can be replies (semantics §1.4). */
export const REPLY_KINDS = new Set([1, 20, 1068, 6969, 1111]);
/** Kinds whose quotes count as reposts. */
const QUOTING_KINDS = new Set([1, 20, 1111]);
/** Pseudo-kind used to tell quotes apart from replies in first-action scoring. */
const QUOTE_ACTION = -1;

type Counter = 'likes' | 'replies' | 'reposts' | 'zaps' | 'satszapped';

/** Resolves an id or address reference to the id of the stored (or batch) event, '' when unknown. */
export function resolveRef(ctx: IngestContext, ref: EventRef): string {
  if (ref.id) return ref.id;
  if (ref.address) return ctx.addresses.get(ref.address)?.id ?? '';
  return '';
}

/** Adds to a note's counters, and to its article row when the target is a long-form article. */
export function bumpCounters(ctx: IngestContext, targetId: string, deltas: Partial<Record<Counter, number>>): void {
  ctx.buf.add('event_stats', { event_id: targetId }, deltas);
  const known = ctx.known.get(targetId);
  if (known?.kind === 30023) {
    ctx.buf.add('reads', { pubkey: known.pubkey, identifier: known.identifier }, deltas);
  }
}

/** Kind 7: likes on every `e` target when the content is a like, action rows for all reactions. */
export function indexReaction(ctx: IngestContext, e: NostrEvent): void {
  if (e.kind !== 7) return;
  ctx.buf.add('net_stats', { key: 'reactions' }, { value: 1 });
  const like = isLikeContent(e.content);
  const seen = new Set<string>();
  for (const t of e.tags) {
    if (t[0] !== 'e' || !isHex64(t[1]) || seen.has(t[1])) continue;
    seen.add(t[1]);
    recordAction(ctx, t[1], e, like ? 'liked' : null);
    if (!like) continue;
    if (isTrusted(ctx, e.pubkey)) bumpCounters(ctx, t[1], { likes: 1 });
    scoreAction(ctx, t[1], e.pubkey, 7, SCORE_WEIGHTS.like, e.created_at);
  }
}

/** Kind 6: the first `e` tag is reposted. */
export function indexRepost(ctx: IngestContext, e: NostrEvent): void {
  if (e.kind !== 6) return;
  ctx.buf.add('net_stats', { key: 'reposts' }, { value: 1 });
  const t = e.tags.find((tag) => tag[0] === 'e' && isHex64(tag[1]));
  if (!t) return;
  bumpCounters(ctx, t[1], { reposts: 1 });
  recordAction(ctx, t[1], e, 'reposted');
  scoreAction(ctx, t[1], e.pubkey, 6, SCORE_WEIGHTS.repost, e.created_at);
}

/** The parent of a reply as stored: event id ('' if only an unknown address) and coordinate. */
export function replyTarget(ctx: IngestContext, e: NostrEvent): { parentId: string; address: string } | null {
  if (!REPLY_KINDS.has(e.kind)) return null;
  const ref = replyParent(e.tags);
  if (!ref) return null;
  const parentId = resolveRef(ctx, ref);
  if (parentId === e.id) return null;
  return { parentId, address: ref.address ?? '' };
}

/** Replies: thread row, parent's reply counter (trusted repliers), action and score by reply length. */
export function indexReply(ctx: IngestContext, e: NostrEvent): void {
  const target = replyTarget(ctx, e);
  if (!target) return;
  ctx.buf.insert('event_replies', {
    reply_id: e.id,
    parent_id: target.parentId,
    parent_address: target.address,
    reply_pubkey: e.pubkey,
    reply_kind: e.kind,
    reply_created_at: e.created_at,
  });
  ctx.buf.add('net_stats', { key: 'replies' }, { value: 1 });
  if (!target.parentId) return;
  if (isTrusted(ctx, e.pubkey)) bumpCounters(ctx, target.parentId, { replies: 1 });
  recordAction(ctx, target.parentId, e, 'replied');
  scoreAction(ctx, target.parentId, e.pubkey, e.kind, replyWeight(e.content), e.created_at);
}

/** Ids of the events a note quotes (addresses resolved to their current version). */
export function quotedTargets(ctx: IngestContext, e: NostrEvent): string[] {
  if (!QUOTING_KINDS.has(e.kind)) return [];
  const refs = noteReferences(e);
  const ids = new Set(refs.quotedIds);
  for (const a of refs.quotedAddresses) {
    const id = ctx.addresses.get(a)?.id;
    if (id) ids.add(id);
  }
  ids.delete(e.id);
  return [...ids];
}

/** Quotes count as reposts (semantics §1.4) and score like a repost. */
export function indexQuotes(ctx: IngestContext, e: NostrEvent): void {
  for (const id of quotedTargets(ctx, e)) {
    bumpCounters(ctx, id, { reposts: 1 });
    scoreAction(ctx, id, e.pubkey, QUOTE_ACTION, SCORE_WEIGHTS.quote, e.created_at);
  }
}
