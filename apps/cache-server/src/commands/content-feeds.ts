import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind, Kind } from '@tide/core/nostr';
import { DEFAULT_HOME_FEEDS, DEFAULT_READS_FEEDS } from '../defaults/index.ts';
import { hexArg, synth } from './content-common.ts';
import { parseSpec, runSpec } from './content-feed-specs.ts';
import { searchNotes } from './content-search.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';
import { feed } from './feed-notes.ts';

export { parseSpec, runSpec } from './content-feed-specs.ts';
export { feed, kindsArg } from './feed-notes.ts';

/** mega_feed_directive {spec, limit, offset, until, since, user_pubkey}: the universal feed call (protocol §4). */
async function megaFeedDirective(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  return runSpec(ctx, parseSpec(p.spec), p);
}

/** advanced_feed {specification: ["advanced_search", {query}] | spec string, limit, user_pubkey, until, offset}. */
async function advancedFeed(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const s = p.specification;
  if (Array.isArray(s)) {
    const [verb, args] = s as [unknown, unknown];
    const query = args && typeof args === 'object' ? (args as Record<string, unknown>).query : undefined;
    if (verb !== 'advanced_search' || typeof query !== 'string') throw new CommandError('invalid specification');
    return searchNotes(ctx, p, query);
  }
  return runSpec(ctx, parseSpec(s), p);
}

/** The advanced feeds offered by get_advanced_feeds (10000150). */
export const ADVANCED_FEEDS = [
  {
    id: 'latest',
    name: 'Latest',
    description: 'Notes by your follows',
    specification: '{"id":"latest","kind":"notes"}',
    category: 'notes',
  },
  {
    id: 'global-trending',
    name: 'Trending',
    description: 'Trending notes of the last 24 hours',
    specification: '{"id":"global-trending","kind":"notes","hours":24}',
    category: 'notes',
  },
  {
    id: 'most-zapped',
    name: 'Most Zapped',
    description: 'Most zapped notes of the last 4 hours',
    specification: '{"id":"most-zapped","kind":"notes","hours":4}',
    category: 'notes',
  },
  {
    id: 'explore-media',
    name: 'Media',
    description: 'Notes with pictures',
    specification: '{"id":"explore-media","kind":"notes"}',
    category: 'notes',
  },
  {
    id: 'all-reads',
    name: 'All Reads',
    description: 'Every article',
    specification: '{"kind":"reads","minwords":100}',
    category: 'reads',
  },
];

/** creator_paid_tiers {pubkey}: the creator's tier list (17000) and tiers (37001). */
async function creatorPaidTiers(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const rows = await ctx.store.db
    .selectFrom('replaceable_events as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select(['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'])
    .where('r.pubkey', '=', pubkey)
    .where('r.kind', 'in', [Kind.TierList, Kind.Tier])
    .execute();
  return rows.map((r) => ({ ...r, tags: JSON.parse(r.tags) as string[][] }));
}

/** The feed commands. */
export const contentFeedCommands: CommandRecord = {
  feed,
  mega_feed_directive: megaFeedDirective,
  advanced_feed: advancedFeed,
  get_advanced_feeds: async () => [synth(CacheKind.AdvancedFeeds, ADVANCED_FEEDS)],
  get_home_feeds: async () => [synth(CacheKind.HomeFeeds, DEFAULT_HOME_FEEDS)],
  get_reads_feeds: async () => [synth(CacheKind.ReadsFeeds, DEFAULT_READS_FEEDS)],
  creator_paid_tiers: creatorPaidTiers,
};
