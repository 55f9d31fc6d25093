import {
  type CommandClient,
  fetchAddressableEvents,
  fetchArticleThread,
  fetchDefaultFeeds,
  fetchFeaturedAuthors,
  fetchHighlights,
  fetchReadsTopics,
  fetchRecommendedReads,
  fetchUserProfile,
} from '@tide/core/cache';
import { emptyPage, type Page } from '@tide/core/model';
import { type CacheEvent, Kind } from '@tide/core/nostr';
import type { Signer } from '@tide/core/signers';
import { type FeedDescriptor, parseFeedDescriptors } from '../../data/app-settings.ts';
import { captureEvents } from '../../data/page-fold.ts';
import { fetchUserFeeds } from '../../data/user-settings.ts';

/** Top picks shown in the reads sidebar. */
export const TOP_PICKS_SHOWN = 3;

/** The mega-feed spec of the reads of one topic (protocol reference §4.1). */
export function topicSpec(topic: string): string {
  return JSON.stringify({ kind: 'reads', topic });
}

/**
 * The reads feeds, enabled ones only: with a `signer`, the user's own (settings subkey user-reads-feeds); otherwise, or
 * when they have none or cannot be read, `get_reads_feeds` (the default account's feeds).
 */
export async function loadReadsFeeds(
  client: CommandClient,
  signal?: AbortSignal,
  signer?: Signer | null,
): Promise<FeedDescriptor[]> {
  if (signer) {
    const own = await fetchUserFeeds(client, signer, 'reads', signal).catch(() => []);
    if (own.length) return own;
  }
  return parseFeedDescriptors(await fetchDefaultFeeds(client, 'reads', { signal })).filter((f) => f.enabled);
}

/** The reads sidebar: recommended articles (as a page), topics and the featured author's profile page. */
export interface ReadsSidebarData {
  topPicks: Page;
  topics: string[];
  featured?: { pubkey: string; page: Page };
}

/** Loads the reads sidebar: `get_recommended_reads` (naddrs resolved with `parametrized_replaceable_events`), `get_reads_topics`, `get_featured_authors`. */
export async function loadReadsSidebar(client: CommandClient, signal?: AbortSignal): Promise<ReadsSidebarData> {
  const [addresses, topics, authors] = await Promise.all([
    fetchRecommendedReads(client, { signal, purpose: 'reads_picks' }),
    fetchReadsTopics(client, { signal, purpose: 'reads_topics' }),
    fetchFeaturedAuthors(client, { signal, purpose: 'reads_authors' }),
  ]);
  const picked = addresses.slice(0, TOP_PICKS_SHOWN);
  const topPicks = picked.length
    ? await fetchAddressableEvents(
        client,
        { events: picked, extended_response: true },
        { signal, purpose: 'reads_pick_events' },
      )
    : emptyPage();
  // The featured author changes with the hour, so everyone sees a different one over a day.
  const author = authors.length ? authors[Math.floor(Date.now() / 3_600_000) % authors.length] : undefined;
  const featured = author
    ? { pubkey: author, page: await fetchUserProfile(client, { pubkey: author }, { signal, purpose: 'reads_author' }) }
    : undefined;
  return { topPicks, topics, ...(featured ? { featured } : {}) };
}

/** An article with its comments (`long_form_content_thread_view`) and its highlights (kind 9802 from `get_highlights`). */
export interface ArticleThread {
  page: Page;
  highlights: CacheEvent[];
  /** The article's signed events as received (the actions need its signature: repost, broadcast). */
  events: CacheEvent[];
}

/** Loads an article thread and its highlights; an empty page means the article is not known. */
export async function loadArticleThread(
  client: CommandClient,
  ref: { pubkey: string; identifier: string; kind: number },
  viewer: string | null,
  signal?: AbortSignal,
): Promise<ArticleThread> {
  const user = viewer ? { user_pubkey: viewer } : {};
  let page: Page = emptyPage();
  const [received, events] = await Promise.all([
    captureEvents(client, async (c) => {
      page = await fetchArticleThread(c, { ...ref, ...user }, { signal, purpose: 'article_thread' });
    }),
    captureEvents(client, (c) =>
      fetchHighlights(c, { ...ref, ...user }, { signal, purpose: 'article_highlights' }),
    ).catch(() => []),
  ]);
  return {
    page,
    highlights: events.filter((e) => e.kind === Kind.Highlight && typeof e.content === 'string'),
    events: received.filter((e) => e.kind === ref.kind && e.pubkey === ref.pubkey),
  };
}
