import type { Tag } from '../nostr/event.ts';
import {
  type DecodedNip19,
  filterRelayHints,
  naddrEncode,
  neventEncode,
  noteEncode,
  nprofileEncode,
  npubEncode,
  tryDecodeNip19,
} from '../nostr/nip19.ts';
import { MENTION_MARKER } from '../nostr/tags.ts';
import { HASHTAG_PATTERN, NOSTR_REF_PATTERN, trimUrlEnd, URL_PATTERN } from './patterns.ts';

/** Relay hints kept on a profile mention written by the composer. */
export const COMPOSER_PROFILE_RELAY_HINTS = 2;

/** Options for composeNote. */
export interface ComposeOptions {
  /** Tags the note already has (reply tags, ...); kept first, never duplicated. */
  tags?: readonly Tag[];
  /** Relay hints for a mentioned profile; when given, profile mentions are written as nprofile with up to 2. */
  relayHints?: (pubkey: string) => readonly string[];
  /** How note/nevent references are tagged: 'e' with the mention marker (default) or NIP-18 'q'. */
  quoteTag?: 'e' | 'q';
}

/** What the composer publishes: content with canonical `nostr:` references, and the tags they imply. */
export interface ComposedNote {
  content: string;
  tags: Tag[];
}

const COMPOSE = new RegExp([URL_PATTERN, NOSTR_REF_PATTERN, HASHTAG_PATTERN].join('|'), 'gu');

/** The text the composer inserts for a profile mention: `nostr:nprofile1...` with up to 2 ws(s) relay hints. */
export function profileMentionText(pubkey: string, relays: readonly string[] = []): string {
  return `nostr:${nprofileEncode({ pubkey, relays: [...relays] }, { maxRelays: COMPOSER_PROFILE_RELAY_HINTS })}`;
}

function first(relays: readonly string[] | undefined): string {
  return relays?.[0] ?? '';
}

function referenceFor(decoded: DecodedNip19, opts: ComposeOptions): { text: string; tag: Tag } | null {
  switch (decoded.type) {
    case 'npub':
    case 'nprofile': {
      const pubkey = decoded.type === 'npub' ? decoded.data : decoded.data.pubkey;
      const given = decoded.type === 'nprofile' ? (decoded.data.relays ?? []) : [];
      const hints = filterRelayHints(
        opts.relayHints ? [...given, ...opts.relayHints(pubkey)] : given,
        COMPOSER_PROFILE_RELAY_HINTS,
      );
      const text =
        opts.relayHints || decoded.type === 'nprofile'
          ? profileMentionText(pubkey, hints)
          : `nostr:${npubEncode(pubkey)}`;
      return { text, tag: ['p', pubkey, hints[0] ?? '', MENTION_MARKER] };
    }
    case 'note':
    case 'nevent': {
      const id = decoded.type === 'note' ? decoded.data : decoded.data.id;
      const relays = decoded.type === 'nevent' ? decoded.data.relays : [];
      const text = decoded.type === 'note' ? `nostr:${noteEncode(id)}` : `nostr:${neventEncode(decoded.data)}`;
      if (opts.quoteTag === 'q') {
        const author = decoded.type === 'nevent' ? decoded.data.author : undefined;
        return { text, tag: author ? ['q', id, first(relays), author] : ['q', id, first(relays)] };
      }
      return { text, tag: ['e', id, first(relays), MENTION_MARKER] };
    }
    case 'naddr': {
      const { kind, pubkey, identifier, relays } = decoded.data;
      return {
        text: `nostr:${naddrEncode(decoded.data)}`,
        tag: ['a', `${kind}:${pubkey}:${identifier}`, first(relays), MENTION_MARKER],
      };
    }
    default:
      return null;
  }
}

/**
 * Turns composer text into note content and tags: `@npub`/`nostr:npub`/nprofile mentions become `p` tags marked
 * mention (written as `nostr:` references, nprofile with up to 2 relay hints when `relayHints` is given),
 * note/nevent become `e` tags marked mention (or `q`), naddr becomes an `a` tag, hashtags become lower-cased `t`
 * tags. Tags are de-duplicated by name and value; URLs are left untouched (a `#fragment` is no hashtag).
 */
export function composeNote(text: string, opts: ComposeOptions = {}): ComposedNote {
  const tags: Tag[] = opts.tags ? opts.tags.map((t) => [...t]) : [];
  const seen = new Set(tags.map((t) => `${t[0]}\u0000${t[1]}`));
  const add = (tag: Tag): void => {
    const key = `${tag[0]}\u0000${tag[1]}`;
    if (seen.has(key)) return;
    seen.add(key);
    tags.push(tag);
  };
  let content = '';
  let copied = 0;
  const re = COMPOSE;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const start = m.index;
    if (m[1] !== undefined) {
      re.lastIndex = trimUrlEnd(text, start, start + m[1].length);
    } else if (m[3] !== undefined) {
      const decoded = tryDecodeNip19(m[3].toLowerCase());
      const ref = decoded ? referenceFor(decoded, opts) : null;
      if (ref) {
        content += text.slice(copied, start) + ref.text;
        copied = start + m[0].length;
        add(ref.tag);
      }
    } else if (m[4] !== undefined) {
      add(['t', m[4].toLowerCase()]);
    }
  }
  content += text.slice(copied);
  return { content, tags };
}

/** The lower-cased hashtags of a text, in order of first appearance, without duplicates. */
export function extractHashtags(text: string): string[] {
  return composeNote(text)
    .tags.filter((t) => t[0] === 't')
    .map((t) => t[1]);
}
