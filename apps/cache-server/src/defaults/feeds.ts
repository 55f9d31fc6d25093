/** A feed descriptor as stored in settings and served by get_home_feeds / get_reads_feeds (protocol §4). */
export interface FeedDescriptor {
  name: string;
  /** JSON string of the mega-feed spec (key order matters to clients comparing specs). */
  spec: string;
  description: string;
  enabled: boolean;
  feedkind?: string;
}

/** Default home feeds: following, trending, most zapped, and the whole network. */
export const DEFAULT_HOME_FEEDS: readonly FeedDescriptor[] = [
  {
    name: 'Latest',
    spec: '{"id":"latest","kind":"notes"}',
    description: 'Latest notes by your follows',
    enabled: true,
    feedkind: 'primal',
  },
  {
    name: 'Latest with Replies',
    spec: '{"id":"latest","include_replies":true,"kind":"notes"}',
    description: 'Latest notes and replies by your follows',
    enabled: false,
    feedkind: 'primal',
  },
  {
    name: 'Trending 24h',
    spec: '{"id":"global-trending","kind":"notes","hours":24}',
    description: 'Notes trending across the network in the last 24 hours',
    enabled: true,
    feedkind: 'primal',
  },
  {
    name: 'Most Zapped 4h',
    spec: '{"id":"most-zapped","kind":"notes","hours":4}',
    description: 'Notes that received the most sats in the last 4 hours',
    enabled: true,
    feedkind: 'primal',
  },
  {
    name: 'All Notes',
    spec: '{"id":"all-notes","kind":"notes"}',
    description: 'Every note on the network, newest first',
    enabled: true,
    feedkind: 'primal',
  },
];

/** Default reads feeds: articles by follows, zapped by follows, and all articles. */
export const DEFAULT_READS_FEEDS: readonly FeedDescriptor[] = [
  {
    name: 'My Reads',
    spec: '{"kind":"reads","scope":"follows"}',
    description: 'Articles by people you follow',
    enabled: true,
    feedkind: 'primal',
  },
  {
    name: 'Zapped by Follows',
    spec: '{"kind":"reads","scope":"zappedbyfollows"}',
    description: 'Articles your follows zapped',
    enabled: true,
    feedkind: 'primal',
  },
  {
    name: 'All Reads',
    spec: '{"kind":"reads","minwords":100}',
    description: 'Every article on the network, newest first',
    enabled: true,
    feedkind: 'primal',
  },
];
