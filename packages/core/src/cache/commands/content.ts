import type { FeedDescriptor, Page } from '../../model/index.ts';
import { emptyPage, parseFeedDescriptors } from '../../model/index.ts';
import type { AddressPointer, CacheEvent, NostrEvent } from '../../nostr/index.ts';
import { CacheKind, tryDecodeNip19 } from '../../nostr/index.ts';
import type { RequestOptions } from '../cache-options.ts';
import {
  type CommandClient,
  contentOf,
  type EventTarget,
  emptyOnNotice,
  type PageOptions,
  requestEvents,
  requestPage,
  stringList,
} from './command-helpers.ts';

/** Paging fields shared by feed commands. */
export interface PagingParams {
  limit: number;
  until?: number;
  since?: number;
  offset?: number;
}

/** `mega_feed_directive`: the universal feed (`spec` is the feed's JSON string). */
export function fetchMegaFeed(
  client: CommandClient,
  params: PagingParams & { spec: string; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'mega_feed_directive', { offset: 0, ...params }, options);
}

/** `drafts`: the user's article drafts (kind 31234, NIP-44 encrypted to self). */
export function fetchDrafts(
  client: CommandClient,
  params: PagingParams & { pubkey: string; kind?: number },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'drafts', { kind: 30023, offset: 0, ...params }, options);
}

/** `feed` (legacy): a user's authored notes, replies, bookmarks or media. */
export function fetchUserFeed(
  client: CommandClient,
  params: PagingParams & {
    pubkey: string;
    notes?: 'authored' | 'replies' | 'bookmarks' | 'user_media_thumbnails';
    user_pubkey?: string;
    include_replies?: boolean;
    kinds?: number[];
  },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'feed', params, options);
}

/** `long_form_content_feed` (legacy): articles of a user or a topic. */
export function fetchArticleFeed(
  client: CommandClient,
  params: PagingParams & { pubkey?: string; user_pubkey?: string; topic?: string; notes?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'long_form_content_feed', params, options);
}

/** `thread_view`: a note, its ancestors and replies; empty page on NOTICE. */
export function fetchThread(
  client: CommandClient,
  params: { event_id: string; limit?: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return emptyOnNotice(requestPage(client, 'thread_view', { limit: 100, ...params }, options), emptyPage);
}

/** `long_form_content_thread_view`: an article and its comments; empty page on NOTICE. */
export function fetchArticleThread(
  client: CommandClient,
  params: { pubkey: string; identifier: string; kind?: number; limit?: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  const payload = { kind: 30023, limit: 100, ...params };
  return emptyOnNotice(requestPage(client, 'long_form_content_thread_view', payload, options), emptyPage);
}

/** `events`: events by id (with authors, stats and mentions when `extended_response`). */
export function fetchEvents(
  client: CommandClient,
  params: { event_ids: string[]; user_pubkey?: string; extended_response?: boolean },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'events', params, options);
}

/** `parametrized_replaceable_event`: one addressable event. */
export function fetchAddressableEvent(
  client: CommandClient,
  params: { pubkey: string; kind: number; identifier: string; extended_response?: boolean },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'parametrized_replaceable_event', params, options);
}

/** `parametrized_replaceable_events`: several addressable events. */
export function fetchAddressableEvents(
  client: CommandClient,
  params: { events: { pubkey: string; kind: number; identifier: string }[]; extended_response?: boolean },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'parametrized_replaceable_events', params, options);
}

/** `replaceable_event`: a user's replaceable event of `kind` (e.g. 10063 Blossom list). */
export function fetchReplaceableEvent(
  client: CommandClient,
  params: { pubkey: string; kind: number },
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return requestEvents(client, 'replaceable_event', params, options);
}

/** `event_actions`: who liked (kind 7) or reposted (kind 6) an event. */
export function fetchEventActions(
  client: CommandClient,
  params: EventTarget & { kind: 6 | 7; limit?: number; offset?: number },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'event_actions', { limit: 20, offset: 0, ...params }, options);
}

/** `note_mentions`: notes quoting an event. */
export function fetchNoteMentions(
  client: CommandClient,
  params: EventTarget & { limit?: number; offset?: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'note_mentions', { limit: 20, offset: 0, ...params }, options);
}

/** `event_zaps_by_satszapped`: zaps of an event, largest first. */
export function fetchEventZaps(
  client: CommandClient,
  params: EventTarget & { limit?: number; offset?: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'event_zaps_by_satszapped', { limit: 20, offset: 0, ...params }, options);
}

/** `note_mentions_count`: how many notes quote an event. */
export async function fetchNoteMentionsCount(
  client: CommandClient,
  params: { event_id: string },
  options?: RequestOptions,
): Promise<number> {
  const content = contentOf(
    await requestEvents(client, 'note_mentions_count', params, options),
    CacheKind.NoteQuoteStats,
  );
  const count = (content as { count?: unknown } | undefined)?.count;
  return typeof count === 'number' ? count : 0;
}

/** `get_highlights`: highlights (9802) of an article. */
export function fetchHighlights(
  client: CommandClient,
  params: { pubkey: string; identifier: string; kind: number; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  return requestPage(client, 'get_highlights', params, options);
}

/** `find_reposts`: the user's own repost of an event (to delete it). */
export function findReposts(
  client: CommandClient,
  params: { event_id: string; pubkey: string },
  options?: RequestOptions,
): Promise<CacheEvent[]> {
  return requestEvents(client, 'find_reposts', params, options);
}

/** `import_events`: asks the cache to ingest events just published. */
export async function importEvents(client: CommandClient, events: NostrEvent[], options?: RequestOptions) {
  await requestEvents(client, 'import_events', { events }, { purpose: 'import_event', ...options });
}

/**
 * `broadcast_events` (proxy mode): the cache publishes to `relays`. Any event in the answer means success; an answer
 * without one is 'No publish confirmation'; a NOTICE rejects.
 */
export async function broadcastEvents(
  client: CommandClient,
  params: { events: NostrEvent[]; relays: string[] },
  options?: RequestOptions,
): Promise<{ success: boolean; reason?: string }> {
  const events = await requestEvents(client, 'broadcast_events', params, { purpose: 'publish_event', ...options });
  return events.length > 0 ? { success: true } : { success: false, reason: 'No publish confirmation' };
}

/** `get_home_feeds` / `get_reads_feeds`: the default feed descriptors. */
export async function fetchDefaultFeeds(
  client: CommandClient,
  which: 'home' | 'reads',
  options?: RequestOptions,
): Promise<FeedDescriptor[]> {
  const command = which === 'home' ? 'get_home_feeds' : 'get_reads_feeds';
  return parseFeedDescriptors(contentOf(await requestEvents(client, command, undefined, options)));
}

/** `get_reads_topics`: topic names. */
export async function fetchReadsTopics(client: CommandClient, options?: RequestOptions): Promise<string[]> {
  return stringList(contentOf(await requestEvents(client, 'get_reads_topics', undefined, options)));
}

/** `get_featured_authors`: pubkeys of featured authors. */
export async function fetchFeaturedAuthors(client: CommandClient, options?: RequestOptions): Promise<string[]> {
  return stringList(contentOf(await requestEvents(client, 'get_featured_authors', undefined, options)));
}

/** `get_recommended_reads`: the recommended articles' addresses (each entry is `[naddr, title]`; bad entries are skipped). */
export async function fetchRecommendedReads(
  client: CommandClient,
  options?: RequestOptions,
): Promise<AddressPointer[]> {
  const content = contentOf(await requestEvents(client, 'get_recommended_reads', undefined, options));
  const reads = (content as { reads?: unknown } | undefined)?.reads;
  if (!Array.isArray(reads)) return [];
  const out: AddressPointer[] = [];
  for (const entry of reads) {
    const naddr = Array.isArray(entry) ? entry[0] : entry;
    const decoded = typeof naddr === 'string' ? tryDecodeNip19(naddr) : null;
    if (decoded?.type === 'naddr') {
      const { pubkey, kind, identifier } = decoded.data;
      out.push({ pubkey, kind, identifier });
    }
  }
  return out;
}
