import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { publishKeys } from '../read-cache/change-feed.ts';
import type { CommandContext } from './context.ts';
import type { Payload, PeopleContext } from './people-common.ts';
import { requireHex } from './people-common.ts';
import { requireSignedEvent } from './signed-request.ts';

/** Topic poked when a user's notification or DM counters change outside ingest. */
export function countsTopic(pubkey: string): string {
  return `p:${pubkey}`;
}

/**
 * Answers a live counter request (EOSE) and pushes `produce()`'s object now and whenever the user's counters change
 * (their counts topic), at most once per second and only when it changed, until CLOSE.
 */
export function liveCounter(ctx: CommandContext, pubkey: string, produce: () => Promise<CacheEvent>): CacheEvent[] {
  ctx.live({
    topics: [countsTopic(pubkey)],
    minIntervalMs: 1000,
    onlyOnChange: true,
    initial: true,
    produce: async () => [await produce()],
  });
  return [];
}

/**
 * After a write outside ingest moved `pubkey`'s unread counters: their live subscriptions recompute here, and on the
 * other servers of the store (a change set naming `c:<pubkey>`, which the cross-server feed carries).
 */
export function countersChanged(ctx: CommandContext, pubkey: string): void {
  publishKeys(ctx.store, [`c:${pubkey}`]);
  ctx.notifier.notify(countsTopic(pubkey));
}

/** get_notifications_seen {pubkey}: 10000111 with the seen-until seconds; nothing for a user who never set it. */
export async function getNotificationsSeen(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const row = await ctx.store.db
    .selectFrom('notifications_seen')
    .select('seen_until')
    .where('pubkey', '=', pubkey)
    .executeTakeFirst();
  return row ? [{ kind: CacheKind.Timestamp, content: String(Number(row.seen_until)) }] : [];
}

/**
 * set_notifications_seen {event_from_user}: verifies the signed request, stores its `created_at` as the author's
 * seen-until and zeroes their unread counters (pushing the new counts to live subscriptions). Answers nothing.
 */
export async function setNotificationsSeen(ctx: CommandContext, payload: Payload): Promise<CacheEvent[]> {
  const event = requireSignedEvent(payload, 'event_from_user', ctx.now());
  await ctx.store.write(async (trx) => {
    await trx
      .insertInto('notifications_seen')
      .values({ pubkey: event.pubkey, seen_until: event.created_at })
      .onConflict((oc) => oc.column('pubkey').doUpdateSet({ seen_until: event.created_at }))
      .execute();
    await trx.updateTable('notification_counts').set({ cnt: 0 }).where('pubkey', '=', event.pubkey).execute();
  });
  countersChanged(ctx, event.pubkey);
  return [];
}

/** Handlers of the seen-until commands. */
export const notificationsSeenCommands = {
  get_notifications_seen: getNotificationsSeen,
  set_notifications_seen: setNotificationsSeen,
};
