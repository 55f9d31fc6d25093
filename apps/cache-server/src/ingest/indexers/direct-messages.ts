import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { isHex64 } from '../event-refs.ts';

/** Newest message per (receiver, sender) seen in a batch, applied after the counters. */
export type LatestDms = Map<string, { receiver: string; sender: string; at: number; id: string }>;

/** Key of the receiver's total row. */
export const DM_TOTAL_SENDER = '';

/**
 * Kind 4: the message row (receiver = first `p` tag) and unread counters for (receiver, sender) and the receiver's
 * total row (sender ''), with latest_at/latest_event_id kept at the newest message. Spam senders are skipped.
 */
export function indexDirectMessage(ctx: IngestContext, e: NostrEvent, latest: LatestDms): void {
  if (e.kind !== 4) return;
  const p = e.tags.find((t) => t[0] === 'p');
  const receiver = p?.[1];
  if (!isHex64(receiver) || ctx.spamPubkeys.has(e.pubkey)) return;
  ctx.buf.insert('direct_messages', { event_id: e.id, sender: e.pubkey, receiver, created_at: e.created_at });
  ctx.buf.add('net_stats', { key: 'directmsgs' }, { value: 1 });
  for (const sender of [e.pubkey, DM_TOTAL_SENDER]) {
    ctx.buf.add('direct_message_counts', { receiver, sender }, { cnt: 1 }, { latest_at: 0, latest_event_id: '' });
    const key = `${receiver}|${sender}`;
    const cur = latest.get(key);
    if (!cur || e.created_at > cur.at || (e.created_at === cur.at && e.id < cur.id)) {
      latest.set(key, { receiver, sender, at: e.created_at, id: e.id });
    }
  }
}

/** Moves latest_at/latest_event_id forward where a batch brought newer messages (after counters are flushed). */
export async function applyLatestDms(ctx: IngestContext, latest: LatestDms): Promise<void> {
  for (const l of latest.values()) {
    await ctx.trx
      .updateTable('direct_message_counts')
      .set({ latest_at: l.at, latest_event_id: l.id })
      .where('receiver', '=', l.receiver)
      .where('sender', '=', l.sender)
      .where('latest_at', '<=', l.at)
      .execute();
  }
}
