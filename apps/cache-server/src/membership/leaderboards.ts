import type { Store } from '../store/index.ts';
import { leaderboard, type Member } from './member-store.ts';
import { MembershipRefusal } from './membership-auth.ts';

const int = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback;

/** Whether a member shows on the leaderboards (legends may choose not to be listed). */
const listed = (m: Member): boolean => !m.customization || JSON.parse(m.customization).in_leaderboard !== false;

/** Rows read from the store per step while skipping to `offset`. */
const BATCH = 100;

/**
 * Leaderboard entries (spec §3): `{index, pubkey, donated_btc, last_donation, premium_since}` sorted by `order_by`
 * (donated_btc, last_donation or premium_since), `limit` (default 20, at most 100) from `offset`; legends who chose
 * not to be listed are left out. `offset` and `index` count listed members, so pages of `limit` follow each other
 * without gap or repeat, and a page shorter than `limit` is the last.
 */
export async function leaderboardEntries(
  store: Store,
  legends: boolean,
  payload: Record<string, unknown>,
  now: number,
) {
  const orderBy =
    typeof payload.order_by === 'string' && payload.order_by
      ? payload.order_by
      : legends
        ? 'donated_btc'
        : 'premium_since';
  if (orderBy !== 'donated_btc' && orderBy !== 'last_donation' && orderBy !== 'premium_since') {
    throw new MembershipRefusal('invalid: order_by');
  }
  const limit = Math.min(int(payload.limit, 20), 100);
  const offset = int(payload.offset, 0);
  const page: Member[] = [];
  let skipped = 0;
  for (let raw = 0; page.length < limit; raw += BATCH) {
    const rows = await leaderboard(store, legends, orderBy, now, BATCH, raw);
    for (const m of rows) {
      if (!listed(m)) continue;
      if (skipped < offset) skipped += 1;
      else if (page.length < limit) page.push(m);
    }
    if (rows.length < BATCH) break;
  }
  return page.map((m, i) => ({
    index: offset + i + 1,
    pubkey: m.pubkey,
    donated_btc: (m.donated_sats / 100_000_000).toFixed(8),
    last_donation: m.last_donation,
    premium_since: m.premium_since,
  }));
}
