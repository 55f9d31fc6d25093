import type { Page } from '../../model/index.ts';
import type { CacheEvent, NostrEvent } from '../../nostr/index.ts';
import { CacheKind } from '../../nostr/index.ts';
import type { RequestOptions } from '../cache-options.ts';
import { type CommandClient, contentOf, type PageOptions, requestEvents, requestPage } from './command-helpers.ts';

/** `user_infos`: profiles (and scores, names, legend info) of many users. */
export function fetchUserInfos(
  client: CommandClient,
  params: { pubkeys: string[] },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'user_infos', params, options);
}

/** `user_profile`: a profile with its stats (10000105) and filtering reason (10000131). */
export function fetchUserProfile(
  client: CommandClient,
  params: { pubkey: string; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'user_profile', params, options);
}

/** Relay list of a user (kind 10000139 `r` tags) as url → read/write flags. */
export type RelayFlags = Record<string, { read: boolean; write: boolean }>;

function relayFlags(event: CacheEvent): RelayFlags {
  const out: RelayFlags = {};
  for (const tag of event.tags ?? []) {
    if (tag[0] !== 'r' || !tag[1]) continue;
    out[tag[1]] = { read: tag[2] !== 'write', write: tag[2] !== 'read' };
  }
  return out;
}

/** `get_user_relays`: a user's relays with read/write flags. */
export async function fetchUserRelays(
  client: CommandClient,
  params: { pubkey: string },
  options?: RequestOptions,
): Promise<RelayFlags> {
  const event = (await requestEvents(client, 'get_user_relays', params, options)).find(
    (e) => e.kind === CacheKind.UserRelays,
  );
  return event ? relayFlags(event) : {};
}

/** `get_user_relays_2`: relays of many users, by pubkey. */
export async function fetchUsersRelays(
  client: CommandClient,
  params: { pubkeys: string[] },
  options?: RequestOptions,
): Promise<Record<string, RelayFlags>> {
  const out: Record<string, RelayFlags> = {};
  for (const event of await requestEvents(client, 'get_user_relays_2', params, options)) {
    if (event.kind === CacheKind.UserRelays && event.pubkey) out[event.pubkey] = relayFlags(event);
  }
  return out;
}

/** `is_user_following`: whether `user_pubkey` follows `pubkey`. */
export async function fetchIsUserFollowing(
  client: CommandClient,
  params: { pubkey: string; user_pubkey: string },
  options?: RequestOptions,
): Promise<boolean> {
  return contentOf(await requestEvents(client, 'is_user_following', params, options)) === true;
}

/** `contact_list`: a user's kind 3 (with the follows' profiles and follower counts when extended). */
export function fetchContactList(
  client: CommandClient,
  params: { pubkey: string; extended_response?: boolean },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'contact_list', params, options);
}

/** The latest kind-3 contact list in an answer, if any (for follow/unfollow edits). */
export function contactListOf(events: readonly CacheEvent[]): CacheEvent | undefined {
  return events.filter((e) => e.kind === 3).sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0))[0];
}

/** `user_followers`: profiles of a user's followers. */
export function fetchUserFollowers(client: CommandClient, params: { pubkey: string }, options?: PageOptions) {
  return requestPage(client, 'user_followers', params, options);
}

/** `user_zaps_sent`: zaps a user sent. */
export function fetchUserZapsSent(
  client: CommandClient,
  params: { sender: string; limit: number; offset?: number; until?: number },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'user_zaps_sent', { offset: 0, ...params }, options);
}

/** `mutelist` / `mutelists` / `allowlist`: a user's mute list, filter lists or allow list (raw events). */
export function fetchList(
  client: CommandClient,
  which: 'mutelist' | 'mutelists' | 'allowlist',
  params: { pubkey: string; extended_response?: boolean },
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return requestEvents(client, which, params, options);
}

/** `parameterized_replaceable_list`: a kind-30000 list by identifier. */
export function fetchParameterizedList(
  client: CommandClient,
  params: { pubkey: string; identifier: string; extended_response?: boolean },
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return requestEvents(client, 'parameterized_replaceable_list', params, options);
}

/** `user_profile_scored_content`: a user's top notes. */
export function fetchScoredContent(
  client: CommandClient,
  params: { pubkey: string; limit: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'user_profile_scored_content', params, options);
}

/** `user_profile_followed_by`: follows of `user_pubkey` who follow `pubkey`. */
export function fetchFollowedBy(
  client: CommandClient,
  params: { pubkey: string; limit: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'user_profile_followed_by', params, options);
}

/** `user_profile_scored_content`: a user's most popular notes (highest score first). */
export function fetchProfileScoredContent(
  client: CommandClient,
  params: { pubkey: string; limit: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'user_profile_scored_content', params, options);
}

/** `scored_users_24h`: trending users. */
export function fetchScoredUsers(client: CommandClient, params: { user_pubkey?: string }, options?: PageOptions) {
  return requestPage(client, 'scored_users_24h', params, options);
}

/** `scored`: precomputed trending / most-zapped notes (e.g. selector `trending_24h`). */
export function fetchScored(
  client: CommandClient,
  params: { user_pubkey?: string; selector: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'scored', params, options);
}

/** `report_user`: reports a user with a signed kind-30078 event. */
export async function reportUser(
  client: CommandClient,
  params: { pubkey: string; event_from_user: NostrEvent },
  options?: RequestOptions,
): Promise<void> {
  await requestEvents(client, 'report_user', params, options);
}

/** `get_suggested_users`: suggested users by group (10000134) with profiles. */
export function fetchSuggestedUsers(client: CommandClient, options?: PageOptions): Promise<Page> {
  return requestPage(client, 'get_suggested_users', undefined, options);
}

/** `get_bookmarks`: the user's kind-10003 list. */
export function fetchBookmarks(
  client: CommandClient,
  params: { pubkey: string },
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return requestEvents(client, 'get_bookmarks', params, options);
}

/** `search_filterlist`: why a user is filtered for the viewer. */
export function fetchSearchFilterlist(
  client: CommandClient,
  params: { pubkey: string; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'search_filterlist', params, options);
}

/** `user_search`: users matching a query, best scored first (payload key is `pubkey`, not `user_pubkey`). */
export function searchUsers(
  client: CommandClient,
  params: { query: string; limit?: number; pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'user_search', { limit: 10, ...params }, options);
}

/** `search`: notes matching a query (`<` and `>` are escaped first). */
export function searchContent(
  client: CommandClient,
  params: { query: string; limit?: number; user_pubkey?: string; since?: number },
  options?: PageOptions,
): Promise<Page> {
  const query = params.query.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return requestPage(client, 'search', { limit: 100, ...params, query }, options);
}

/**
 * Advanced search (spec §7): a mega feed with spec `{"id":"advsearch","query":…}`; users are searched with the query
 * prefixed `kind:0 ` (limit 10), content with limit 20.
 */
export function advancedSearch(
  client: CommandClient,
  params: { query: string; users?: boolean; limit?: number; until?: number; offset?: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  const { query, users, limit, ...rest } = params;
  const spec = JSON.stringify({ id: 'advsearch', query: users ? `kind:0 ${query}` : query });
  return requestPage(
    client,
    'mega_feed_directive',
    { spec, limit: limit ?? (users ? 10 : 20), offset: 0, ...rest },
    options,
  );
}
