import { type CommandClient, fetchAppSubsettings, fetchDefaultFeeds, saveAppSubsettings } from '@tide/core/cache';
import type { Signer } from '@tide/core/signers';
import { type FeedDescriptor, parseFeedDescriptors } from '../../../data/app-settings.ts';
import { signSettingsRequest } from '../../../data/user-settings.ts';

/** Home or reads feeds. */
export type FeedListKind = 'home' | 'reads';

/** The settings subkey of a feed list (`user-home-feeds`, `user-reads-feeds`). */
export const feedSubkey = (kind: FeedListKind) => `user-${kind}-feeds`;

/** The service's default feeds (`get_home_feeds` / `get_reads_feeds`), all of them. */
export async function loadDefaultFeeds(client: CommandClient, kind: FeedListKind): Promise<FeedDescriptor[]> {
  return parseFeedDescriptors(await fetchDefaultFeeds(client, kind));
}

/**
 * The user's whole feed list, disabled ones too (`get_app_subsettings`, signed); an empty list falls back to the
 * defaults (spec §4 settings). Rejects when the service refuses (a NOTICE).
 */
export async function loadFeedList(
  client: CommandClient,
  signer: Signer,
  kind: FeedListKind,
): Promise<FeedDescriptor[]> {
  const request = await signSettingsRequest(signer, `get_app_subsettings_${kind}`, { subkey: feedSubkey(kind) });
  const own = parseFeedDescriptors(await fetchAppSubsettings(client, { event_from_user: request }));
  return own.length ? own : loadDefaultFeeds(client, kind);
}

/** Saves the user's whole feed list (`set_app_subsettings`, signed `{subkey, settings}`); rejects on a NOTICE. */
export async function saveFeedList(
  client: CommandClient,
  signer: Signer,
  kind: FeedListKind,
  feeds: FeedDescriptor[],
): Promise<void> {
  const event = await signSettingsRequest(signer, `set_app_subsettings_${kind}`, {
    subkey: feedSubkey(kind),
    settings: feeds,
  });
  await saveAppSubsettings(client, { event_from_user: event }, { timeoutMs: 15_000 });
}

/** Moves the feed at `from` one place up (-1) or down (+1). */
export function moveFeed(feeds: FeedDescriptor[], from: number, step: -1 | 1): FeedDescriptor[] {
  const to = from + step;
  if (to < 0 || to >= feeds.length) return feeds;
  const next = [...feeds];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next;
}

/** Adds `feed` at the end (enabled) unless a feed with the same spec is there; then it is enabled. */
export function addFeed(feeds: FeedDescriptor[], feed: FeedDescriptor): FeedDescriptor[] {
  if (feeds.some((f) => f.spec === feed.spec)) {
    return feeds.map((f) => (f.spec === feed.spec ? { ...f, enabled: true } : f));
  }
  return [...feeds, { ...feed, enabled: true }];
}
