import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { readCacheOf, type ZapPiece } from '../read-cache/read-cache.ts';
import type { Store } from '../store/index.ts';
import { chunked, sortedUnique } from './bundle-events.ts';
import { runCompiled } from './compiled-query.ts';
import { asCacheEvent, loadEvents, synth } from './content-common.ts';
import { type Preloaded, preloadedOr } from './preloaded.ts';

/** Each post's top 5 zap rows (by amount, then receipt id), in that order, for the posts of `ids` that have any. */
async function loadTopZapRows(store: Store, ids: readonly string[]): Promise<Map<string, ZapRow[]>> {
  const rows = await chunked(ids, (chunk) =>
    runCompiled(store, 'bundle-zaps', chunk, (v) =>
      store.db
        .selectFrom('zap_receipts')
        .select(['receipt_id', 'created_at', 'sender', 'receiver', 'amount_sats', 'target_event_id'])
        .where('target_event_id', 'in', v as string[])
        .orderBy('amount_sats', 'desc')
        .orderBy('receipt_id', 'asc'),
    ),
  );
  return topFive(rows);
}

/** Each post's top 5 of `rows` (already sorted by amount descending, then receipt id). */
function topFive(rows: readonly ZapRow[]): Map<string, ZapRow[]> {
  const perPost = new Map<string, ZapRow[]>();
  for (const r of rows) {
    const list = perPost.get(r.target_event_id) ?? [];
    if (list.length >= 5) continue;
    list.push(r);
    perPost.set(r.target_event_id, list);
  }
  return perPost;
}

/** Each post's top 5 zap rows among `rows` in any order (sorted here as the zap query orders them). */
export function topZapRows(rows: ZapRow[]): Map<string, ZapRow[]> {
  return topFive(rows.sort(byAmount));
}

const byAmount = (a: ZapRow, b: ZapRow) =>
  Number(b.amount_sats) - Number(a.amount_sats) ||
  (a.receipt_id < b.receipt_id ? -1 : a.receipt_id > b.receipt_id ? 1 : 0);

/**
 * Top 5 zaps (by amount) of each post: the receipt, its 10000129 object, all posts' zaps by amount then receipt id;
 * zappers join `users`. Rows and receipts come from the read cache when it is on.
 */
export async function topZaps(
  store: Store,
  ids: readonly string[],
  users: Set<string>,
  pre?: Preloaded<ZapRow[]>,
): Promise<CacheEvent[]> {
  const unique = sortedUnique(ids);
  if (unique.length === 0) return [];
  const cache = readCacheOf(store);
  const perPost = cache
    ? await cache.lookup(
        cache.zaps,
        unique,
        preloadedOr(pre, (missing) => loadTopZapRows(store, missing)),
      )
    : await loadTopZapRows(store, unique);
  const chosen = [...perPost.values()].flat().sort(byAmount);
  const receiptIds = chosen.map((r) => r.receipt_id);
  const receipts = await loadEvents(store, receiptIds);
  const out: CacheEvent[] = [];
  for (const r of chosen) {
    const receipt = receipts.get(r.receipt_id);
    if (!receipt) continue;
    users.add(r.sender);
    users.add(r.receiver);
    out.push(asCacheEvent(receipt), zapObject(r));
  }
  return out;
}

/** The zap_receipts columns a zap answer is built from (what the read cache keeps per post). */
export type ZapRow = ZapPiece;

/** A 10000129 zap object from a zap_receipts row. */
export function zapObject(r: ZapRow): CacheEvent {
  return synth(CacheKind.EventZapInfo, {
    event_id: r.target_event_id || null,
    created_at: Number(r.created_at),
    sender: r.sender,
    receiver: r.receiver,
    amount_sats: Number(r.amount_sats),
    zap_receipt_id: r.receipt_id,
  });
}

/** Each stored zap receipt (9735) followed by its 10000129 zap object, in row order; rows without a stored receipt are skipped. */
export async function zapReceiptEvents(store: Store, rows: readonly ZapRow[]): Promise<CacheEvent[]> {
  const receipts = await loadEvents(
    store,
    rows.map((r) => r.receipt_id),
  );
  const out: CacheEvent[] = [];
  for (const r of rows) {
    const e = receipts.get(r.receipt_id);
    if (e) out.push(asCacheEvent(e), zapObject(r));
  }
  return out;
}
