import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import type { CommandRecord } from './context.ts';

/** The keys of the net_stats object, in wire order (semantics §1.4). */
export const NET_STATS_KEYS = ['users', 'pubkeys', 'pubnotes', 'reactions', 'reposts', 'any', 'zaps', 'satszapped'];

/** How often net_stats is recomputed for a live subscriber (the reference pushes up to 5×/s). */
export const NET_STATS_PERIOD_MS = 1000;

/** How long one read of the counters is shared by every net_stats subscriber of a store. */
export const NET_STATS_SHARE_MS = 500;

const shared = new WeakMap<Store, { at: number; value: Promise<CacheEvent> }>();

/** The counters, read at most once per NET_STATS_SHARE_MS per store however many sockets subscribe. */
export function sharedNetStats(store: Store): Promise<CacheEvent> {
  const hit = shared.get(store);
  if (hit && Date.now() - hit.at < NET_STATS_SHARE_MS) return hit.value;
  const value = readNetStats(store);
  shared.set(store, { at: Date.now(), value });
  value.catch(() => shared.delete(store));
  return value;
}

/** Reads the global counters the ingest side keeps in `net_stats` and builds the 10000101 object. */
export async function readNetStats(store: Store): Promise<CacheEvent> {
  const rows = await store.db.selectFrom('net_stats').select(['key', 'value']).execute();
  const values = new Map(rows.map((r) => [r.key, Number(r.value)]));
  const content: Record<string, number> = {};
  for (const key of NET_STATS_KEYS) content[key] = values.get(key) ?? 0;
  return { kind: CacheKind.NetStats, content: JSON.stringify(content) };
}

/** `net_stats` (live): the current counters, then a push whenever they change (checked every second). */
export const coreNetStatsCommands: CommandRecord = {
  net_stats: async (ctx) => {
    const first = await readNetStats(ctx.store);
    ctx.live({
      everyMs: NET_STATS_PERIOD_MS,
      minIntervalMs: 200,
      initial: false,
      produce: async () => [await sharedNetStats(ctx.store)],
    });
    return [first];
  },
};
