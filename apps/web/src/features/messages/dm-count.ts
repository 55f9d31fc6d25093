import { subscribeDmCount } from '@tide/core/cache';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useAppData } from '../../data/data-context.tsx';
import { useSession } from '../../state/stores.ts';

/** The live unread direct-message count (`directmsg_count`) of the signed-in user; null when not known. */
export const dmCountStore = createStore<{ pubkey: string | null; count: number | null; changes: number }>(() => ({
  pubkey: null,
  count: null,
  changes: 0,
}));

let users = 0;
let stop: (() => void) | null = null;
let watched: string | null = null;

/**
 * Keeps one `directmsg_count` subscription open while any caller wants it (signed in, app awake); every push lands in
 * dmCountStore (`changes` counts pushes, so screens can refresh on a new message).
 */
export function useDmCountLive(): number | null {
  const { client } = useAppData();
  const pubkey = useSession((s) => s.publicKey);
  const awake = useSession((s) => s.activity !== 'sleep');
  useEffect(() => {
    if (!pubkey || !awake) return;
    users += 1;
    if (watched !== pubkey) {
      stop?.();
      watched = pubkey;
      dmCountStore.setState({ pubkey, count: null });
      stop = subscribeDmCount(client, pubkey, (count) =>
        dmCountStore.setState((s) => ({ pubkey, count, changes: s.changes + 1 })),
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
  }, [client, pubkey, awake]);
  return useStore(dmCountStore, (s) => (s.pubkey === pubkey ? s.count : null));
}

/** How many `directmsg_count` pushes arrived (changes when a message comes in or is read). */
export function useDmCountChanges(): number {
  return useStore(dmCountStore, (s) => s.changes);
}
