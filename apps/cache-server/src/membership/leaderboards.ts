import type { Store } from '../store/index.ts';
import { leaderboard } from './member-store.ts';
import { MembershipRefusal } from './membership-auth.ts';

const int = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback;

/**
 * Leaderboard entries (spec §3): `{index, pubkey, donated_btc, last_donation, premium_since}` sorted by `order_by`
 * (donated_btc, last_donation or premium_since), `limit` (default 20, at most 100) from `offset`; legends who chose
 * not to be listed are left out.
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
  const rows = await leaderboard(store, legends, orderBy, now, limit, offset);
  return rows
    .filter((m) => !m.customization || JSON.parse(m.customization).in_leaderboard !== false)
    .map((m, i) => ({
      index: offset + i + 1,
      pubkey: m.pubkey,
      donated_btc: (m.donated_sats / 100_000_000).toFixed(8),
      last_donation: m.last_donation,
      premium_since: m.premium_since,
    }));
}
