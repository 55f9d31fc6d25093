import type { CacheEvent } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import { activeMembersAmong } from './member-store.ts';

const COHORT_INFO = 10000169;
const LEGEND_CUSTOMIZATION = 10000168;

/**
 * The membership facts answers carry beside users' profiles: 10000169 `{pubkey: {cohort_1, cohort_2, tier,
 * expires_on, premium_since, legend_since}}` and 10000168 `{pubkey: {style, custom_badge, avatar_glow,
 * in_leaderboard}}` for the active members among `pubkeys` (nothing when none is a member).
 */
export async function memberFacts(store: Store, pubkeys: readonly string[], now: number): Promise<CacheEvent[]> {
  const members = await activeMembersAmong(store, pubkeys, now);
  if (members.length === 0) return [];
  const cohorts: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const m of members) {
    const legend = m.tier === 'premium-legend';
    cohorts[m.pubkey] = {
      cohort_1: legend ? 'Legend' : 'Premium',
      cohort_2: legend ? 'Legend' : 'Premium',
      tier: m.tier,
      expires_on: m.expires_on,
      premium_since: m.premium_since,
      ...(legend ? { legend_since: m.last_donation } : {}),
    };
    if (legend && m.customization) custom[m.pubkey] = JSON.parse(m.customization);
  }
  const out: CacheEvent[] = [{ kind: COHORT_INFO, content: JSON.stringify(cohorts) }];
  if (Object.keys(custom).length > 0) out.push({ kind: LEGEND_CUSTOMIZATION, content: JSON.stringify(custom) });
  return out;
}
