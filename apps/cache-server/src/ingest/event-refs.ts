import { getReplyTag, isHex, type NostrEvent, type Tag, tryDecodeNip19 } from '@tide/core/nostr';

/*
 * What an event refers to, by the caching service's ingest rules (semantics §1.4, §5.1), built on core's NIP-19
 * decoder and NIP-10 reply rule; the server applies that rule to `a` tags too (replies to articles).
 */

/** True for a 64-char lowercase hex string (event id or pubkey). */
export function isHex64(value: unknown): value is string {
  return isHex(value, 64);
}

/** `kind:pubkey:identifier` of an addressable event. */
export function coordinateOf(kind: number, pubkey: string, identifier: string): string {
  return `${kind}:${pubkey}:${identifier}`;
}

/** Parsed `kind:pubkey:identifier`, or null when malformed. */
export function parseCoordinate(value: string): { kind: number; pubkey: string; identifier: string } | null {
  const first = value.indexOf(':');
  const second = value.indexOf(':', first + 1);
  if (first < 1 || second < 0) return null;
  const kind = Number(value.slice(0, first));
  const pubkey = value.slice(first + 1, second);
  if (!Number.isInteger(kind) || kind < 0 || !isHex64(pubkey)) return null;
  return { kind, pubkey, identifier: value.slice(second + 1) };
}

/** The `d` tag value ('' when absent). */
export function dTag(tags: readonly Tag[]): string {
  for (const t of tags) if (t[0] === 'd') return typeof t[1] === 'string' ? t[1] : '';
  return '';
}

/** The identifier a store row uses for an event: its `d` tag for addressable kinds, '' for everything else. */
export function identifierOf(e: { kind: number; tags: readonly Tag[] }): string {
  return e.kind >= 30000 && e.kind < 40000 ? dTag(e.tags) : '';
}

/** A reference to a parent or quoted event: by id or by address. */
export interface EventRef {
  id?: string;
  address?: string;
}

function refOfTag(t: Tag): EventRef | null {
  if (t[0] === 'e' && isHex64(t[1])) return { id: t[1] };
  if (t[0] === 'a' && typeof t[1] === 'string' && parseCoordinate(t[1])) return { address: t[1] };
  return null;
}

/**
 * Parent of a reply by core's NIP-10 rule (getReplyTag: the tag marked reply, else the one marked root, else the
 * last one not marked mention) over valid `e` and `a` tags alike; null for a top-level note.
 */
export function replyParent(tags: readonly Tag[]): EventRef | null {
  const refs = tags.filter((t) => refOfTag(t) !== null);
  const asE = refs.map((t): Tag => (t[0] === 'e' ? t : ['e', ...t.slice(1)]));
  const picked = getReplyTag(asE);
  return picked ? refOfTag(refs[asE.indexOf(picked)]) : null;
}

/** Profile-tab reply flag: true only if some `e`/`a` tag carries the `root` marker (positional tags do not count). */
export function isReplyByRootMarker(tags: readonly Tag[]): boolean {
  return tags.some((t) => (t[0] === 'e' || t[0] === 'a') && t[3] === 'root');
}

/** Reaction content that counts as a like: empty, or starting with 🤙, +, ❤ or U+FE0F ('-' does not). */
export function isLikeContent(content: string): boolean {
  if (content === '') return true;
  const first = String.fromCodePoint(content.codePointAt(0) ?? 0);
  return first === '+' || first === '🤙' || first === '❤' || first === '\uFE0F';
}

const NOSTR_REF = /(?:nostr:)?((?:note|nevent|naddr|npub|nprofile)1[02-9ac-hj-np-z]+)/gi;
const LEGACY_REF = /#\[(\d+)\]/g;

/** Quotes and user mentions found in a note (semantics §1.4 quotes, §5.1 types 7 and 8). */
export interface NoteReferences {
  /** Events quoted: note/nevent in content, #[n] to an `e` tag, `e` tags marked mention, `q` tags. */
  quotedIds: string[];
  /** Addresses quoted: naddr in content, #[n] to an `a` tag, `a` tags marked mention. */
  quotedAddresses: string[];
  /** Users mentioned: npub/nprofile in content or #[n] to a `p` tag (plain `p` tags do not count). */
  mentionedPubkeys: string[];
}

/** Extracts quotes and user mentions from a note's content and tags (each list de-duplicated, in order). */
export function noteReferences(event: Pick<NostrEvent, 'content' | 'tags'>): NoteReferences {
  const ids = new Set<string>();
  const addresses = new Set<string>();
  const pubkeys = new Set<string>();
  for (const m of event.content.matchAll(NOSTR_REF)) {
    const code = m[1].toLowerCase();
    const d = tryDecodeNip19(code); // null: not a valid bech32 entity, plain text
    if (d?.type === 'note') ids.add(d.data);
    else if (d?.type === 'nevent') ids.add(d.data.id);
    else if (d?.type === 'naddr') addresses.add(coordinateOf(d.data.kind, d.data.pubkey, d.data.identifier));
    else if (d?.type === 'npub') pubkeys.add(d.data);
    else if (d?.type === 'nprofile') pubkeys.add(d.data.pubkey);
  }
  for (const m of event.content.matchAll(LEGACY_REF)) {
    const t = event.tags[Number(m[1])];
    if (!t) continue;
    if (t[0] === 'e' && isHex64(t[1])) ids.add(t[1]);
    else if (t[0] === 'a' && typeof t[1] === 'string' && parseCoordinate(t[1])) addresses.add(t[1]);
    else if (t[0] === 'p' && isHex64(t[1])) pubkeys.add(t[1]);
  }
  for (const t of event.tags) {
    if (t[0] === 'q' && isHex64(t[1])) ids.add(t[1]);
    else if (t[0] === 'q' && typeof t[1] === 'string' && parseCoordinate(t[1])) addresses.add(t[1]);
    else if (t[3] === 'mention' && t[0] === 'e' && isHex64(t[1])) ids.add(t[1]);
    else if (t[3] === 'mention' && t[0] === 'a' && typeof t[1] === 'string' && parseCoordinate(t[1]))
      addresses.add(t[1]);
  }
  for (const p of pubkeys) if (!isHex64(p)) pubkeys.delete(p);
  for (const id of ids) if (!isHex64(id)) ids.delete(id);
  return { quotedIds: [...ids], quotedAddresses: [...addresses], mentionedPubkeys: [...pubkeys] };
}

const HASHTAG = /(?:^|[^\p{L}\p{N}_&/#])#([\p{L}\p{N}_]+)/gu;

/** Lowercased hashtags of a note: `#word` in content plus `t` tags (without '#', de-duplicated, ≤ 100 chars). */
export function hashtagsOf(event: Pick<NostrEvent, 'content' | 'tags'>): string[] {
  const out = new Set<string>();
  for (const m of event.content.matchAll(HASHTAG)) {
    if (!/^\d+$/.test(m[1])) out.add(m[1].toLowerCase());
  }
  for (const t of event.tags) {
    if (t[0] === 't' && typeof t[1] === 'string' && t[1].trim() !== '') out.add(t[1].trim().toLowerCase());
  }
  return [...out].filter((h) => h.length <= 100);
}

const URL_RE = /https?:\/\/[^\s<>"'`)\]]+/gi;
const MEDIA_EXT = /\.(png|jpe?g|webp|gif|mp4|mov|ogg|webm)(?:[?#].*)?$/i;
const VIDEO_EXT = /\.(mp4|mov|ogg|webm)(?:[?#].*)?$/i;

/** True when a URL points at an image or video by its extension. */
export function isMediaUrl(url: string): boolean {
  return MEDIA_EXT.test(url);
}

/** True when a URL points at a video by its extension. */
export function isVideoUrl(url: string): boolean {
  return VIDEO_EXT.test(url);
}

/** URLs found in text, split into media (by extension) and other links; trailing punctuation trimmed. */
export function urlsOf(text: string): { media: string[]; links: string[] } {
  const media = new Set<string>();
  const links = new Set<string>();
  for (const m of text.matchAll(URL_RE)) {
    const url = m[0].replace(/[.,;:!?]+$/, '');
    if (url.length > 2000) continue;
    (isMediaUrl(url) ? media : links).add(url);
  }
  return { media: [...media], links: [...links] };
}
