import type { Note } from '@tide/core/model';
import type { NostrEvent } from '@tide/core/nostr';
import { createStore } from 'zustand/vanilla';

// The viewer's bookmarks as the first screen needs them (small); reading and changing them is in bookmark-actions.ts,
// loaded on first use (use-bookmarked.ts).

/** Bookmarks list kind (NIP-51). */
export const BOOKMARKS_KIND = 10003;

/** What a bookmark points at. */
type BookmarkTarget = Pick<Note, 'id' | 'kind' | 'pubkey' | 'tags'>;

/** `kind:pubkey:d` of an addressable event (kinds 30000-39999: articles), else undefined. */
export function coordinateOf(target: Pick<Note, 'kind' | 'pubkey' | 'tags'>): string | undefined {
  if (target.kind < 30000 || target.kind >= 40000) return undefined;
  const d = target.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  return `${target.kind}:${target.pubkey}:${d}`;
}

/** The viewer's newest bookmarks list (kind 10003) as last read or published. */
export interface BookmarkState {
  pubkey: string | null;
  event: NostrEvent | null;
  loaded: boolean;
}

/** The page's bookmarks store. */
export const bookmarkStore = createStore<BookmarkState>()(() => ({ pubkey: null, event: null, loaded: false }));

/** The tag that bookmarks a target: `a` with its coordinate for articles, else `e` with its id. */
export function bookmarkTag(target: BookmarkTarget): string[] {
  const coordinate = coordinateOf(target);
  return coordinate ? ['a', coordinate] : ['e', target.id];
}

/** Public bookmarks of a list: its `e` and `a` tags. */
export function publicBookmarks(event: Pick<NostrEvent, 'tags'> | null): string[][] {
  return (event?.tags ?? []).filter((t) => (t[0] === 'e' || t[0] === 'a') && t[1]);
}

/** True when the list bookmarks the target. */
export function isBookmarked(event: Pick<NostrEvent, 'tags'> | null, target: Parameters<typeof bookmarkTag>[0]) {
  const [name, value] = bookmarkTag(target);
  return publicBookmarks(event).some((t) => t[0] === name && t[1] === value);
}

/** Spec §4: the first public bookmark and removing the last one each ask for confirmation. */
export function needsConfirmation(event: Pick<NostrEvent, 'tags'> | null, adding: boolean): boolean {
  const count = publicBookmarks(event).length;
  return adding ? count === 0 : count === 1;
}
