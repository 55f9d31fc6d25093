import { shareBundles, sharedBundlesOf } from '../commands/bundle-shared.ts';
import type { ChangeNotifier } from '../read-cache/change-notifier.ts';
import type { ReuseLimits } from '../reuse-rule.ts';
import type { Store } from '../store/index.ts';

/** Authors remembered before the list is restarted (and the shared parts with it). */
const MAX_WRITERS = 50_000;

const writersOf = new WeakMap<ChangeNotifier, (pubkey: string) => number>();

/**
 * While a server shares bundle parts: the first change sequence of `notifier` at which a pubkey's latest accepted event
 * was in the store (when it last restarted for a pubkey not seen since: the list is bounded).
 */
export function writtenAtOf(notifier: ChangeNotifier): ((pubkey: string) => number) | undefined {
  return writersOf.get(notifier);
}

/**
 * Lets the post bundles of `store` share their viewer-independent part between viewers, with the notifier's change
 * sequence as the store's and each author's latest write remembered (a writer never gets a part older than their
 * write), reused by the answer cache's `limits`. Returns the function that turns it off.
 */
export function shareViewerIndependentBundles(
  store: Store,
  notifier: ChangeNotifier,
  now: () => number,
  limits: ReuseLimits,
): () => void {
  const writtenAt = new Map<string, number>();
  let restartedAt = 0;
  const stopEvents = notifier.onEvent((event) => {
    if (writtenAt.size >= MAX_WRITERS) {
      writtenAt.clear();
      // who wrote before is forgotten: everyone counts as having written now
      restartedAt = notifier.sequence + 1;
      sharedBundlesOf(store)?.clear();
    }
    // the batch's pokes follow at once: any computation starting later sees at least this sequence
    writtenAt.set(event.pubkey, notifier.sequence + 1);
  });
  const writtenAtFn = (pubkey: string) => writtenAt.get(pubkey) ?? restartedAt;
  const stop = shareBundles(store, { sequence: () => notifier.sequence, second: now, writtenAt: writtenAtFn }, limits);
  writersOf.set(notifier, writtenAtFn);
  return () => {
    if (writersOf.get(notifier) === writtenAtFn) writersOf.delete(notifier);
    stopEvents();
    stop();
  };
}
