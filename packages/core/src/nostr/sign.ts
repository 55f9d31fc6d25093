import { schnorr } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { EventTemplate, NostrEvent } from './event.ts';
import { getEventHash } from './hash.ts';

/** Coerces a secret key given as 64-hex or bytes into 32 bytes, with a clear error otherwise. */
export function toSecretKeyBytes(secretKey: Uint8Array | string): Uint8Array {
  if (typeof secretKey === 'string') {
    if (!/^[0-9a-fA-F]{64}$/.test(secretKey)) throw new TypeError('secret key must be 32 bytes');
    return hexToBytes(secretKey.toLowerCase());
  }
  if (secretKey.length !== 32) throw new TypeError('secret key must be 32 bytes');
  return secretKey;
}

/** A new random 32-byte secret key. */
export function generateSecretKey(): Uint8Array {
  return schnorr.utils.randomSecretKey();
}

/** The x-only public key (64 hex) of a secret key. */
export function getPublicKey(secretKey: Uint8Array | string): string {
  return bytesToHex(schnorr.getPublicKey(toSecretKeyBytes(secretKey)));
}

/** Signs a template with a secret key: fills in pubkey, id and sig (BIP-340 schnorr). */
export function signEvent(template: EventTemplate, secretKey: Uint8Array | string): NostrEvent {
  const sk = toSecretKeyBytes(secretKey);
  const pubkey = bytesToHex(schnorr.getPublicKey(sk));
  const unsigned = {
    kind: template.kind,
    content: template.content,
    created_at: template.created_at,
    tags: template.tags,
    pubkey,
  };
  const id = getEventHash(unsigned);
  const sig = bytesToHex(schnorr.sign(hexToBytes(id), sk));
  return { ...unsigned, id, sig };
}
