import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { EventTemplate, NostrEvent } from '@tide/core/nostr';
import { finalizeEvent, getPublicKey } from 'nostr-tools/pure';
import { initNostrWasm } from 'nostr-wasm';

/** Signs seed events; deterministic when given the same entropy. */
export interface SeedSigner {
  /** Signs a template with a secret key; `entropy` (32 bytes) makes the signature reproducible. */
  sign(template: EventTemplate, secretKey: Uint8Array, entropy: Uint8Array): NostrEvent;
  /** Which implementation signs: 'wasm' (nostr-wasm) or 'noble' (pure JS fallback). */
  readonly engine: 'wasm' | 'noble';
}

/** Derives a 32-byte secret key from a fixed string (sha256 of `tide-demo:<label>`). */
export function deriveSecretKey(label: string): Uint8Array {
  return sha256(utf8ToBytes(`tide-demo:${label}`));
}

/** Hex public key of a secret key. */
export function publicKeyOf(secretKey: Uint8Array): string {
  return getPublicKey(secretKey);
}

/** Hex of a secret key (for printing demo accounts). */
export function secretKeyHex(secretKey: Uint8Array): string {
  return bytesToHex(secretKey);
}

/** Creates the fastest available signer: nostr-wasm, else nostr-tools (noble). */
export async function createSeedSigner(): Promise<SeedSigner> {
  try {
    const wasm = await initNostrWasm();
    return {
      engine: 'wasm',
      sign(template, secretKey, entropy) {
        const event = { ...template, tags: template.tags, id: '', pubkey: '', sig: '' };
        wasm.finalizeEvent(event, secretKey, entropy);
        return event;
      },
    };
  } catch {
    return {
      engine: 'noble',
      sign(template, secretKey) {
        const signed = finalizeEvent({ ...template }, secretKey);
        return {
          id: signed.id,
          pubkey: signed.pubkey,
          sig: signed.sig,
          kind: signed.kind,
          created_at: signed.created_at,
          tags: signed.tags,
          content: signed.content,
        };
      },
    };
  }
}
