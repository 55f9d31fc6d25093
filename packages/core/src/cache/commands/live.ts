import type { Page } from '../../model/index.ts';
import type { CacheEvent } from '../../nostr/index.ts';
import type { CacheClient } from '../cache-client.ts';
import { type CommandClient, type PageOptions, requestPage } from './command-helpers.ts';

/** `live_feed` (live, NIP-53): chat (1311), zaps, profiles, stream updates and stats of one stream; returns stop. */
export function subscribeLiveFeed(
  client: CacheClient,
  params: { kind?: number; pubkey: string; identifier: string; user_pubkey?: string; content_moderation_mode?: string },
  onEvent: (event: CacheEvent) => void,
): () => void {
  return client.subscribe('live_feed', { kind: 30311, ...params }, onEvent, {
    closeExtra: () => ({ cache: ['live_feed'] }),
  });
}

/** `live_events_from_follows` (live): streams (30311) of the user's follows; returns stop. */
export function subscribeLiveEventsFromFollows(
  client: CacheClient,
  params: { user_pubkey: string },
  onEvent: (event: CacheEvent) => void,
): () => void {
  return client.subscribe('live_events_from_follows', params, onEvent, {
    closeExtra: () => ({ cache: ['live_events_from_follows'] }),
  });
}

/** `find_live_events`: a host's stream by identifier. */
export function findLiveEvents(
  client: CommandClient,
  params: { host_pubkey: string; identifier: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'find_live_events', params, options);
}
