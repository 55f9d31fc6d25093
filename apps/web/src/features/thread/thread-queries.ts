import { type CommandClient, fetchEventZaps, fetchThread } from '@tide/core/cache';
import { type Note, type Page, type ThreadView, threadOf, type User } from '@tide/core/model';

/** Notes asked for with a thread (spec §9). */
export const THREAD_LIMIT = 100;
/** Top zaps fetched for the primary note (spec §9). */
export const TOP_ZAPS_LIMIT = 10;

/** A loaded thread: the page and the note split around the primary id. */
export interface LoadedThread {
  page: Page;
  view: ThreadView;
}

/** Loads `thread_view` for `id` (limit 100) and splits it into parents, primary note and replies. */
export async function loadThread(
  client: CommandClient,
  id: string,
  viewer: string | null,
  signal?: AbortSignal,
): Promise<LoadedThread> {
  const page = await fetchThread(
    client,
    { event_id: id, limit: THREAD_LIMIT, ...(viewer ? { user_pubkey: viewer } : {}) },
    { signal, purpose: 'thread' },
  );
  return { page, view: threadOf(page, id) };
}

/** Loads the primary note's top zaps (`event_zaps_by_satszapped`, 10) as a page. */
export function loadTopZaps(client: CommandClient, id: string, signal?: AbortSignal): Promise<Page> {
  return fetchEventZaps(client, { event_id: id, limit: TOP_ZAPS_LIMIT }, { signal, purpose: 'thread_zaps' });
}

/**
 * The people of a thread for the sidebar, without the primary author: authors of the parents and replies, then the
 * users the primary note tags, each once, in that order.
 */
export function threadPeople(view: ThreadView, page: Page): User[] {
  const primary = view.primaryNote;
  const keys = new Set<string>();
  const add = (pubkey: string | undefined) => {
    if (pubkey && pubkey !== primary?.pubkey) keys.add(pubkey);
  };
  for (const note of [...view.parents, ...view.replies]) add(note.pubkey);
  for (const tag of primary?.tags ?? []) if (tag[0] === 'p') add(tag[1]);
  return [...keys].flatMap((k) => (page.users[k] ? [page.users[k]] : []));
}

/** The page a note of the thread is shown with: the primary note gets the top zaps loaded for it. */
export function withTopZaps(page: Page, note: Note, zaps: Page | undefined): Page {
  const extra = zaps?.topZaps[note.id];
  if (!zaps || !extra?.length) return page;
  return { ...page, topZaps: { ...page.topZaps, [note.id]: extra }, users: { ...zaps.users, ...page.users } };
}
