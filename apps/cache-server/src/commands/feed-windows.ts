import type { Store } from '../store/index.ts';
import type { BundlePost } from './bundle.ts';

const DAY = 86_400;
/** The windows queryPosts reads a feed over many authors in (days); past the last, every row. */
const WINDOWS = [1, 4, 16, 64];
const EVERY_ROW = 256;
/** Feeds remembered per store before the memo restarts. */
const MAX_FEEDS = 20_000;

const learnt = new WeakMap<Store, Map<string, number>>();
/** Per store, the window the last learnt feed started in (at most 16 days): where a feed not seen yet starts. */
const lastLearnt = new WeakMap<Store, number>();

/**
 * The first window (`PostQuery.fromDays`) to read a follows feed `key` in: the one its last page fitted in, so a feed
 * whose newest posts are days old does not read the empty smaller windows first every time (any start is exact:
 * queryPosts widens until a window holds the page). A feed not seen yet starts where the last learnt one did (at most
 * 16 days; 1 on a store without any): a store whose newest posts are days old has every new viewer read its empty
 * smaller windows first otherwise (1M bench store, PostgreSQL: 3 window queries per new viewer's home).
 */
export function firstWindow(store: Store, key: string): number {
  return learnt.get(store)?.get(key) ?? lastLearnt.get(store) ?? 1;
}

/** Remembers the smallest window holding `page` (read up to `until` for `limit` posts): every row when it was short. */
export function learnWindow(
  store: Store,
  key: string,
  page: readonly BundlePost[],
  until: number,
  limit: number,
): void {
  let byKey = learnt.get(store);
  if (!byKey) {
    byKey = new Map();
    learnt.set(store, byKey);
  }
  if (byKey.size >= MAX_FEEDS) byKey.clear();
  const oldest = page.at(-1)?.value;
  const days =
    page.length < limit || oldest === undefined
      ? EVERY_ROW
      : (WINDOWS.find((d) => until - d * DAY <= oldest) ?? EVERY_ROW);
  byKey.set(key, days);
  lastLearnt.set(store, Math.min(days, 16));
}
