import { type CommandClient, emptyOnNotice, fetchEventZaps, requestEvents } from '@tide/core/cache';
import {
  assemblePage,
  type Note,
  type Page,
  repostTargetId,
  type ThreadView,
  threadOf,
  type User,
} from '@tide/core/model';
import { Kind } from '@tide/core/nostr';
import { withRepostedNotes } from './thread-reposts.ts';

/** Notes asked for with a thread (spec §9). */
export const THREAD_LIMIT = 100;
/** Top zaps fetched for the primary note (spec §9). */
export const TOP_ZAPS_LIMIT = 10;

/** A loaded thread: the page and the note split around the primary id. */
export interface LoadedThread {
  page: Page;
  view: ThreadView;
}

/**
 * Loads `thread_view` for `id` (limit 100), then, at the end of the stream, the notes of reposts that came without
 * them (spec §8), and splits the page into parents, primary note and replies. The thread of a repost is the
 * thread of the note it reposts.
 */
export async function loadThread(
  client: CommandClient,
  id: string,
  viewer: string | null,
  signal?: AbortSignal,
  hops = 0,
): Promise<LoadedThread> {
  const payload = { event_id: id, limit: THREAD_LIMIT, ...(viewer ? { user_pubkey: viewer } : {}) };
  const events = await emptyOnNotice(
    requestEvents(client, 'thread_view', payload, { signal, purpose: 'thread' }),
    () => [],
  );
  const self = events.find((e) => e.id === id);
  const reposted = self?.kind === Kind.Repost ? repostTargetId(self) : undefined;
  if (reposted && reposted !== id && hops < 1) return loadThread(client, reposted, viewer, signal, hops + 1);
  const page = assemblePage(await withRepostedNotes(client, events, viewer, signal));
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
