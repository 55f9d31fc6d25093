import type { CommandClient } from '@tide/core/cache';
import { type CohortInfo, type LegendCustomization, parseCohortInfo, parseLegendCustomization } from '@tide/core/model';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { rememberMemberInfo } from './member-info.ts';

/** The membership facts of an answer: its 10000169 cohort info and 10000168 legend customization, by pubkey. */
export interface MemberFacts {
  memberCohortInfo: Record<string, CohortInfo>;
  legendCustomization: Record<string, LegendCustomization>;
}

/** Collects the membership facts an answer carries (empty maps when it carries none). */
export function memberFactsOf(events: readonly CacheEvent[]): MemberFacts {
  const facts: MemberFacts = { memberCohortInfo: {}, legendCustomization: {} };
  for (const event of events) {
    if (event.kind === CacheKind.MembershipCohortInfo) Object.assign(facts.memberCohortInfo, parseCohortInfo(event));
    else if (event.kind === CacheKind.LegendCustomization)
      Object.assign(facts.legendCustomization, parseLegendCustomization(event));
  }
  return facts;
}

/** Remembers the membership facts an answer carries in data/member-info (nothing to do for most answers). */
export function rememberMemberFacts(events: readonly CacheEvent[]): void {
  if (!events.some((e) => e.kind === CacheKind.MembershipCohortInfo || e.kind === CacheKind.LegendCustomization))
    return;
  rememberMemberInfo(memberFactsOf(events));
}

/**
 * Wraps a commands client so every answer's membership facts reach data/member-info before the caller sees it:
 * badges and glows light up on any row showing a user the answer carried, whatever screen asked.
 */
export function memberFactsClient(client: CommandClient): CommandClient {
  return {
    request: async (command, payload, options) => {
      const events = await client.request(command, payload, options);
      rememberMemberFacts(events);
      return events;
    },
  };
}
