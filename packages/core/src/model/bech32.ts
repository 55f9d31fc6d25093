import { naddrEncode, noteEncode, npubEncode } from '../nostr/index.ts';

const HEX64 = /^[0-9a-f]{64}$/;

/** `npub1…` of a hex public key, or `''` when it is not 64 hex characters. */
export function npubOf(pubkey: string): string {
  return HEX64.test(pubkey) ? npubEncode(pubkey) : '';
}

/** `note1…` of a hex event id, or `''` when it is not 64 hex characters. */
export function noteIdOf(id: string): string {
  return HEX64.test(id) ? noteEncode(id) : '';
}

/** `naddr1…` of an addressable event, or `''` when the public key is not 64 hex characters. */
export function naddrOf(kind: number, pubkey: string, identifier: string): string {
  return HEX64.test(pubkey) ? naddrEncode({ kind, pubkey, identifier }) : '';
}
