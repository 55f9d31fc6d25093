import type { Page } from '../../model/index.ts';
import type { CacheEvent } from '../../nostr/index.ts';
import { CacheKind } from '../../nostr/index.ts';
import type { RequestOptions } from '../cache-options.ts';
import { type CommandClient, contentOf, type PageOptions, requestEvents, requestPage } from './command-helpers.ts';

/** `get_advanced_feeds`: feed definitions for the test pages. */
export function fetchAdvancedFeeds(client: CommandClient, options?: RequestOptions): Promise<CacheEvent[]> {
  return requestEvents(client, 'get_advanced_feeds', undefined, options);
}

/** `advanced_feed`: a feed by specification, e.g. `["advanced_search", {query}]`. */
export function fetchAdvancedFeed(
  client: CommandClient,
  params: { specification: unknown; limit: number; user_pubkey?: string; until?: number; offset?: number },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'advanced_feed', params, options);
}

/** `top_article`: a user's best article by sats zapped or interactions. */
export function fetchTopArticle(
  client: CommandClient,
  params: { pubkey: string; by: 'satszapped' | 'interactions' },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'top_article', params, options);
}

/** Article counters of a user (kind 10000174). */
export interface ArticlesStats {
  articles: number;
  drafts: number;
  satszapped: number;
}

/** `articles_stats`: how many articles and drafts a user has, and sats zapped to them. */
export async function fetchArticlesStats(
  client: CommandClient,
  params: { pubkey: string },
  options?: RequestOptions,
): Promise<ArticlesStats> {
  const c = (contentOf(await requestEvents(client, 'articles_stats', params, options), CacheKind.ArticlesStats) ??
    {}) as Record<string, unknown>;
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  return { articles: n(c.articles), drafts: n(c.drafts), satszapped: n(c.satszapped) };
}

/** `get_featured_dvm_feeds`: the feed marketplace (31990 handlers with metadata). */
export function fetchFeaturedDvmFeeds(
  client: CommandClient,
  params: { kind?: 'notes' | 'reads'; user_pubkey?: string },
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return requestEvents(client, 'get_featured_dvm_feeds', params, options);
}

/** `dvm_feed_info`: one DVM feed's handler event and metadata. */
export function fetchDvmFeedInfo(
  client: CommandClient,
  params: { identifier: string; pubkey: string; user_pubkey?: string },
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return requestEvents(client, 'dvm_feed_info', params, options);
}

/** `creator_paid_tiers`: a creator's tier list (17000) and tiers (37001). */
export function fetchCreatorPaidTiers(
  client: CommandClient,
  params: { pubkey: string },
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return requestEvents(client, 'creator_paid_tiers', params, options);
}
