import type { Tag } from './event.ts';
import { normalizeRelayUrl } from './relay-url.ts';

/** The marker a mention tag carries in its fourth item (NIP-10). */
export const MENTION_MARKER = 'mention';

/** How many relay tags `selectRelayTags` picks by default (spec §5). */
export const DEFAULT_SELECTED_RELAY_TAGS = 2;

/** The `e` tags of a tag list, in order. */
export function eventTags(tags: readonly Tag[]): Tag[] {
  return tags.filter((t) => t[0] === 'e' && typeof t[1] === 'string' && t[1] !== '');
}

/**
 * The tag a reply points at (spec §5): the `e` tag marked reply, else the one marked root, else the sole or last
 * `e` tag that is not marked mention. Undefined when the event replies to nothing.
 */
export function getReplyTag(tags: readonly Tag[]): Tag | undefined {
  const es = eventTags(tags);
  const reply = es.find((t) => t[3] === 'reply');
  if (reply) return reply;
  const root = es.find((t) => t[3] === 'root');
  if (root) return root;
  const plain = es.filter((t) => t[3] !== MENTION_MARKER);
  return plain[plain.length - 1];
}

/** The id of the event a note replies to, or undefined (see getReplyTag). */
export function getReplyToId(tags: readonly Tag[]): string | undefined {
  return getReplyTag(tags)?.[1];
}

/** The thread root: the `e` tag marked root, else the first non-mention `e` tag. */
export function getRootTag(tags: readonly Tag[]): Tag | undefined {
  const es = eventTags(tags);
  return es.find((t) => t[3] === 'root') ?? es.find((t) => t[3] !== MENTION_MARKER);
}

/** A tag referencing an event, profile or address as a mention: `[name, value, relay, 'mention']`. */
export function mentionTag(name: 'e' | 'p' | 'a', value: string, relay = ''): Tag {
  return [name, value, relay, MENTION_MARKER];
}

/** True when a reference looks like an address coordinate (`kind:pubkey:identifier`, three colon-separated parts). */
export function isAddressCoordinate(id: string): boolean {
  return id.split(':').length === 3;
}

/** The tag a deletion (kind 5) uses for its target (spec §5): `a` for an address coordinate, else `e`. */
export function deletionTargetTag(id: string): Tag {
  return [isAddressCoordinate(id) ? 'a' : 'e', id];
}

/** The `d` identifier of a long-form article from its title (spec §5): lower-cased, spaces turned into dashes. */
export function longFormIdentifier(title: string): string {
  return title.toLowerCase().replace(/ /g, '-');
}

/** True for a relay tag (`r` with a URL) that may be written to: its marker is not 'read'. */
export function isWriteRelayTag(tag: Tag): boolean {
  return tag[0] === 'r' && typeof tag[1] === 'string' && tag[2] !== 'read';
}

/** True for a relay tag that may be read from: its marker is not 'write'. */
export function isReadRelayTag(tag: Tag): boolean {
  return tag[0] === 'r' && typeof tag[1] === 'string' && tag[2] !== 'write';
}

function urlsOf(tags: readonly Tag[], keep: (t: Tag) => boolean): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    if (!keep(tag)) continue;
    try {
      const url = normalizeRelayUrl(tag[1]);
      if (!out.includes(url)) out.push(url);
    } catch {
      // a malformed relay URL in someone's list is skipped
    }
  }
  return out;
}

/** Normalised write relays from a relay list's tags (spec §5: tags marked read are skipped). */
export function selectWriteRelays(tags: readonly Tag[]): string[] {
  return urlsOf(tags, isWriteRelayTag);
}

/** Normalised read relays from a relay list's tags (tags marked write are skipped). */
export function selectReadRelays(tags: readonly Tag[]): string[] {
  return urlsOf(tags, isReadRelayTag);
}

/** The relay tags to attach to a new event: the first `count` (default 2) write relays, as `['r', url]`. */
export function selectRelayTags(tags: readonly Tag[], count: number = DEFAULT_SELECTED_RELAY_TAGS): Tag[] {
  return selectWriteRelays(tags)
    .slice(0, Math.max(0, count))
    .map((url) => ['r', url]);
}

/** The first value of the first tag named `name`, or undefined. */
export function getTagValue(tags: readonly Tag[], name: string): string | undefined {
  return tags.find((t) => t[0] === name)?.[1];
}
