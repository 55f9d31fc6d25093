import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import type { Store } from '../store/open-store.ts';
import type { CommandContext } from './context.ts';
import { countersChanged, liveCounter } from './notifications-seen.ts';
import { type Payload, requireHex } from './people-common.ts';
import { requireSignedEvent } from './signed-request.ts';

/** A receiver's total unread DM count (the sender '' row). */
export async function unreadDmCount(store: Store, pubkey: string): Promise<number> {
  const row = await store.db
    .selectFrom('direct_message_counts')
    .select('cnt')
    .where('receiver', '=', pubkey)
    .where('sender', '=', '')
    .executeTakeFirst();
  return Number(row?.cnt ?? 0);
}

/**
 * directmsg_count {pubkey} (long-lived): EOSE, then `{kind: 10000117, cnt}` now and whenever it changes, at most
 * once per second, until CLOSE.
 */
export async function directmsgCount(ctx: CommandContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  return liveCounter(ctx, pubkey, async () => ({
    kind: CacheKind.MessageStats,
    cnt: await unreadDmCount(ctx.store, pubkey),
  }));
}

/**
 * reset_directmsg_count {event_from_user, sender}: marks the messages from `sender` to the signer read: subtracts
 * that pair's unread count from the pair and total rows (floored at 0). Answers nothing.
 */
export async function resetDirectmsgCount(ctx: CommandContext, payload: Payload): Promise<CacheEvent[]> {
  const event = requireSignedEvent(payload, 'event_from_user', ctx.now());
  const sender = requireHex(payload, 'sender');
  const receiver = event.pubkey;
  await ctx.store.write(async (trx) => {
    const pair = await trx
      .selectFrom('direct_message_counts')
      .select('cnt')
      .where('receiver', '=', receiver)
      .where('sender', '=', sender)
      .executeTakeFirst();
    const unread = Number(pair?.cnt ?? 0);
    if (unread === 0) return;
    await trx
      .updateTable('direct_message_counts')
      .set({ cnt: 0 })
      .where('receiver', '=', receiver)
      .where('sender', '=', sender)
      .execute();
    const total = await trx
      .selectFrom('direct_message_counts')
      .select('cnt')
      .where('receiver', '=', receiver)
      .where('sender', '=', '')
      .executeTakeFirst();
    if (total) {
      await trx
        .updateTable('direct_message_counts')
        .set({ cnt: Math.max(0, Number(total.cnt) - unread) })
        .where('receiver', '=', receiver)
        .where('sender', '=', '')
        .execute();
    }
  });
  countersChanged(ctx, receiver);
  return [];
}

/** reset_directmsg_counts {event_from_user}: marks every message to the signer read (all counters 0). */
export async function resetDirectmsgCounts(ctx: CommandContext, payload: Payload): Promise<CacheEvent[]> {
  const event = requireSignedEvent(payload, 'event_from_user', ctx.now());
  await ctx.store.write((trx) =>
    trx.updateTable('direct_message_counts').set({ cnt: 0 }).where('receiver', '=', event.pubkey).execute(),
  );
  countersChanged(ctx, event.pubkey);
  return [];
}

/** Handlers of the DM counter commands. */
export const dmCountsCommands = {
  directmsg_count: directmsgCount,
  reset_directmsg_count: resetDirectmsgCount,
  reset_directmsg_counts: resetDirectmsgCounts,
};
