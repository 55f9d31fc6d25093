import type { Store } from '../store/open-store.ts';
import type { StoreChangeSet } from './change-set.ts';

type ChangeListener = (changes: StoreChangeSet) => void;

/** Listeners of change sets, per store. */
function listenersByStore() {
  const map = new WeakMap<Store, Set<ChangeListener>>();
  return {
    on(store: Store, listener: ChangeListener): () => void {
      let set = map.get(store);
      if (!set) {
        set = new Set();
        map.set(store, set);
      }
      set.add(listener);
      const own = set;
      return () => {
        own.delete(listener);
        if (own.size === 0 && map.get(store) === own) map.delete(store);
      };
    },
    publish(store: Store, changes: StoreChangeSet): void {
      const set = map.get(store);
      if (!set) return;
      for (const listener of [...set]) listener(changes);
    },
  };
}

const ownWrites = listenersByStore();
const peerWrites = listenersByStore();

/**
 * Calls `listener` with the change set of every ingest write to `store` once it is over (committed or not: a set
 * from a failed transaction only over-reports); returns the function that stops it.
 */
export function onStoreChanges(store: Store, listener: ChangeListener): () => void {
  return ownWrites.on(store, listener);
}

/** Hands `changes` to the listeners of `store` (ingest calls this after each write transaction). */
export function publishStoreChanges(store: Store, changes: StoreChangeSet): void {
  ownWrites.publish(store, changes);
}

/**
 * Publishes a write made outside ingest that touched only `keys` (answer dependency keys, see `StoreChangeSet.keys`:
 * a viewer's settings `v:`, unread counters `c:`), so other servers of the store hear of it too.
 */
export function publishKeys(store: Store, keys: string[]): void {
  publishStoreChanges(store, { events: [], pubkeys: [], media: false, all: false, keys });
}

/**
 * Calls `listener` with what other processes committed to `store`, as a cross-server feed learns it (a peer server's
 * change set on PostgreSQL; on SQLite, where another connection's commit names nothing, "everything"; also
 * "everything" when the feed may have missed some); returns the function that stops it.
 */
export function onPeerChanges(store: Store, listener: ChangeListener): () => void {
  return peerWrites.on(store, listener);
}

/** Hands what other processes committed to `store` to its `onPeerChanges` listeners (the cross-server feeds do). */
export function publishPeerChanges(store: Store, changes: StoreChangeSet): void {
  peerWrites.publish(store, changes);
}

/** A change set that touches everything (a write nothing names, or writes that may have been missed). */
export const EVERYTHING_CHANGED: Readonly<StoreChangeSet> = Object.freeze({
  events: [],
  pubkeys: [],
  media: false,
  all: true,
});

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
