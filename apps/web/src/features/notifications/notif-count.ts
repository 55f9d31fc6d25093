import { subscribeNotificationCounts } from '@tide/core/cache';
import { createLiveCount, useLiveCount } from '../../data/live-count.ts';

const notifCount = createLiveCount((client, pubkey, push) =>
  subscribeNotificationCounts(client, pubkey, ({ total }) => push(total)),
);

/** The live unread notification count (`notification_counts`, sum of every type) of the signed-in user. */
export const notifCountStore = notifCount.store;

/** Keeps one `notification_counts` subscription open while any caller wants it; returns the count, null while unknown. */
export function useNotifCountLive(): number | null {
  return useLiveCount(notifCount);
}

/** Shows `count` the way the badge and the new-notifications button do (spec §9: 99+ at 100). */
export function shownCount(count: number): string {
  return count >= 100 ? '99+' : String(count);
}
