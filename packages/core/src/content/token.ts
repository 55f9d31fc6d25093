import type { DecodedNip19 } from '../nostr/nip19.ts';
import type { EmbedInfo } from './embeds.ts';

/** Plain text (line breaks included). */
export interface TextToken {
  type: 'text';
  text: string;
}

/** A link that is neither media nor an embed: the UI shows a preview. */
export interface LinkToken {
  type: 'link';
  url: string;
}

/** An image or video link, by extension. */
export interface MediaToken {
  type: 'image' | 'video';
  url: string;
}

/** A link to a site with a player. */
export interface EmbedToken extends EmbedInfo {
  type: 'embed';
  url: string;
}

/** A BOLT 11 invoice (lnbc...), lower-cased, without a `lightning:` prefix. */
export interface InvoiceToken {
  type: 'invoice';
  invoice: string;
}

/** A cashu token (cashuA... or cashuB...). */
export interface CashuToken {
  type: 'cashu';
  token: string;
}

/** A hashtag, without its '#'. */
export interface HashtagToken {
  type: 'hashtag';
  tag: string;
}

/**
 * A NIP-19 reference (npub, nprofile, note, nevent, naddr) with or without `nostr:`/`@`, or a legacy `#[n]`
 * mention resolved against the event's tags (then `legacyIndex` is set). `raw` is the text as written.
 */
export interface NostrToken {
  type: 'nostr';
  raw: string;
  decoded: DecodedNip19;
  legacyIndex?: number;
}

/** One piece of a note's text. */
export type Token =
  | TextToken
  | LinkToken
  | MediaToken
  | EmbedToken
  | InvoiceToken
  | CashuToken
  | HashtagToken
  | NostrToken;

/** The `type` values of Token. */
export type TokenType = Token['type'];
