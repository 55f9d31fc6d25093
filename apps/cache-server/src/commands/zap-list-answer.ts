import type { CacheEvent } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import { feedRange, userExtras, zapReceiptEvents } from './bundle.ts';
import type { ZapRow } from './bundle-zaps.ts';

/**
 * A list of zaps by amount as the commands answer it: each stored receipt with its 10000129 zap object (row order),
 * then `between` (e.g. the zapped notes' bundle), the senders' and receivers' profiles, and the RANGE by amount_sats.
 */
export async function zapListAnswer(
  store: Store,
  rows: readonly ZapRow[],
  between: readonly CacheEvent[] = [],
): Promise<CacheEvent[]> {
  const receipts = await zapReceiptEvents(store, rows);
  const users = await userExtras(
    store,
    rows.flatMap((r) => [r.sender, r.receiver]),
  );
  const range = feedRange(
    'amount_sats',
    rows.map((r) => ({ id: r.receipt_id, value: Number(r.amount_sats) })),
  );
  return [...receipts, ...between, ...users, range];
}
