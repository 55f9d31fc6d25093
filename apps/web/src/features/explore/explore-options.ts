import type { MessageId } from '../../i18n/intl.tsx';

/** Explore tabs (spec §2). */
export const EXPLORE_TABS = ['feeds', 'people', 'zaps', 'media', 'topics'] as const;
/** One explore tab. */
export type ExploreTab = (typeof EXPLORE_TABS)[number];

/** Explore scopes: the whole network or the user's own network. */
export const EXPLORE_SCOPES = ['global', 'network'] as const;
/** One explore scope. */
export type ExploreScope = (typeof EXPLORE_SCOPES)[number];

/** Explore timeframes (spec §2; mostzapped4h covers 4 hours). */
export const EXPLORE_TIMEFRAMES = ['latest', 'trending', 'popular', 'mostzapped', 'mostzapped4h'] as const;
/** One explore timeframe. */
export type ExploreTimeframe = (typeof EXPLORE_TIMEFRAMES)[number];

/** Explore network stats in display order (spec §2). */
export const EXPLORE_STATS = [
  'users',
  'pubkeys',
  'zaps',
  'satszapped',
  'pubnotes',
  'reposts',
  'reactions',
  'any',
] as const;

/** Message id of each option's label. */
export const EXPLORE_LABELS: Record<string, MessageId> = {
  feeds: 'explore.tab.feeds',
  people: 'explore.tab.people',
  zaps: 'explore.tab.zaps',
  media: 'explore.tab.media',
  topics: 'explore.tab.topics',
  global: 'explore.scope.global',
  network: 'explore.scope.network',
  latest: 'explore.timeframe.latest',
  trending: 'explore.timeframe.trending',
  popular: 'explore.timeframe.popular',
  mostzapped: 'explore.timeframe.mostzapped',
  mostzapped4h: 'explore.timeframe.mostzapped4h',
  users: 'explore.stat.users',
  pubkeys: 'explore.stat.pubkeys',
  satszapped: 'explore.stat.satszapped',
  pubnotes: 'explore.stat.pubnotes',
  reposts: 'explore.stat.reposts',
  reactions: 'explore.stat.reactions',
  any: 'explore.stat.any',
};
