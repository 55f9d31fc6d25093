import { toHexPubkey, tryDecodeNip19 } from '@tide/core/nostr';

/** What the relay fallback can read for a route: a note (with relay hints), a profile or a viewer's home; null when it cannot. */
export type FallbackTarget =
  | { type: 'thread'; id: string; relays: string[] }
  | { type: 'profile'; pubkey: string; relays: string[] }
  | { type: 'home'; pubkey: string; relays: string[] };

/** A thread route id (hex, note, nevent) as a fallback target; articles (naddr) and junk give null. */
export function threadTarget(raw: string): FallbackTarget | null {
  const text = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return { type: 'thread', id: text.toLowerCase(), relays: [] };
  const decoded = tryDecodeNip19(text);
  if (decoded?.type === 'note') return { type: 'thread', id: decoded.data, relays: [] };
  if (decoded?.type === 'nevent') return { type: 'thread', id: decoded.data.id, relays: decoded.data.relays ?? [] };
  return null;
}

/** A profile route id (hex, npub, nprofile) as a fallback target; anything else gives null. */
export function profileTarget(raw: string | undefined): FallbackTarget | null {
  if (!raw) return null;
  const decoded = tryDecodeNip19(raw.trim());
  if (decoded?.type === 'nprofile')
    return { type: 'profile', pubkey: decoded.data.pubkey, relays: decoded.data.relays ?? [] };
  const pubkey = toHexPubkey(raw.trim());
  return pubkey ? { type: 'profile', pubkey, relays: [] } : null;
}

/** Home of a known viewer (hex public key) as a fallback target; a guest (null) gives null. */
export function homeTarget(viewer: string | null): FallbackTarget | null {
  return viewer && /^[0-9a-f]{64}$/.test(viewer) ? { type: 'home', pubkey: viewer, relays: [] } : null;
}
