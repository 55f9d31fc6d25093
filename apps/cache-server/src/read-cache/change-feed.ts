import type { Store } from '../store/open-store.ts';
import type { StoreChangeSet } from './change-set.ts';

type ChangeListener = (changes: StoreChangeSet) => void;

const listeners = new WeakMap<Store, Set<ChangeListener>>();

/**
 * Calls `listener` with the change set of every ingest write to `store` once it is over (committed or not: a set
 * from a failed transaction only over-reports); returns the function that stops it.
 */
export function onStoreChanges(store: Store, listener: ChangeListener): () => void {
  let set = listeners.get(store);
  if (!set) {
    set = new Set();
    listeners.set(store, set);
  }
  set.add(listener);
  const own = set;
  return () => {
    own.delete(listener);
    if (own.size === 0 && listeners.get(store) === own) listeners.delete(store);
  };
}

/** Hands `changes` to the listeners of `store` (ingest calls this after each write transaction). */
export function publishStoreChanges(store: Store, changes: StoreChangeSet): void {
  const set = listeners.get(store);
  if (!set) return;
  for (const listener of [...set]) listener(changes);
}

/** A feed of the change sets other processes commit to the same store (`pg-change-feed.ts`). */
export interface CrossServerFeed {
  /** True while every change others committed until a moment ago has reached this process. */
  healthy(): boolean;
}

const crossServerFeeds = new WeakMap<Store, CrossServerFeed>();

/** Registers (or, with undefined, removes) the cross-server feed of `store`. */
export function setCrossServerFeed(store: Store, feed: CrossServerFeed | undefined): void {
  if (feed) crossServerFeeds.set(store, feed);
  else crossServerFeeds.delete(store);
}

/** The cross-server feed of `store`, when one runs. */
export function crossServerFeedOf(store: Store): CrossServerFeed | undefined {
  return crossServerFeeds.get(store);
}
