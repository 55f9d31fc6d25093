import type { NostrEvent } from '@tide/core/nostr';
import type { Translate } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { fetchLatestReplaceable, publishEvent } from '../publish/index.ts';
import { BOOKMARKS_KIND, bookmarkStore, bookmarkTag, needsConfirmation } from './bookmark-store.ts';
import type { ActionTarget } from './note-publish-actions.ts';

export { needsConfirmation };

/** Reads the viewer's newest bookmarks list into the store. */
export async function loadBookmarks(pubkey: string): Promise<NostrEvent | null> {
  const event = await fetchLatestReplaceable(BOOKMARKS_KIND, pubkey);
  if (stores.session.getState().publicKey === pubkey) bookmarkStore.setState({ pubkey, event, loaded: true });
  return event;
}

/**
 * Adds or removes a bookmark: reads the newest list first, changes its public tags (the encrypted content stays),
 * publishes it; the store holds the new list once a relay confirmed it.
 */
export async function setBookmark(target: ActionTarget, add: boolean, t: Translate): Promise<boolean> {
  const pubkey = stores.session.getState().publicKey;
  if (!pubkey) return false;
  let latest: NostrEvent | null;
  try {
    latest = await loadBookmarks(pubkey);
  } catch {
    // Without the newest list a change could drop the user's other bookmarks: use the one already read, else stop.
    const known = bookmarkStore.getState();
    if (known.pubkey !== pubkey || !known.loaded) {
      stores.toasts.getState().show({ kind: 'error', message: t('publish.failure') });
      return false;
    }
    latest = known.event;
  }
  const tag = bookmarkTag(target);
  const others = (latest?.tags ?? []).filter((t) => !(t[0] === tag[0] && t[1] === tag[1]));
  const tags = add ? [...others, tag] : others;
  const result = await publishEvent(
    { kind: BOOKMARKS_KIND, content: latest?.content ?? '', tags },
    { successMessage: add ? t('note.bookmarked') : t('note.unbookmarked') },
  );
  if (!result?.success) return false;
  bookmarkStore.setState({ pubkey, event: result.event, loaded: true });
  return true;
}

/** Which confirmation a bookmark change needs first. */
export type BookmarkConfirm = 'bookmark-first' | 'bookmark-last';

/**
 * Bookmarks or unbookmarks: with the newest list read first, the first public bookmark and removing the last one
 * call `ask` (the caller confirms, then calls setBookmark); any other change is published at once.
 */
export async function bookmarkOrAsk(
  target: ActionTarget,
  add: boolean,
  t: Translate,
  ask: (confirm: BookmarkConfirm) => void,
): Promise<boolean> {
  const pubkey = stores.session.getState().publicKey;
  if (!pubkey) return false;
  const state = bookmarkStore.getState();
  const event = state.pubkey === pubkey && state.loaded ? state.event : await loadBookmarks(pubkey).catch(() => null);
  if (needsConfirmation(event, add)) {
    ask(add ? 'bookmark-first' : 'bookmark-last');
    return false;
  }
  return setBookmark(target, add, t);
}
