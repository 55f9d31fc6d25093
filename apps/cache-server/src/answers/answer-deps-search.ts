// What selects a full-text search answer, as dependency keys: the words its query requires (`w:<word>`, named by
// every stored event's content, see `read-cache/search-words.ts`). Only queries whose matches are decided by those
// words and the event alone are described; the others stay on the reuse rule's after-change bound.
import { isAddressableKind, isReplaceableKind } from '@tide/core/nostr';
import { parseSearchQuery } from '../commands/content-search-query.ts';
import type { SearchNode } from '../commands/content-search-terms.ts';
import { wordKey } from '../read-cache/search-words.ts';

/** Kinds whose versions replace each other: a replaced one leaves the index without naming its words. */
function replaces(kind: number): boolean {
  return isReplaceableKind(kind) || isAddressableKind(kind);
}

/**
 * The words a condition tree requires (every match has each of them), or undefined when it holds anything but words,
 * negated words, kinds (of events that are never replaced) and time bounds: those read the clock or the event only,
 * while other conditions read stats, follows, lists or other tables a write changes without naming words.
 */
function requiredWords(root: SearchNode): string[] | undefined {
  const words: string[] = [];
  for (const node of root.type === 'and' ? root.nodes : [root]) {
    if (node.type === 'text') words.push(...node.tokens);
    else if (node.type === 'kind') {
      if (replaces(node.kind)) return undefined;
    } else if (node.type !== 'since' && node.type !== 'until' && !(node.type === 'not' && node.node.type === 'text'))
      return undefined;
  }
  return words.length > 0 ? words : undefined;
}

/**
 * The selection of a `search` / `advanced_search` request ordered by time over kinds that are never replaced: the keys
 * of the words its query requires; undefined for any other query (ordered by a stat, articles, users, scopes, …).
 */
export function searchSelection(command: string, payload: Record<string, unknown>): string[] | undefined {
  if (command !== 'search' && command !== 'advanced_search') return undefined;
  if (typeof payload.query !== 'string') return undefined;
  // `search` searches `kind` (default 1); a query naming kinds searches those instead
  const kind = payload.kind ?? 1;
  if (command === 'search' && (typeof kind !== 'number' || replaces(kind))) return undefined;
  let root: SearchNode | null;
  try {
    const parsed = parseSearchQuery(payload.query, Math.floor(Date.now() / 1000));
    if (parsed.orderBy !== undefined) return undefined;
    root = parsed.root;
  } catch {
    return undefined;
  }
  const words = root ? requiredWords(root) : undefined;
  return words?.map(wordKey);
}
