import {
  type CommandClient,
  fetchFollowedBy,
  fetchIsUserFollowing,
  fetchMegaFeed,
  fetchProfileScoredContent,
} from '@tide/core/cache';
import type { Article, Note, User } from '@tide/core/model';
import { profileTabSpec } from './profile-queries.ts';

/** Articles shown in the profile sidebar (spec §9: profile sidebar reads 2). */
export const SIDEBAR_READS = 2;
/** Popular notes shown in the profile sidebar (spec §9: scored notes 5). */
export const POPULAR_NOTES = 5;
/** Common followers asked for on a profile (spec §9: common followers 6 in profile). */
export const COMMON_FOLLOWERS = 6;

/** The profile's newest two articles (the reads tab's feed, first two). */
export async function loadSidebarReads(
  client: CommandClient,
  pubkey: string,
  signal?: AbortSignal,
): Promise<Article[]> {
  const page = await fetchMegaFeed(
    client,
    { spec: profileTabSpec('reads', pubkey), limit: SIDEBAR_READS },
    { signal, purpose: 'profile_sidebar_reads' },
  );
  return page.reads.slice(0, SIDEBAR_READS);
}

/** "Followed by": people the viewer follows who follow the profile, most followed first (at most 6). */
export async function loadCommonFollowers(
  client: CommandClient,
  pubkey: string,
  viewer: string,
  signal?: AbortSignal,
): Promise<User[]> {
  const page = await fetchFollowedBy(
    client,
    { pubkey, user_pubkey: viewer, limit: COMMON_FOLLOWERS },
    { signal, purpose: 'profile_followed_by' },
  );
  return Object.values(page.users)
    .filter((u) => u.pubkey !== pubkey && u.pubkey !== viewer)
    .slice(0, COMMON_FOLLOWERS);
}

/** True when the profile's contact list holds the viewer ("Follows you"; semantics: `pubkey` follows `user_pubkey`). */
export function loadFollowsViewer(
  client: CommandClient,
  pubkey: string,
  viewer: string,
  signal?: AbortSignal,
): Promise<boolean> {
  return fetchIsUserFollowing(client, { pubkey, user_pubkey: viewer }, { signal, purpose: 'profile_follows_you' });
}

/** The profile's most popular notes (`user_profile_scored_content`, best first), for the sidebar. */
export async function loadPopularNotes(
  client: CommandClient,
  pubkey: string,
  viewer: string | null,
  signal?: AbortSignal,
): Promise<Note[]> {
  const page = await fetchProfileScoredContent(
    client,
    { pubkey, limit: POPULAR_NOTES, ...(viewer ? { user_pubkey: viewer } : {}) },
    { signal, purpose: 'profile_popular_notes' },
  );
  return page.notes.filter((n) => n.user.pubkey === pubkey).slice(0, POPULAR_NOTES);
}
