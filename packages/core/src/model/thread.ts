import { getReplyToId } from '../nostr/index.ts';
import { buildNote, type Note } from './note.ts';
import type { Page } from './page.ts';

/** A thread as shown (spec §3 "Thread page"): the note, its ancestors (oldest first) and its direct replies. */
export interface ThreadView {
  primaryNote?: Note;
  /** Notes the primary note replies to, root first. */
  parents: Note[];
  /** Notes replying to the primary note, oldest first. */
  replies: Note[];
}

/**
 * Splits a thread page (from `thread_view`) around `primaryId`: ancestors follow the reply targets (NIP-10: tag
 * marked reply, else root, else the last event tag), looked up among the page's notes and mentions; replies are the
 * notes whose reply target is the primary note.
 */
export function threadOf(page: Page, primaryId: string): ThreadView {
  const byId = new Map<string, Note>();
  for (const note of page.notes) if (!note.repost) byId.set(note.id, note);
  const find = (id: string): Note | undefined => {
    const known = byId.get(id);
    if (known) return known;
    const mention = page.mentions[id];
    return mention && (mention.kind === 1 || mention.kind === 20) ? buildNote(mention, page) : undefined;
  };
  const primaryNote = find(primaryId);
  if (!primaryNote) return { parents: [], replies: [] };
  const parents: Note[] = [];
  const seen = new Set([primaryId]);
  let target = getReplyToId(primaryNote.tags);
  while (target && !seen.has(target)) {
    seen.add(target);
    const parent = find(target);
    if (!parent) break;
    parents.unshift(parent);
    target = getReplyToId(parent.tags);
  }
  const replies = page.notes
    .filter((n) => !n.repost && n.id !== primaryId && getReplyToId(n.tags) === primaryId)
    .sort((a, b) => a.created_at - b.created_at);
  return { primaryNote, parents, replies };
}
