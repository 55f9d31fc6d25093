import type { Page } from '../../model/index.ts';
import { type CommandClient, type PageOptions, requestPage } from './command-helpers.ts';
import { fetchDrafts, fetchMegaFeed, type PagingParams } from './content.ts';

// Feed specs are stored verbatim in feed descriptors, so key order matters (protocol §4): build them only here.

/** Notes of the user's follows: `{"id":"latest","kind":"notes"}` (with replies when asked). */
export function latestSpec(includeReplies = false): string {
  return includeReplies ? '{"id":"latest","include_replies":true,"kind":"notes"}' : '{"id":"latest","kind":"notes"}';
}

/** A user's notes feed (added to home from a profile). */
export function userFeedSpec(pubkey: string): string {
  return JSON.stringify({ id: 'feed', kind: 'notes', pubkey });
}

/** Profile tabs. */
export type ProfileTab = 'notes' | 'replies' | 'media' | 'reads' | 'drafts';

/** The spec of a profile tab (protocol §4.1). */
export function profileTabSpec(pubkey: string, tab: ProfileTab): string {
  switch (tab) {
    case 'notes':
      return JSON.stringify({ id: 'feed', kind: 'notes', notes: 'authored', pubkey });
    case 'replies':
      return JSON.stringify({ id: 'feed', kind: 'notes', notes: 'replies', pubkey });
    case 'media':
      return JSON.stringify({ id: 'feed', kind: 'notes', notes: 'user_media_thumbnails', pubkey });
    case 'reads':
      return JSON.stringify({ id: 'feed', kind: 'reads', notes: 'authored', pubkey, minwords: 0 });
    case 'drafts':
      return JSON.stringify({ id: 'feed', kind: 'drafts', notes: 'authored', pubkey });
  }
}

/** Bookmarked notes (kind 1) or articles (kind 30023) of a user. */
export function bookmarksSpec(pubkey: string, kind: 1 | 30023): string {
  return JSON.stringify({ id: 'feed', kind: 'notes', kinds: [kind], notes: 'bookmarks', pubkey });
}

/** Reads by topic. */
export function readsTopicSpec(topic: string): string {
  return JSON.stringify({ kind: 'reads', topic });
}

/** A saved or advanced search. */
export function advancedSearchSpec(query: string): string {
  return JSON.stringify({ id: 'advsearch', query });
}

/** A DVM feed: its `primal_spec` when it has one, else `{"dvm_id","dvm_pubkey","kind"}`. */
export function dvmFeedSpec(dvm: {
  primal_spec?: string;
  dvm_id: string;
  dvm_pubkey: string;
  kind: 'notes' | 'reads';
}) {
  return dvm.primal_spec || JSON.stringify({ dvm_id: dvm.dvm_id, dvm_pubkey: dvm.dvm_pubkey, kind: dvm.kind });
}

/**
 * Loads any feed by spec: drafts specs (`"kind":"drafts"`) go to the `drafts` command with the spec's pubkey,
 * everything else to `mega_feed_directive`.
 */
export function fetchFeedBySpec(
  client: CommandClient,
  params: PagingParams & { spec: string; user_pubkey?: string },
  options?: PageOptions,
): Promise<Page> {
  if (params.spec.includes('"kind":"drafts"')) {
    const parsed = JSON.parse(params.spec) as { pubkey?: unknown };
    const { spec: _spec, user_pubkey: _viewer, ...paging } = params;
    if (typeof parsed.pubkey !== 'string') return requestPage(client, 'drafts', { ...paging }, options);
    return fetchDrafts(client, { ...paging, pubkey: parsed.pubkey }, options);
  }
  return fetchMegaFeed(client, params, options);
}
