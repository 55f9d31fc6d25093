import type { CacheEvent, NostrEvent, Tag } from '../nostr/index.ts';
import { Kind } from '../nostr/index.ts';
import { isObject, num, parseJson, str } from './json.ts';
import type { Logger } from './logger.ts';
import { emptyNoteActions, emptyNoteStats, type NoteActions, type NoteStats } from './note-extras.ts';
import { emptyUser, type User } from './user.ts';

/** Who reposted a note, when a feed item is a repost (kind 6). */
export interface RepostInfo {
  id: string;
  pubkey: string;
  created_at: number;
  user: User;
}

/**
 * A note as shown (spec §3). For a repost the fields are the original note's; `repost` names the reposter. The
 * spec's `noteId` (note1…) is derived on demand with `noteIdOf(note.id)`: encoding it eagerly for every note of a page
 * cost more than the rest of page assembly.
 */
export interface Note {
  id: string;
  pubkey: string;
  created_at: number;
  kind: number;
  tags: Tag[];
  content: string;
  sig: string;
  user: User;
  stats: NoteStats;
  noteActions: NoteActions;
  relayHints: string[];
  repost?: RepostInfo;
}

/** What building a note needs from the page around it. */
export interface NoteContext {
  users: Record<string, User>;
  noteStats: Record<string, NoteStats>;
  noteActions: Record<string, NoteActions>;
  relayHints: Record<string, string>;
  mentions: Record<string, CacheEvent>;
  logger?: Logger;
}

/** The id of the note a repost points at (its `e` tag). */
export function repostTargetId(event: CacheEvent): string | undefined {
  return event.tags?.find((t) => t[0] === 'e' && t[1])?.[1];
}

/** The original note of a repost: parsed from its content, else (empty content) taken from the mentions by `e` tag. */
export function repostOriginal(event: CacheEvent, mentions: Record<string, CacheEvent>, logger?: Logger) {
  if (event.content) {
    const parsed = parseJson(event.content, logger, 'repost content');
    if (isObject(parsed) && typeof parsed.id === 'string' && typeof parsed.kind === 'number')
      return parsed as CacheEvent;
  }
  const target = repostTargetId(event);
  return target ? mentions[target] : undefined;
}

function userOf(ctx: NoteContext, pubkey: string): User {
  return ctx.users[pubkey] ?? emptyUser(pubkey);
}

/** Builds a note from a kind-1 event (or any event shown like one) with its stats, actions and relay hint. */
export function buildNote(event: CacheEvent, ctx: NoteContext): Note {
  const id = str(event.id);
  const pubkey = str(event.pubkey);
  const hint = ctx.relayHints[id];
  return {
    id,
    pubkey,
    created_at: num(event.created_at),
    kind: event.kind,
    tags: event.tags ?? [],
    content: str(event.content),
    sig: str(event.sig),
    user: userOf(ctx, pubkey),
    stats: ctx.noteStats[id] ?? emptyNoteStats(),
    noteActions: ctx.noteActions[id] ?? emptyNoteActions(id),
    relayHints: hint ? [hint] : [],
  };
}

/**
 * Builds the note a feed item shows: a kind-1 note as is, a repost as its original note (from its content, or from
 * the mentions when the content is empty) with `repost` set; `undefined` when a repost's original is unknown.
 */
export function buildFeedNote(event: CacheEvent, ctx: NoteContext): Note | undefined {
  if (event.kind !== Kind.Repost) return buildNote(event, ctx);
  const original = repostOriginal(event, ctx.mentions, ctx.logger);
  if (!original) return undefined;
  const pubkey = str(event.pubkey);
  return {
    ...buildNote(original, ctx),
    repost: { id: str(event.id), pubkey, created_at: num(event.created_at), user: userOf(ctx, pubkey) },
  };
}

/** Signed-event view of a note (drops the page decorations). */
export function noteEvent(note: Note): NostrEvent {
  const { id, pubkey, created_at, kind, tags, content, sig } = note;
  return { id, pubkey, created_at, kind, tags, content, sig };
}
