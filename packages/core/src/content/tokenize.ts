import type { Tag } from '../nostr/event.ts';
import { type DecodedNip19, tryDecodeNip19 } from '../nostr/nip19.ts';
import { isHex } from '../nostr/validate.ts';
import { detectEmbed } from './embeds.ts';
import { mediaKind } from './media.ts';
import { HASHTAG_PATTERN, NOSTR_REF_PATTERN, trimUrlEnd, URL_PATTERN } from './patterns.ts';
import type { Token } from './token.ts';

// One pass over the text; the first alternative that matches at the leftmost position wins.
// 1 url | 2 prefix, 3 bech32 | 4 invoice | 5 cashu | 6 legacy index | 7 hashtag
const SCAN = new RegExp(
  [
    URL_PATTERN,
    NOSTR_REF_PATTERN,
    String.raw`(?<![\p{L}\p{N}_])(?:lightning:)?(lnbc[0-9a-z]{10,}|LNBC[0-9A-Z]{10,})`,
    String.raw`(?<![\p{L}\p{N}_])(cashu[AB][A-Za-z0-9_\-+/]{10,}=*)`,
    String.raw`#\[(\d{1,4})\]`,
    HASHTAG_PATTERN,
  ].join('|'),
  'gu',
);

function urlToken(url: string): Token {
  const media = mediaKind(url);
  if (media) return { type: media, url };
  const embed = detectEmbed(url);
  if (embed) return { type: 'embed', url, ...embed };
  return { type: 'link', url };
}

/** Resolves `#[n]` against the event's tags: p → npub/nprofile, e → note/nevent, a → naddr; else null. */
export function resolveLegacyMention(tags: readonly Tag[] | undefined, index: number): DecodedNip19 | null {
  const tag = tags?.[index];
  if (!tag) return null;
  const relay = typeof tag[2] === 'string' && /^wss?:\/\//.test(tag[2]) ? [tag[2]] : [];
  if (tag[0] === 'p' && isHex(tag[1], 64)) {
    return relay.length
      ? { type: 'nprofile', data: { pubkey: tag[1], relays: relay } }
      : { type: 'npub', data: tag[1] };
  }
  if (tag[0] === 'e' && isHex(tag[1], 64)) {
    return relay.length ? { type: 'nevent', data: { id: tag[1], relays: relay } } : { type: 'note', data: tag[1] };
  }
  if (tag[0] === 'a' && typeof tag[1] === 'string') {
    const [kind, pubkey, ...rest] = tag[1].split(':');
    const k = Number(kind);
    if (Number.isInteger(k) && isHex(pubkey, 64) && rest.length > 0) {
      return { type: 'naddr', data: { kind: k, pubkey, identifier: rest.join(':'), relays: relay } };
    }
  }
  return null;
}

/** Options for tokenize: the event's tags, used to resolve legacy `#[n]` mentions. */
export interface TokenizeOptions {
  tags?: readonly Tag[];
}

/**
 * Splits note text into tokens (spec §5 "Text recognition") in one regex pass: links (images and videos by
 * extension, embeds for player sites, other links for previews), lnbc invoices, cashu tokens, hashtags (Unicode
 * letters and digits), NIP-19 references with optional `nostr:`, and legacy `#[n]` mentions. Anything that does
 * not decode stays text; adjacent text is merged.
 */
export function tokenize(text: string, opts: TokenizeOptions = {}): Token[] {
  const tokens: Token[] = [];
  if (!text) return tokens;
  const re = SCAN;
  re.lastIndex = 0;
  let textStart = 0;
  const emit = (start: number, end: number, token: Token): void => {
    if (start > textStart) tokens.push({ type: 'text', text: text.slice(textStart, start) });
    tokens.push(token);
    textStart = end;
  };
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const start = m.index;
    if (m[1] !== undefined) {
      const end = trimUrlEnd(text, start, start + m[1].length);
      re.lastIndex = end;
      if (end - start > 8) emit(start, end, urlToken(text.slice(start, end)));
    } else if (m[3] !== undefined) {
      const decoded = tryDecodeNip19(m[3].toLowerCase());
      if (decoded && decoded.type !== 'nsec') emit(start, start + m[0].length, { type: 'nostr', raw: m[0], decoded });
    } else if (m[4] !== undefined) {
      emit(start, start + m[0].length, { type: 'invoice', invoice: m[4].toLowerCase() });
    } else if (m[5] !== undefined) {
      emit(start, start + m[0].length, { type: 'cashu', token: m[5] });
    } else if (m[6] !== undefined) {
      const index = Number(m[6]);
      const decoded = resolveLegacyMention(opts.tags, index);
      if (decoded) emit(start, start + m[0].length, { type: 'nostr', raw: m[0], decoded, legacyIndex: index });
    } else if (m[7] !== undefined) {
      emit(start, start + m[0].length, { type: 'hashtag', tag: m[7] });
    }
  }
  if (textStart < text.length) tokens.push({ type: 'text', text: text.slice(textStart) });
  return tokens;
}
