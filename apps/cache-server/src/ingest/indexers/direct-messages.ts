import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { isHex64 } from '../event-refs.ts';
import { pgUpdateRows } from '../pg-write.ts';

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

/** The stored latest message is not newer than the batch's (same rule as the per-row update). */
const LATER = 't.latest_at <= u.latest_at';

/** Moves latest_at/latest_event_id forward where a batch brought newer messages (after counters are flushed). */
export async function applyLatestDms(ctx: IngestContext, latest: LatestDms): Promise<void> {
  if (ctx.dialect === 'postgres') {
    // One statement for the whole batch (a round trip per pair cost 8% of a statement per event).
    const rows = [...latest.values()].map((l) => ({
      receiver: l.receiver,
      sender: l.sender,
      latest_at: l.at,
      latest_event_id: l.id,
    }));
    const keys = ['receiver', 'sender'];
    await pgUpdateRows(ctx.trx, 'direct_message_counts', keys, ['latest_at', 'latest_event_id'], rows, LATER);
    return;
  }
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
