import { Kind, tryDecodeNip19 } from '@tide/core/nostr';

/** What a thread route names: a note by id, an article by coordinate, or nothing readable. */
export type ThreadRef =
  | { type: 'note'; id: string; relays: string[] }
  | { type: 'article'; pubkey: string; identifier: string; kind: number; relays: string[] }
  | { type: 'invalid'; raw: string };

const HEX_ID = /^[0-9a-f]{64}$/;

/** Reads a thread route id: 64-hex, note, nevent or naddr (optionally `nostr:`-prefixed); anything else is invalid. */
export function parseThreadRef(raw: string): ThreadRef {
  const text = raw.trim();
  if (HEX_ID.test(text.toLowerCase())) return { type: 'note', id: text.toLowerCase(), relays: [] };
  const decoded = tryDecodeNip19(text);
  if (decoded?.type === 'note') return { type: 'note', id: decoded.data, relays: [] };
  if (decoded?.type === 'nevent') return { type: 'note', id: decoded.data.id, relays: decoded.data.relays ?? [] };
  if (decoded?.type === 'naddr') {
    const { pubkey, identifier, kind, relays } = decoded.data;
    return { type: 'article', pubkey, identifier, kind, relays: relays ?? [] };
  }
  return { type: 'invalid', raw: text };
}

/** The article a verified name's `/:vanityName/:identifier` route names, once the name resolves to `pubkey`. */
export function vanityArticleRef(pubkey: string, identifier: string): ThreadRef {
  return { type: 'article', pubkey, identifier, kind: Kind.LongForm, relays: [] };
}
