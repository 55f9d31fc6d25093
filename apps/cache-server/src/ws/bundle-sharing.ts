import { shareBundles, sharedBundlesOf } from '../commands/bundle-shared.ts';
import type { ReuseLimits } from '../reuse-rule.ts';
import type { Store } from '../store/index.ts';
import type { ChangeNotifier } from './change-notifier.ts';

/** Authors remembered before the list is restarted (and the shared parts with it). */
const MAX_WRITERS = 50_000;

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
  const stopEvents = notifier.onEvent((event) => {
    if (writtenAt.size >= MAX_WRITERS) {
      writtenAt.clear();
      sharedBundlesOf(store)?.clear();
    }
    // the batch's pokes follow at once: any computation starting later sees at least this sequence
    writtenAt.set(event.pubkey, notifier.sequence + 1);
  });
  const stop = shareBundles(
    store,
    {
      sequence: () => notifier.sequence,
      second: now,
      writtenAt: (pubkey) => writtenAt.get(pubkey) ?? 0,
    },
    limits,
  );
  return () => {
    stopEvents();
    stop();
  };
}
