import type { NostrEvent, Tag } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { isHex64, isLikeContent, isReplyByRootMarker } from '../event-refs.ts';
import { inChunks } from '../prefetch.ts';
import { bumpCounters, quotedTargets } from './interactions.ts';

/** Tables whose rows hang off one event by `event_id` and go with it. */
const EVENT_ROW_TABLES = [
  'event_tags',
  'search_notes',
  'search_metadata',
  'event_hashtags',
  'event_mentions',
  'event_media',
  'event_links',
  'event_relays',
  'pubkey_events',
] as const;

/** Deletes an event's row and the rows derived from it only (used for replaced versions). */
export async function removeEventRows(ctx: IngestContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  ctx.buf.changes.eventsChanged(ids);
  await inChunks(ids, async (part) => {
    await ctx.trx.deleteFrom('events').where('id', 'in', part).execute();
    for (const t of EVENT_ROW_TABLES) await ctx.trx.deleteFrom(t).where('event_id', 'in', part).execute();
    return [];
  });
}

/** Loads stored events by id (full rows, for undoing what they counted). */
export async function loadFullEvents(ctx: IngestContext, ids: string[]): Promise<NostrEvent[]> {
  const rows = await inChunks(ids, (part) =>
    ctx.trx.selectFrom('events').selectAll().where('id', 'in', part).execute(),
  );
  return rows.map((r) => ({
    id: r.id,
    pubkey: r.pubkey,
    kind: r.kind,
    created_at: r.created_at,
    content: r.content,
    sig: r.sig,
    tags: JSON.parse(r.tags) as Tag[],
  }));
}

/**
 * Removes a deleted event and undoes what it counted: likes and reposts it gave, the reply it was, the post row of
 * its author, its stats and thread rows, DM row, article rows. Other events' rows stay.
 */
export async function removeDeletedEvent(ctx: IngestContext, e: NostrEvent): Promise<void> {
  ctx.buf.changes.everything(); // undoes counts here and there (and deletes rows directly): forget every piece
  const flag = (target: string, col: 'liked' | 'reposted' | 'replied') =>
    ctx.buf.upsert('event_pubkey_actions', { event_id: target, pubkey: e.pubkey }, { [col]: 0, updated_at: ctx.now });
  if (e.kind === 7 && isLikeContent(e.content)) {
    const seen = new Set<string>();
    for (const t of e.tags) {
      if (t[0] !== 'e' || !isHex64(t[1]) || seen.has(t[1])) continue;
      seen.add(t[1]);
      bumpCounters(ctx, t[1], { likes: -1 });
      flag(t[1], 'liked');
    }
  }
  if (e.kind === 6) {
    const t = e.tags.find((tag) => tag[0] === 'e' && isHex64(tag[1]));
    if (t) {
      bumpCounters(ctx, t[1], { reposts: -1 });
      flag(t[1], 'reposted');
    }
  }
  for (const id of quotedTargets(ctx, e)) bumpCounters(ctx, id, { reposts: -1 });
  if (e.kind === 9735) await removeZapReceipt(ctx, e.id);
  const reply = await ctx.trx
    .selectFrom('event_replies')
    .select('parent_id')
    .where('reply_id', '=', e.id)
    .executeTakeFirst();
  if (reply) {
    await ctx.trx.deleteFrom('event_replies').where('reply_id', '=', e.id).execute();
    if (reply.parent_id) {
      bumpCounters(ctx, reply.parent_id, { replies: -1 });
      flag(reply.parent_id, 'replied');
    }
  }
  const post = await ctx.trx
    .selectFrom('pubkey_events')
    .select(['is_reply', 'has_media'])
    .where('event_id', '=', e.id)
    .executeTakeFirst();
  if (post) {
    await ctx.trx.deleteFrom('pubkey_events').where('event_id', '=', e.id).execute();
    const isReply = isReplyByRootMarker(e.tags) ? 1 : 0;
    ctx.buf.add(
      'user_stats',
      { pubkey: e.pubkey },
      { note_count: -(1 - isReply), reply_count: -isReply, media_count: -post.has_media },
    );
  }
  await ctx.trx.deleteFrom('event_stats').where('event_id', '=', e.id).execute();
  await ctx.trx.deleteFrom('direct_messages').where('event_id', '=', e.id).execute();
  await ctx.trx.deleteFrom('notifications').where('source_event_id', '=', e.id).execute();
  await removeEventRows(ctx, [e.id]);
}

/**
 * Undoes a stored zap receipt: its row, the zapped note's zaps and sats, the receiver's totals, the sender's count, the
 * sender's `zapped` flag on the note (when no other receipt of theirs remains) and the action reference.
 */
async function removeZapReceipt(ctx: IngestContext, receiptId: string): Promise<void> {
  await ctx.flush();
  const zap = await ctx.trx
    .selectFrom('zap_receipts')
    .selectAll()
    .where('receipt_id', '=', receiptId)
    .executeTakeFirst();
  if (!zap) return;
  await ctx.trx.deleteFrom('zap_receipts').where('receipt_id', '=', receiptId).execute();
  ctx.buf.add('user_stats', { pubkey: zap.receiver }, { total_zap_count: -1, total_satszapped: -zap.amount_sats });
  ctx.buf.add('user_stats', { pubkey: zap.sender }, { content_zap_count: -1 });
  if (!zap.target_event_id) return;
  bumpCounters(ctx, zap.target_event_id, { zaps: -1, satszapped: -zap.amount_sats });
  await ctx.trx.deleteFrom('event_pubkey_action_refs').where('ref_event_id', '=', receiptId).execute();
  const another = await ctx.trx
    .selectFrom('zap_receipts')
    .select('receipt_id')
    .where('target_event_id', '=', zap.target_event_id)
    .where('sender', '=', zap.sender)
    .limit(1)
    .executeTakeFirst();
  if (!another) {
    ctx.buf.upsert(
      'event_pubkey_actions',
      { event_id: zap.target_event_id, pubkey: zap.sender },
      { zapped: 0, updated_at: ctx.now },
    );
  }
}

/** Removes the article rows of an address (reads, versions, topics) and lowers the author's article count. */
export async function removeArticle(ctx: IngestContext, pubkey: string, identifier: string): Promise<void> {
  const found = await ctx.trx
    .deleteFrom('reads')
    .where('pubkey', '=', pubkey)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  await ctx.trx
    .deleteFrom('reads_versions')
    .where('pubkey', '=', pubkey)
    .where('identifier', '=', identifier)
    .execute();
  await ctx.trx.deleteFrom('reads_topics').where('pubkey', '=', pubkey).where('identifier', '=', identifier).execute();
  if (Number(found.numDeletedRows) > 0) {
    ctx.buf.add('user_stats', { pubkey }, { long_form_note_count: -1 });
  }
}
