import { advancedSearch, type CommandClient, fetchUserInfos, searchContent, searchUsers } from '@tide/core/cache';
import type { Page } from '@tide/core/model';
import { stripNostrPrefix, toHexPubkey } from '@tide/core/nostr';

/** At most this many user suggestions (spec §9: user search 10). */
export const MAX_SUGGESTIONS = 10;

/** The pubkey an npub / nprofile search term names, or null (an npub that cannot be decoded is plain text). */
export function pubkeyOfTerm(term: string): string | null {
  const value = stripNostrPrefix(term.trim());
  if (!/^(npub|nprofile)1/.test(value)) return null;
  return toHexPubkey(value);
}

/** Pubkeys of a user-search page, best score first, at most {@link MAX_SUGGESTIONS}. */
export function rankUsers(page: Page, limit = MAX_SUGGESTIONS): string[] {
  const order = new Map(Object.keys(page.users).map((pk, i) => [pk, i]));
  return Object.keys(page.users)
    .sort((a, b) => (page.userScores[b] ?? 0) - (page.userScores[a] ?? 0) || (order.get(a) ?? 0) - (order.get(b) ?? 0))
    .slice(0, limit);
}

/** Users for a search term: the decoded npub's profile, else `user_search` (text, limit 10); ranked by score. */
export async function findUsers(
  client: CommandClient,
  term: string,
  viewer: string | null,
  signal?: AbortSignal,
): Promise<{ page: Page; pubkeys: string[] }> {
  const pubkey = pubkeyOfTerm(term);
  const page = pubkey
    ? await fetchUserInfos(client, { pubkeys: [pubkey] }, { signal })
    : await searchUsers(
        client,
        { query: term.trim(), limit: MAX_SUGGESTIONS, ...(viewer ? { pubkey: viewer } : {}) },
        { signal },
      );
  return { page, pubkeys: rankUsers(page) };
}

/** Notes matching a term (`search`, limit 100). */
export function findContent(client: CommandClient, term: string, viewer: string | null, signal?: AbortSignal) {
  return searchContent(client, { query: term, ...(viewer ? { user_pubkey: viewer } : {}) }, { signal });
}

/** Advanced-search form fields (spec §7: advsearch query syntax). */
export interface AdvancedSearchFields {
  includes: string;
  excludes: string;
  hashtags: string;
  from: string;
  mentions: string;
  kind: 'notes' | 'reads' | 'images' | 'videos';
  since: string;
  until: string;
  minScore: string;
}

/** An empty advanced-search form. */
export const EMPTY_ADVANCED: AdvancedSearchFields = {
  includes: '',
  excludes: '',
  hashtags: '',
  from: '',
  mentions: '',
  kind: 'notes',
  since: '',
  until: '',
  minScore: '',
};

const KIND_FILTERS: Record<AdvancedSearchFields['kind'], string> = {
  notes: 'kind:1',
  reads: 'kind:30023',
  images: 'kind:1 filter:image',
  videos: 'kind:1 filter:video',
};

function words(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean);
}

/** Builds an advsearch query string from the form: words, -excluded, #tags, from: and @ npubs, kind, dates, score. */
export function buildAdvancedQuery(f: AdvancedSearchFields): string {
  const parts = [
    ...words(f.includes),
    ...words(f.excludes).map((w) => `-${w.replace(/^-/, '')}`),
    ...words(f.hashtags).map((w) => `#${w.replace(/^#/, '')}`),
    ...words(f.from).map((w) => `from:${w}`),
    ...words(f.mentions).map((w) => `@${w.replace(/^@/, '')}`),
    KIND_FILTERS[f.kind],
  ];
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.since)) parts.push(`since:${f.since}`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.until)) parts.push(`until:${f.until}`);
  if (/^\d+$/.test(f.minScore)) parts.push(`minscore:${f.minScore}`);
  return parts.join(' ');
}

/** One page of advanced-search results: users (`kind:0` prefix, limit 10) or content (limit 20, paged). */
export function fetchAdvancedPage(
  client: CommandClient,
  query: string,
  users: boolean,
  cursor: { until: number; offset: number } | undefined,
  viewer: string | null,
  signal?: AbortSignal,
) {
  return advancedSearch(
    client,
    { query, users, ...(cursor ?? {}), ...(viewer ? { user_pubkey: viewer } : {}) },
    { signal },
  );
}
