import { LISTED_NOTIFICATION_TYPES } from '../defaults/index.ts';
import type { Store } from '../store/open-store.ts';
import { type NotificationRow, notificationArgs } from './notifications-format.ts';

/**
 * Read-time visibility of a notification (semantics §5.3): listed types only (`listed`, by default every type a
 * list may carry: never 2 while the follower still follows, never DM notifications 401), and no user involved that
 * is hidden for the viewer (muted, filter lists).
 */
export async function isNotificationVisible(
  store: Store,
  row: NotificationRow,
  users: readonly string[],
  hidden: ReadonlySet<string>,
  listed: ReadonlySet<number> = LISTED_NOTIFICATION_TYPES,
): Promise<boolean> {
  const type = Number(row.type);
  if (!listed.has(type)) return false;
  if (users.some((pk) => hidden.has(pk))) return false;
  if (type === 2) {
    const follower = notificationArgs(row).follower;
    if (typeof follower !== 'string') return false;
    const still = await store.db
      .selectFrom('pubkey_followers')
      .select('pubkey')
      .where('pubkey', '=', row.pubkey)
      .where('follower_pubkey', '=', follower)
      .executeTakeFirst();
    return still === undefined;
  }
  return true;
}
