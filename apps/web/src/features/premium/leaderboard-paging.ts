import type { LeaderboardEntry, Page } from '@tide/core/model';

/** Leaderboard page size (spec §9 paging: leaderboards load 20 at a time). */
export const LEADERBOARD_PAGE = 20;

/** One loaded leaderboard page: its entries in order, and the profiles the answer carried. */
export interface LeaderboardPage {
  entries: LeaderboardEntry[];
  page: Pick<Page, 'users' | 'memberCohortInfo' | 'legendCustomization'>;
}

/**
 * The paging of the next request after `pages`: the service's `offset` counts listed members, so the next page starts
 * after every entry asked for so far; undefined when the last page came back short (nothing more).
 */
export function nextLeaderboardOffset(pages: readonly LeaderboardPage[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.entries.length < LEADERBOARD_PAGE) return undefined;
  return pages.length * LEADERBOARD_PAGE;
}

/** Every loaded entry in order, each pubkey once (a member moving up between two requests is not shown twice). */
export function mergeLeaderboardPages(pages: readonly LeaderboardPage[]): LeaderboardEntry[] {
  const seen = new Set<string>();
  const out: LeaderboardEntry[] = [];
  for (const p of pages) {
    for (const entry of p.entries) {
      if (!entry.pubkey || seen.has(entry.pubkey)) continue;
      seen.add(entry.pubkey);
      out.push(entry);
    }
  }
  return out;
}
