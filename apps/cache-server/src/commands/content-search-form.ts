import { type CacheEvent, CacheKind, npubEncode } from '@tide/core/nostr';
import { strArg, synth } from './content-common.ts';
import { parseSearchQuery } from './content-search-query.ts';
import type { SearchLeaf, SearchNode } from './content-search-terms.ts';
import type { CommandContext, CommandPayload } from './context.ts';

/*
 * parse_advanced_search_query (semantics §2.3): an advanced-search query read back into the web form's fields
 * (10000180), so a saved search can be edited. The form has no OR: every leaf lands in its field.
 */

const SCOPES: Record<string, string> = {
  myfollows: 'My Follows',
  mynetwork: 'My Network',
  myfollowsinteractions: 'My Follows Interactions',
  mynetworkinteractions: 'My Network Interactions',
  mynotifications: 'My Notifications',
  notmyfollows: 'Not My Follows',
};
const SORTS: Record<string, string> = {
  score: 'Content Score',
  replies: 'Number of Replies',
  satszapped: 'Sats Zapped',
  likes: 'Number of Interactions',
};
const SENTIMENTS: Record<string, string> = { positive: 'Positive', negative: 'Negative', question: 'Question' };
const FILTER_KINDS: Record<string, string> = { image: 'Images', video: 'Video', audio: 'Audio' };
/** The form counts reading time in minutes of 238 words (protocol §4.3). */
const WORDS_PER_MINUTE = 238;
const DAY = 86_400;

function day(at: number): string {
  return new Date(at * 1000).toISOString().slice(0, 10);
}

/** A `since:` as the form's timeframe: a named one when it is about that far back, else Custom with the date. */
function timeframeOf(since: number, now: number): [string, string] {
  const back = now - since;
  if (Math.abs(back - DAY) < 3600) return ['Today', ''];
  if (Math.abs(back - 7 * DAY) < DAY) return ['This Week', ''];
  if (Math.abs(back - 30 * DAY) < 2 * DAY) return ['This Month', ''];
  if (Math.abs(back - 365 * DAY) < 15 * DAY) return ['This Year', ''];
  return ['Custom', day(since)];
}

/** Leaves of a tree with whether each stands under a negation. */
function leaves(node: SearchNode | null, negated = false): Array<[SearchLeaf, boolean]> {
  if (!node) return [];
  if (node.type === 'and' || node.type === 'or') return node.nodes.flatMap((n) => leaves(n, negated));
  if (node.type === 'not') return leaves(node.node, !negated);
  return [[node, negated]];
}

/** The form object of a query (keys and values as the web form reads them). */
export function searchForm(query: string, now: number): Record<string, unknown> {
  const q = parseSearchQuery(query, now);
  const form: Record<string, unknown> = {
    timeframe: 'Anytime',
    customTimeframe: { since: '', until: '' },
    sentiment: 'Neutral',
    scope: 'Global',
    sortBy: q.orderBy ? (SORTS[q.orderBy] ?? 'Time') : 'Time',
    kind: 'Notes',
    orientation: 'Any',
    minDuration: 0,
    maxDuration: 0,
    minWords: 0,
    maxWords: 0,
    minScore: 0,
    minInteractions: 0,
    minLikes: 0,
    minZaps: 0,
    minReplies: 0,
    minReposts: 0,
  };
  const custom = form.customTimeframe as { since: string; until: string };
  const lists: Record<string, string[]> = { includes: [], excludes: [], hashtags: [] };
  const people: Record<string, string[]> = {
    postedBy: [],
    replingTo: [],
    zappedBy: [],
    userMentions: [],
    following: [],
  };
  let kind: number | undefined;
  let repliesTo: number | undefined;
  for (const [leaf, negated] of leaves(q.root)) {
    if (leaf.type === 'text') {
      const text = leaf.tokens.length > 1 ? `"${leaf.tokens.join(' ')}"` : leaf.tokens[0];
      (negated ? lists.excludes : lists.includes).push(text);
    } else if (leaf.type === 'hashtag' && !negated) lists.hashtags.push(leaf.tag);
    else if (leaf.type === 'from') people.postedBy.push(leaf.pubkey);
    else if (leaf.type === 'to') people.replingTo.push(leaf.pubkey);
    else if (leaf.type === 'zappedby') people.zappedBy.push(leaf.pubkey);
    else if (leaf.type === 'mention') people.userMentions.push(leaf.pubkey);
    else if (leaf.type === 'following') people.following.push(npubEncode(leaf.pubkey));
    else if (leaf.type === 'kind') kind ??= leaf.kind;
    else if (leaf.type === 'repliestokind') repliesTo = leaf.kind;
    else if (leaf.type === 'filter' && FILTER_KINDS[leaf.filter]) form.kind = FILTER_KINDS[leaf.filter];
    else if (leaf.type === 'since') {
      const [timeframe, date] = timeframeOf(leaf.at, now);
      form.timeframe = timeframe;
      if (date) custom.since = date;
    } else if (leaf.type === 'until') {
      form.timeframe = 'Custom';
      custom.until = day(leaf.at);
    } else if (leaf.type === 'scope') form.scope = SCOPES[leaf.scope] ?? 'Global';
    else if (leaf.type === 'sentiment' && SENTIMENTS[leaf.sentiment]) form.sentiment = SENTIMENTS[leaf.sentiment];
    else if (leaf.type === 'orientation') form.orientation = leaf.vertical ? 'Vertical' : 'Horizontal';
    else if (leaf.type === 'duration') form[leaf.cmp === '>=' ? 'minDuration' : 'maxDuration'] = leaf.value;
    else if (leaf.type === 'words') {
      form[leaf.cmp === '>=' ? 'minWords' : 'maxWords'] = Math.round(leaf.value / WORDS_PER_MINUTE);
    } else if (leaf.type === 'stat' && leaf.cmp === '>=') {
      const key = `min${leaf.stat[0].toUpperCase()}${leaf.stat.slice(1)}`;
      if (key in form) form[key] = leaf.value;
    }
  }
  if (kind === 1 && repliesTo === 1) form.kind = 'Note Replies';
  else if (kind === 1 && repliesTo === 30023) form.kind = 'Reads Comments';
  // kind:1 keeps 'Notes' or the media kind a filter: chose (the web form writes `kind:1 filter:image` for images)
  else if (kind === 30023) form.kind = 'Reads';
  return {
    ...form,
    includes: lists.includes.join(' '),
    excludes: lists.excludes.join(' '),
    hashtags: lists.hashtags.join(' '),
    ...people,
  };
}

/** parse_advanced_search_query {query} → one 10000180 object with the form fields. */
export async function parseAdvancedSearchQuery(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  return [synth(CacheKind.ParsedSearchQuery, searchForm(strArg(p, 'query'), ctx.now()))];
}
