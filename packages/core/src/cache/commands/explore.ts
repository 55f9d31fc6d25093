import type { LegendCounts, NetStats, Page } from '../../model/index.ts';
import { emptyPage, parseLegendCounts, parseNetStats, parseNumberMap } from '../../model/index.ts';
import { CacheKind } from '../../nostr/index.ts';
import type { CacheClient } from '../cache-client.ts';
import type { RequestOptions } from '../cache-options.ts';
import {
  type CommandClient,
  contentOf,
  emptyOnNotice,
  type PageOptions,
  requestEvents,
  requestPage,
  stringList,
} from './command-helpers.ts';
import type { PagingParams } from './content.ts';

/** `explore` (legacy): notes by timeframe and scope; empty page on NOTICE. */
export function fetchExplore(
  client: CommandClient,
  params: {
    timeframe: 'latest' | 'trending' | 'popular' | 'mostzapped';
    scope: 'follows' | 'tribe' | 'network' | 'global';
    limit: number;
    user_pubkey?: string;
    until?: number;
    since?: number;
    created_after?: number;
  },
  options?: PageOptions,
): Promise<Page> {
  return emptyOnNotice(requestPage(client, 'explore', params, options), emptyPage);
}

/** `explore_people`: people to follow (elements are pubkeys); empty page on NOTICE. */
export function fetchExplorePeople(
  client: CommandClient,
  params: PagingParams & { user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return emptyOnNotice(requestPage(client, 'explore_people', { offset: 0, ...params }, options), emptyPage);
}

/** `explore_zaps`: the largest recent zaps (sorted by amount); empty page on NOTICE. */
export function fetchExploreZaps(client: CommandClient, params: PagingParams, options?: PageOptions): Promise<Page> {
  return emptyOnNotice(requestPage(client, 'explore_zaps', { offset: 0, ...params }, options), emptyPage);
}

/** `explore_media`: notes with media; empty page on NOTICE. */
export function fetchExploreMedia(
  client: CommandClient,
  params: PagingParams & { user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return emptyOnNotice(requestPage(client, 'explore_media', { offset: 0, ...params }, options), emptyPage);
}

/** `explore_topics`: topic → count (sent without payload); `{}` on NOTICE. */
export function fetchExploreTopics(client: CommandClient, options?: RequestOptions): Promise<Record<string, number>> {
  const run = async () => {
    const event = (await requestEvents(client, 'explore_topics', undefined, options)).find(
      (e) => e.kind === CacheKind.NoteTopicStat,
    );
    return event ? parseNumberMap(event) : {};
  };
  return emptyOnNotice(run(), () => ({}));
}

/** `explore_legend_counts`: sizes of the user's follows / inner / outer network. */
export async function fetchLegendCounts(
  client: CommandClient,
  params: { pubkey: string },
  options?: RequestOptions,
): Promise<LegendCounts | undefined> {
  const events = await requestEvents(client, 'explore_legend_counts', params, { purpose: 'legendstats', ...options });
  const event = events.find((e) => e.kind === CacheKind.LegendStats);
  return event ? parseLegendCounts(event) : undefined;
}

/** `net_stats` (live): network counters pushed repeatedly; returns the function that sends CLOSE. */
export function subscribeNetStats(client: CacheClient, onStats: (stats: NetStats) => void): () => void {
  return client.subscribe(
    'net_stats',
    undefined,
    (event) => {
      if (event.kind === CacheKind.NetStats) onStats(parseNetStats(event));
    },
    { purpose: 'netstats' },
  );
}

/** `get_default_relays`: relay URLs to use when a user has none. */
export async function fetchDefaultRelays(client: CommandClient, options?: RequestOptions): Promise<string[]> {
  return stringList(contentOf(await requestEvents(client, 'get_default_relays', undefined, options)));
}

/** `get_recommended_blossom_servers`: Blossom server URLs. */
export async function fetchRecommendedBlossomServers(client: CommandClient, options?: RequestOptions) {
  return stringList(contentOf(await requestEvents(client, 'get_recommended_blossom_servers', undefined, options)));
}
