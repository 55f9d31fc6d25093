import {
  type CommandClient,
  fetchContactList,
  fetchDrafts,
  fetchUserFollowers,
  fetchUserProfile,
  fetchUserRelays,
  fetchUserZapsSent,
  type RelayFlags,
} from '@tide/core/cache';
import { emptyUser, type OlderCursor, type Page, type User, type UserStats } from '@tide/core/model';
import { fetchSpecPage, pageParams } from '../../data/spec-page.ts';

/** A profile as loaded: the user (blank when unknown), stats, whether it exists, whether moderation blocks it. */
export interface LoadedProfile {
  user: User;
  stats?: UserStats;
  found: boolean;
  blocked: boolean;
  verifiedName?: string;
}

/** True when stats show any trace of the user (the service answers zero stats for keys it never saw). */
export function hasActivity(stats: UserStats | undefined): boolean {
  if (!stats) return false;
  return (
    stats.note_count + stats.reply_count + stats.follows_count + stats.followers_count + stats.long_form_note_count > 0
  );
}

/** Reads a `user_profile` page: 'user not found' without a profile event or any activity; blocked only on action block. */
export function profileOf(page: Page, pubkey: string): LoadedProfile {
  const known = page.users[pubkey];
  const stats = page.userStats[pubkey] ?? known?.userStats;
  return {
    user: known ?? emptyUser(pubkey, stats),
    ...(stats ? { stats } : {}),
    found: Boolean(known?.msg) || hasActivity(stats),
    blocked: page.filteringReasons[pubkey]?.action === 'block',
    ...(page.verifiedNames[pubkey] ? { verifiedName: page.verifiedNames[pubkey] } : {}),
  };
}

/** Loads a profile with `user_profile`; a missing pubkey is rejected (spec §8). */
export async function loadProfile(
  client: CommandClient,
  pubkey: string,
  viewer: string | null,
  signal?: AbortSignal,
): Promise<LoadedProfile> {
  if (!pubkey) throw new Error('missing pubkey');
  const page = await fetchUserProfile(
    client,
    { pubkey, ...(viewer ? { user_pubkey: viewer } : {}) },
    { signal, purpose: 'user_profile' },
  );
  return profileOf(page, pubkey);
}

/** The paged profile tabs and how they are fetched. */
export type PagedTab = 'notes' | 'replies' | 'media' | 'reads' | 'drafts' | 'zaps';

/** The mega-feed spec of a profile tab (protocol reference §4.1). */
export function profileTabSpec(tab: 'notes' | 'replies' | 'media' | 'reads', pubkey: string): string {
  if (tab === 'reads') return JSON.stringify({ id: 'feed', kind: 'reads', notes: 'authored', pubkey, minwords: 0 });
  const notes = tab === 'notes' ? 'authored' : tab === 'replies' ? 'replies' : 'user_media_thumbnails';
  return JSON.stringify({ id: 'feed', kind: 'notes', notes, pubkey });
}

/** One page (20) of a paged profile tab. */
export function fetchProfileTabPage(
  client: CommandClient,
  tab: PagedTab,
  pubkey: string,
  cursor: OlderCursor | undefined,
  viewer: string | null,
  signal?: AbortSignal,
): Promise<Page> {
  const paging = pageParams(cursor);
  const options = { signal, purpose: `profile_${tab}` };
  if (tab === 'zaps') return fetchUserZapsSent(client, { sender: pubkey, ...paging }, options);
  if (tab === 'drafts') return fetchDrafts(client, { pubkey, ...paging }, options);
  return fetchSpecPage(client, profileTabSpec(tab, pubkey), cursor, viewer, options.purpose, signal);
}

/** The people of the contacts (follows) or followers tab, most followed first. */
export async function loadProfilePeople(
  client: CommandClient,
  tab: 'contacts' | 'followers',
  pubkey: string,
  signal?: AbortSignal,
): Promise<{ users: User[]; followers: Record<string, number> }> {
  const options = { signal, purpose: `profile_${tab}` };
  const page =
    tab === 'contacts'
      ? await fetchContactList(client, { pubkey, extended_response: true }, options)
      : await fetchUserFollowers(client, { pubkey }, options);
  const followers = page.followerCounts;
  const users = Object.values(page.users)
    .filter((u) => u.pubkey !== pubkey || tab === 'followers')
    .sort((a, b) => (followers[b.pubkey] ?? 0) - (followers[a.pubkey] ?? 0));
  return { users, followers };
}

/** The relays of a profile (`get_user_relays`) as sorted url → read/write rows. */
export async function loadProfileRelays(client: CommandClient, pubkey: string, signal?: AbortSignal) {
  const relays: RelayFlags = await fetchUserRelays(client, { pubkey }, { signal, purpose: 'profile_relays' });
  return Object.entries(relays)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([url, flags]) => ({ url, ...flags }));
}
