import type { CacheClient } from '@tide/core/cache';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useSession } from '../state/stores.ts';
import { useAppData } from './data-context.tsx';

/** What a live counter holds: whose count it is, the count (null while unknown), and how many pushes came. */
export interface LiveCountState {
  pubkey: string | null;
  count: number | null;
  changes: number;
}

/** Opens a counter's subscription for `pubkey`; every push calls `push` with the count; returns the closer. */
export type LiveCountSubscribe = (client: CacheClient, pubkey: string, push: (count: number) => void) => () => void;

/** A live counter: its store and its one subscription (opened by {@link useLiveCount}). */
export interface LiveCount {
  readonly store: StoreApi<LiveCountState>;
  readonly subscribe: LiveCountSubscribe;
  /** Mounted callers, the open subscription's closer, and whose count it is. */
  live: { users: number; stop: (() => void) | null; watched: string | null };
}

/** A live counter of the signed-in user (unread notifications, unread messages), read through {@link useLiveCount}. */
export function createLiveCount(subscribe: LiveCountSubscribe): LiveCount {
  const store = createStore<LiveCountState>(() => ({ pubkey: null, count: null, changes: 0 }));
  return { store, subscribe, live: { users: 0, stop: null, watched: null } };
}

/**
 * Keeps the counter's one subscription open while any caller wants it and the user is signed in, their key known and
 * the app awake (spec §4); closed when asleep or the key changes. Returns the count, null while unknown; `changes`
 * in the store counts pushes, so screens can refresh when one comes.
 */
export function useLiveCount(counter: LiveCount): number | null {
  const { client } = useAppData();
  const pubkey = useSession((s) => s.publicKey);
  const awake = useSession((s) => s.activity !== 'sleep');
  const keyKnown = useSession((s) => s.keyLookupDone);
  useEffect(() => {
    if (!pubkey || !awake || !keyKnown) return;
    const { live, store } = counter;
    live.users += 1;
    if (live.watched !== pubkey) {
      live.stop?.();
      live.watched = pubkey;
      store.setState({ pubkey, count: null });
      live.stop = counter.subscribe(client, pubkey, (count) =>
        store.setState((s) => ({ pubkey, count, changes: s.changes + 1 })),
      );
    }
    return () => {
      live.users -= 1;
      if (live.users === 0) {
        live.stop?.();
        live.stop = null;
        live.watched = null;
      }
    };
  }, [counter, client, pubkey, awake, keyKnown]);
  return useStore(counter.store, (s) => (s.pubkey === pubkey ? s.count : null));
}
