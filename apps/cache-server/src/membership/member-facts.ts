import type { CacheEvent } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import { activeMembersAmong, isActive, type Member } from './member-store.ts';

const COHORT_INFO = 10000169;
const LEGEND_CUSTOMIZATION = 10000168;

/** The wall clock in Unix seconds (answers built without a command's clock evaluate expiry with it). */
export const unixNow = (): number => Math.floor(Date.now() / 1000);

/** A legend's customization object (undefined when none or unreadable: a bad row never breaks an answer). */
function customizationOf(m: Member): Record<string, unknown> | undefined {
  if (!m.customization) return undefined;
  try {
    const value: unknown = JSON.parse(m.customization);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The membership facts answers carry beside users' profiles, for the members among `members` active at `now` (a
 * lapsed premium shows nothing): 10000168 `{pubkey: {style, custom_badge, avatar_glow, in_leaderboard}}` for legends
 * with a customization, then 10000169 `{pubkey: {cohort_1, cohort_2, tier, expires_on, premium_since, legend_since}}`;
 * nothing when none is an active member.
 */
export function memberFactEvents(members: Iterable<Member>, now: number): CacheEvent[] {
  const cohorts: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const m of members) {
    if (!isActive(m, now)) continue;
    const legend = m.tier === 'premium-legend';
    cohorts[m.pubkey] = {
      cohort_1: legend ? 'Legend' : 'Premium',
      cohort_2: legend ? 'Legend' : 'Premium',
      tier: m.tier,
      expires_on: m.expires_on,
      premium_since: m.premium_since,
      ...(legend ? { legend_since: m.last_donation } : {}),
    };
    const chosen = legend ? customizationOf(m) : undefined;
    if (chosen) custom[m.pubkey] = chosen;
  }
  if (Object.keys(cohorts).length === 0) return [];
  const out: CacheEvent[] = [];
  if (Object.keys(custom).length > 0) out.push({ kind: LEGEND_CUSTOMIZATION, content: JSON.stringify(custom) });
  out.push({ kind: COHORT_INFO, content: JSON.stringify(cohorts) });
  return out;
}

/**
 * Each user's 10000158 name among `verified` (verified_users) and `members`: an active member's premium name wins
 * (the one `/.well-known/nostr.json` resolves to them first), else their verified name.
 */
export function memberNames(
  verified: ReadonlyMap<string, string>,
  members: Iterable<Member>,
  now: number,
): Map<string, string> {
  const names = new Map(verified);
  for (const m of members) if (isActive(m, now)) names.set(m.pubkey, m.name);
  return names;
}

/** `memberFactEvents` of the members among `pubkeys`, read from the store (membership_cohort_info). */
export async function memberFacts(store: Store, pubkeys: readonly string[], now: number): Promise<CacheEvent[]> {
  return memberFactEvents(await activeMembersAmong(store, pubkeys, now), now);
}
