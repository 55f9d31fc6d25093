import type { CommandClient } from '@tide/core/cache';
import type { CohortInfo, LegendCustomization } from '@tide/core/model';
import { useStore } from 'zustand';
import type { MembershipTier, SessionState, SessionStore } from '../state/session-store.ts';
import { stores } from '../state/stores.ts';
import { memberFactsOf } from './member-facts-client.ts';
import { rememberMember, rememberMemberInfo, useMemberInfo } from './member-info.ts';

/** How long the sign-in tier lookup waits for the caching service before the tier stays unknown. */
export const MEMBERSHIP_LOOKUP_TIMEOUT_MS = 15_000;

/** A known tier (what a lookup answers). */
export type KnownTier = Exclude<MembershipTier, 'unknown'>;

function tierOf(cohort: CohortInfo | undefined, legend: LegendCustomization | undefined): KnownTier {
  if (cohort?.tier === 'premium-legend' || legend) return 'premium-legend';
  return cohort?.tier === 'premium' ? 'premium' : 'none';
}

/**
 * Looks up `pubkey`'s membership with the caching service's unsigned `membership_cohort_info` (nothing to sign):
 * answers 10000169 cohort info and 10000168 legend customization, nothing for a non-member ('none', spec §4). The
 * facts go to member-info at once (badges, glow, upload limit). Rejects when the service fails or times out.
 */
export async function lookupMembershipTier(
  client: CommandClient,
  pubkey: string,
  timeoutMs = MEMBERSHIP_LOOKUP_TIMEOUT_MS,
): Promise<KnownTier> {
  const events = await client.request('membership_cohort_info', { pubkeys: [pubkey] }, { timeoutMs });
  const facts = memberFactsOf(events);
  const tier = tierOf(facts.memberCohortInfo[pubkey], facts.legendCustomization[pubkey]);
  if (tier === 'none') rememberMember(pubkey, null);
  else rememberMemberInfo(facts);
  return tier;
}

/**
 * Keeps the session's `membershipTier` on the signed-in user (every sign-in method, and a reload of a signed-in
 * session): `unknown` at each change of user, then the lookup's answer. A failed lookup leaves it unknown (the user
 * is treated as not a member, sign-in goes on, nothing is thrown) and is asked again when the caching service
 * connects again. Returns the function that stops following.
 */
export function followMembershipTier(client: CommandClient, session: SessionStore): () => void {
  let current: string | null = null;
  let stopped = false;
  let failed = false;
  const lookup = (publicKey: string) => {
    failed = false;
    lookupMembershipTier(client, publicKey).then(
      (tier) => {
        if (!stopped && current === publicKey) session.getState().setMembershipTier(tier);
      },
      () => {
        if (current === publicKey) failed = true;
      },
    );
  };
  const apply = (state: SessionState, previous?: SessionState) => {
    const { publicKey, membershipTier, setMembershipTier } = state;
    if (publicKey === current) {
      // A lookup that failed (e.g. the service was unreachable) is asked again once the connection is back.
      const reconnected = state.cacheStatus === 'connected' && previous?.cacheStatus !== 'connected';
      if (publicKey && failed && reconnected) lookup(publicKey);
      return;
    }
    current = publicKey;
    if (membershipTier !== 'unknown') setMembershipTier('unknown');
    if (publicKey) lookup(publicKey);
  };
  apply(session.getState());
  const stop = session.subscribe(apply);
  return () => {
    stopped = true;
    stop();
  };
}

/**
 * React hook: the signed-in user's tier as the app knows it now: membership facts seen since (a purchase on the
 * premium pages, cohort info in an answer) win over the sign-in lookup; `unknown` for a guest or before the lookup.
 */
export function useViewerTier(session: SessionStore = stores.session): MembershipTier {
  const me = useStore(session, (s) => s.publicKey);
  const looked = useStore(session, (s) => s.membershipTier);
  const info = useMemberInfo(me ?? undefined);
  if (!me) return 'unknown';
  return info?.tier ?? looked;
}
