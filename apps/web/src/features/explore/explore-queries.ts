import {
  type CommandClient,
  fetchExplore,
  fetchExploreMedia,
  fetchExplorePeople,
  fetchExploreTopics,
  fetchExploreZaps,
} from '@tide/core/cache';
import type { OlderCursor } from '@tide/core/model';
import { PAGE_SIZE } from '../../data/use-paged-query.ts';
import {
  EXPLORE_SCOPES,
  EXPLORE_TIMEFRAMES,
  type ExploreScope,
  type ExploreTab,
  type ExploreTimeframe,
} from './explore-options.ts';

/** mostzapped4h covers the last 4 hours (spec §9). */
export const MOST_ZAPPED_4H_SECONDS = 4 * 3600;
/** Explore people page size (spec §9). */
export const EXPLORE_PEOPLE_PAGE = 10;

/** Payload of the `explore` command for a timeframe and scope; mostzapped4h is mostzapped created after now − 4 h. */
export function exploreParams(
  timeframe: ExploreTimeframe,
  scope: ExploreScope,
  viewer: string | null,
  cursor: OlderCursor | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  return {
    timeframe: timeframe === 'mostzapped4h' ? ('mostzapped' as const) : timeframe,
    scope: scope === 'network' && viewer ? ('network' as const) : ('global' as const),
    limit: PAGE_SIZE,
    ...(viewer ? { user_pubkey: viewer } : {}),
    ...(timeframe === 'mostzapped4h' ? { created_after: nowSeconds - MOST_ZAPPED_4H_SECONDS } : {}),
    ...(cursor ? { until: cursor.until } : {}),
  };
}

/** The `/explore/feed/:id` id of a timeframe and scope, e.g. `trending_global`. */
export function exploreFeedId(timeframe: ExploreTimeframe, scope: ExploreScope): string {
  return `${timeframe}_${scope}`;
}

/** Parses a `/explore/feed/:id` id (`timeframe_scope`, scope optional: global); undefined when unknown. */
export function parseExploreFeedId(id: string): { timeframe: ExploreTimeframe; scope: ExploreScope } | undefined {
  const cut = id.lastIndexOf('_');
  const [head, tail] = cut > 0 ? [id.slice(0, cut), id.slice(cut + 1)] : [id, 'global'];
  const timeframe = EXPLORE_TIMEFRAMES.find((t) => t === head);
  const scope = EXPLORE_SCOPES.find((s) => s === tail);
  if (timeframe && scope) return { timeframe, scope };
  const whole = EXPLORE_TIMEFRAMES.find((t) => t === id);
  return whole ? { timeframe: whole, scope: 'global' } : undefined;
}

/** One page of an explore tab with the paging cursor (people 10, zaps and media 20). */
export function fetchExploreTab(
  client: CommandClient,
  tab: Exclude<ExploreTab, 'topics'>,
  choice: { timeframe: ExploreTimeframe; scope: ExploreScope; viewer: string | null },
  cursor: OlderCursor | undefined,
  signal?: AbortSignal,
) {
  const paging = cursor ? { until: cursor.until, offset: cursor.offset } : {};
  const viewer = choice.viewer ? { user_pubkey: choice.viewer } : {};
  const options = { signal, purpose: `explore_${tab}` };
  switch (tab) {
    case 'feeds':
      return fetchExplore(client, exploreParams(choice.timeframe, choice.scope, choice.viewer, cursor), options);
    case 'people':
      return fetchExplorePeople(client, { limit: EXPLORE_PEOPLE_PAGE, ...paging, ...viewer }, options);
    case 'zaps':
      return fetchExploreZaps(client, { limit: PAGE_SIZE, ...paging }, options);
    case 'media':
      return fetchExploreMedia(client, { limit: PAGE_SIZE, ...paging, ...viewer }, options);
  }
}

/** Topics with their counts, most used first. */
export async function loadExploreTopics(client: CommandClient, signal?: AbortSignal): Promise<Array<[string, number]>> {
  const topics = await fetchExploreTopics(client, { signal });
  return Object.entries(topics).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
