import { nprofileEncode, tryDecodeNip19 } from '../nostr/nip19.ts';

/** Texts at least this long are truncated by truncatePubkey (spec §9). */
export const TRUNCATE_MIN_LENGTH = 24;

/** Shortens a public key or npub: the first 15 and last 10 characters when it has 24 or more (spec §9). */
export function truncatePubkey(text: string): string {
  if (text.length < TRUNCATE_MIN_LENGTH) return text;
  return `${text.slice(0, 15)}…${text.slice(-10)}`;
}

/**
 * The profile route for a user (spec §2): no key → /home; an npub is decoded first; a verified name → /{name};
 * otherwise /p/{nprofile}, falling back to /p/{pubkey} when encoding fails. Relay hints (ws/wss, at most 2) are
 * added to the nprofile when given.
 */
export function profileLink(
  pubkeyOrNpub?: string | null,
  verifiedName?: string | null,
  relays?: readonly string[],
): string {
  if (!pubkeyOrNpub) return '/home';
  let pubkey = pubkeyOrNpub;
  if (pubkeyOrNpub.startsWith('npub')) {
    const decoded = tryDecodeNip19(pubkeyOrNpub);
    if (decoded?.type === 'npub') pubkey = decoded.data;
  }
  if (verifiedName) return `/${verifiedName}`;
  try {
    return `/p/${nprofileEncode({ pubkey, relays: relays ? [...relays] : [] }, { maxRelays: 2 })}`;
  } catch {
    return `/p/${pubkey}`;
  }
}
