import { subscribeNotificationCounts } from '@tide/core/cache';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useAppData } from '../../data/data-context.tsx';
import { useSession } from '../../state/stores.ts';

/** The live unread notification count (`notification_counts`, sum of every type) of the signed-in user. */
export const notifCountStore = createStore<{ pubkey: string | null; count: number | null; changes: number }>(() => ({
  pubkey: null,
  count: null,
  changes: 0,
}));

let users = 0;
let stop: (() => void) | null = null;
let watched: string | null = null;

/**
 * Keeps one `notification_counts` subscription open while any caller wants it (spec §4: signed in, key known, app
 * awake; closed when asleep or the key changes); returns the count, null while unknown.
 */
export function useNotifCountLive(): number | null {
  const { client } = useAppData();
  const pubkey = useSession((s) => s.publicKey);
  const awake = useSession((s) => s.activity !== 'sleep');
  const keyKnown = useSession((s) => s.keyLookupDone);
  useEffect(() => {
    if (!pubkey || !awake || !keyKnown) return;
    users += 1;
    if (watched !== pubkey) {
      stop?.();
      watched = pubkey;
      notifCountStore.setState({ pubkey, count: null });
      stop = subscribeNotificationCounts(client, pubkey, ({ total }) =>
        notifCountStore.setState((s) => ({ pubkey, count: total, changes: s.changes + 1 })),
      );
    }
    return () => {
      users -= 1;
      if (users === 0) {
        stop?.();
        stop = null;
        watched = null;
      }
    };
  }, [client, pubkey, awake, keyKnown]);
  return useStore(notifCountStore, (s) => (s.pubkey === pubkey ? s.count : null));
}

/** Shows `count` the way the badge and the new-notifications button do (spec §9: 99+ at 100). */
export function shownCount(count: number): string {
  return count >= 100 ? '99+' : String(count);
}
