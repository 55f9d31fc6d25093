import type { CacheEvent } from '../nostr/index.ts';
import { parseObject, str } from './json.ts';
import type { Logger } from './logger.ts';

/** Paging state of a response (FeedRange, kind 10000113): `elements` are ids sorted descending by `sortBy`. */
export interface Paging {
  since?: number;
  until?: number;
  sortBy: string;
  elements: string[];
}

/** Where the next (older) page starts: `until` plus how many loaded items to skip at that value. */
export interface OlderCursor {
  until: number;
  offset: number;
}

/** Where newer items start: `since` plus how many loaded items to skip at that value. */
export interface NewerCursor {
  since: number;
  offset: number;
}

/** Parses a FeedRange (kind 10000113); an empty result has no since/until. */
export function parseFeedRange(event: CacheEvent, logger?: Logger): Paging {
  const c = parseObject(event.content, logger, 'feed range');
  const elements = Array.isArray(c.elements) ? c.elements.filter((e): e is string => typeof e === 'string') : [];
  return {
    ...(typeof c.since === 'number' ? { since: c.since } : {}),
    ...(typeof c.until === 'number' ? { until: c.until } : {}),
    sortBy: str(c.order_by) || 'created_at',
    elements,
  };
}

/**
 * The next page's cursor from the sort-key values of the loaded items (display order, descending): `until` is
 * `boundary` (the last FeedRange's `since`) or else the last value, and `offset` counts the loaded items at the tail
 * whose value equals it (ties at the boundary). `undefined` when nothing is loaded.
 */
export function olderCursor(values: readonly number[], boundary?: number): OlderCursor | undefined {
  if (values.length === 0 && boundary === undefined) return undefined;
  const until = boundary ?? values[values.length - 1];
  let offset = 0;
  for (let i = values.length - 1; i >= 0 && values[i] === until; i--) offset++;
  return { until, offset };
}

/**
 * The cursor for newer items ("future notes"): `since` is `newest` (the first page's FeedRange `until`) or else the
 * first value, and `offset` counts the loaded items at the head whose value equals it. `undefined` when nothing is
 * loaded.
 */
export function newerCursor(values: readonly number[], newest?: number): NewerCursor | undefined {
  if (values.length === 0 && newest === undefined) return undefined;
  const since = newest ?? values[0];
  let offset = 0;
  for (let i = 0; i < values.length && values[i] === since; i++) offset++;
  return { since, offset };
}
