import { composeNote } from '@tide/core/content';
import type { Note } from '@tide/core/model';
import { getRootTag, neventEncode, type Tag } from '@tide/core/nostr';
import { imetaTag, type UploadedFile } from '../upload/imeta.ts';
import type { ComposerTarget } from './composer-store.ts';

/** Kind of a short text note. */
export const TEXT_NOTE_KIND = 1;

function hintOf(note: Note, fallback = ''): string {
  return note.relayHints.find((r) => /^wss?:\/\//.test(r)) ?? fallback;
}

/**
 * The NIP-10 tags of a reply to `parent` (marked form): an `e` tag marked root (the parent's root, else the parent
 * itself) and, below the root, one marked reply for the parent, each with a relay hint (the note's own, else
 * `fallbackRelay`: the caching service's relay, which serves every event it holds) and the author's pubkey; then
 * `p` tags for the parent's author and every pubkey the parent tagged, without duplicates.
 */
export function replyTags(parent: Note, fallbackRelay = ''): Tag[] {
  const tags: Tag[] = [];
  const root = getRootTag(parent.tags);
  if (root && root[1] !== parent.id) {
    tags.push(['e', root[1], root[2] || fallbackRelay, 'root', ...(root[4] ? [root[4]] : [])]);
    tags.push(['e', parent.id, hintOf(parent, fallbackRelay), 'reply', parent.pubkey]);
  } else {
    tags.push(['e', parent.id, hintOf(parent, fallbackRelay), 'root', parent.pubkey]);
  }
  // A comment on an article (an addressable event) also names its address, which stays across the article's edits.
  if (parent.kind >= 30000 && parent.kind < 40000) {
    const d = parent.tags.find((t) => t[0] === 'd')?.[1] ?? '';
    tags.push(['a', `${parent.kind}:${parent.pubkey}:${d}`, hintOf(parent, fallbackRelay), 'root']);
  }
  const pubkeys = [parent.pubkey];
  for (const tag of parent.tags) if (tag[0] === 'p' && /^[0-9a-f]{64}$/.test(tag[1] ?? '')) pubkeys.push(tag[1]);
  for (const pubkey of new Set(pubkeys)) tags.push(['p', pubkey]);
  return tags;
}

/** The `nostr:nevent…` reference a quote adds to the text (with a relay hint, the author and the kind). */
export function quoteReference(note: Note, fallbackRelay = ''): string {
  const hint = hintOf(note, fallbackRelay);
  return `nostr:${neventEncode({ id: note.id, relays: hint ? [hint] : [], author: note.pubkey, kind: note.kind })}`;
}

/** What the composer publishes: a kind-1 template without created_at (the publisher stamps it). */
export interface NoteTemplate {
  kind: number;
  content: string;
  tags: Tag[];
}

/**
 * Builds the note the composer sends: the text, then the uploaded files' URLs and the quote's `nostr:nevent`, each
 * on its own line; tags from core's composeNote (mentions as `p`, hashtags as `t`, note references as NIP-18 `q`),
 * after the reply's NIP-10 tags (relay hints default to `fallbackRelay`), plus the quoted author's `p` and one
 * NIP-92 `imeta` tag per upload.
 */
export function buildNoteTemplate(
  text: string,
  target: ComposerTarget,
  uploads: readonly UploadedFile[],
  fallbackRelay = '',
): NoteTemplate {
  const parts = [text.trim()];
  for (const file of uploads) if (!text.includes(file.url)) parts.push(file.url);
  if (target.quote) parts.push(quoteReference(target.quote, fallbackRelay));
  const full = parts.filter(Boolean).join('\n\n');
  const base = target.replyTo ? replyTags(target.replyTo, fallbackRelay) : [];
  const { content, tags } = composeNote(full, { tags: base, quoteTag: 'q' });
  if (target.quote && !tags.some((t) => t[0] === 'p' && t[1] === target.quote?.pubkey))
    tags.push(['p', target.quote.pubkey, '', 'mention']);
  for (const file of uploads) tags.push(imetaTag(file));
  return { kind: TEXT_NOTE_KIND, content, tags };
}
