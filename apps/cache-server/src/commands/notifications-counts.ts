import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { CLASSIC_NOTIFICATION_TYPES, LISTED_NOTIFICATION_TYPES, NOTIFICATION_TYPES } from '../defaults/index.ts';
import type { Store } from '../store/open-store.ts';
import type { CommandContext } from './context.ts';
import { liveCounter } from './notifications-seen.ts';
import { type Payload, requireHex } from './people-common.ts';

/**
 * The 10000112 object of a user: `{kind, pubkey, "1": n, "3": n, ...}` with every `listed` settings type present
 * (plus 501/601 when listed and counted); DM notifications (401) are left out: DMs have their own counter. Clients
 * show the sum of every key as their badge, so a client that gets only the classic types in get_notifications gets
 * only their counts here too.
 */
export async function notificationCountsEvent(
  store: Store,
  pubkey: string,
  listed: ReadonlySet<number> = LISTED_NOTIFICATION_TYPES,
): Promise<CacheEvent> {
  const rows = await store.db
    .selectFrom('notification_counts')
    .select(['type', 'cnt'])
    .where('pubkey', '=', pubkey)
    .execute();
  const event: CacheEvent = { kind: CacheKind.NotificationStats, pubkey };
  for (const type of NOTIFICATION_TYPES) if (listed.has(type)) event[String(type)] = 0;
  for (const row of rows) if (listed.has(Number(row.type))) event[String(row.type)] = Number(row.cnt);
  return event;
}

/**
 * notification_counts {pubkey, extended_types} (long-lived): EOSE, then a 10000112 push now and whenever the user's
 * counters change, at most once per second, until CLOSE; the classic types only unless `extended_types: true`.
 */
export async function notificationCounts(ctx: CommandContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const listed = payload?.extended_types === true ? LISTED_NOTIFICATION_TYPES : CLASSIC_NOTIFICATION_TYPES;
  return liveCounter(ctx, pubkey, () => notificationCountsEvent(ctx.store, pubkey, listed));
}

/** Handlers of the live notification counter. */
export const notificationsCountsCommands = {
  notification_counts: notificationCounts,
};
