import { naddrEncode, noteEncode, npubEncode } from '../nostr/index.ts';

const HEX64 = /^[0-9a-f]{64}$/;

const NPUB_CACHE_SIZE = 10_000;
const npubs = new Map<string, string>();

/** `npub1…` of a hex public key (remembered: pages repeat authors), or `''` when it is not 64 hex characters. */
export function npubOf(pubkey: string): string {
  const known = npubs.get(pubkey);
  if (known !== undefined) return known;
  if (!HEX64.test(pubkey)) return '';
  if (npubs.size >= NPUB_CACHE_SIZE) npubs.clear();
  const npub = npubEncode(pubkey);
  npubs.set(pubkey, npub);
  return npub;
}

/** `note1…` of a hex event id, or `''` when it is not 64 hex characters. */
export function noteIdOf(id: string): string {
  return HEX64.test(id) ? noteEncode(id) : '';
}

/** `naddr1…` of an addressable event, or `''` when the public key is not 64 hex characters. */
export function naddrOf(kind: number, pubkey: string, identifier: string): string {
  return HEX64.test(pubkey) ? naddrEncode({ kind, pubkey, identifier }) : '';
}
