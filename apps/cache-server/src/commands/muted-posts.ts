import type { Store } from '../store/index.ts';
import type { BundlePost } from './bundle.ts';
import type { Paging } from './content-common.ts';
import type { MuteRules } from './content-mutes.ts';
import { type PostQuery, queryPosts } from './content-posts.ts';
import { unmutedPage } from './mute-facts.ts';

/** The unfiltered rows read for a viewer with mute rules: this many times the page's offset + limit. */
export const MUTED_WIDEN = 2;
/** Deeper or longer pages keep the checks in SQL. */
const MAX_NEED = 500;

function hasRules(rules: MuteRules | undefined): rules is MuteRules {
  return !!rules && rules.pubkeys.size + rules.hashtags.size + rules.words.length + rules.threads.size > 0;
}

/**
 * queryPosts for a query with the viewer's mute rules (`q.muted`), with the same result: the first
 * MUTED_WIDEN × (offset + limit) rows without the rules (the newest: a prefix of the whole order), filtered in memory
 * by the SQL checks' own facts (`sqlMuted`, facts kept by event id across requests and viewers), then the page from the
 * offset; exact when at least offset + limit rows are kept or those rows were all there is. Otherwise (muted rows
 * filled them) queryPosts with the checks in SQL. Saves the per-row checks' lookups on every miss of a feed of a viewer
 * with mute rules (home, profile notes, latest explore).
 */
export async function queryPostsMuted(store: Store, q: PostQuery, paging: Paging): Promise<BundlePost[]> {
  const rules = q.muted;
  if (!hasRules(rules)) return queryPosts(store, q, paging);
  if (q.author && rules.pubkeys.has(q.author)) return [];
  const need = paging.offset + paging.limit;
  if (need > MAX_NEED) return queryPosts(store, q, paging);
  const wide = need * MUTED_WIDEN;
  const { muted: _, ...unmuted } = q;
  const rows = await queryPosts(store, unmuted, { ...paging, offset: 0, limit: wide });
  const page = await unmutedPage(store, rules, rows, wide, paging.offset, need);
  return page ?? queryPosts(store, q, paging);
}
