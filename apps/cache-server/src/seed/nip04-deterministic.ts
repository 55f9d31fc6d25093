import { cbc } from '@noble/ciphers/aes.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';

/**
 * NIP-04 encryption with a caller-chosen IV, so seeded DMs (and their ids) are reproducible. Output is standard
 * `<base64 ciphertext>?iv=<base64 iv>`, decryptable by any NIP-04 implementation. Seed use only: real messages
 * must use a random IV (core's / nostr-tools' encrypt).
 */
export function nip04EncryptWithIv(secretKey: Uint8Array, peerPubkey: string, text: string, iv: Uint8Array): string {
  if (iv.length !== 16) throw new Error('NIP-04 IV must be 16 bytes');
  const shared = secp256k1.getSharedSecret(secretKey, hexToBytes(`02${peerPubkey}`)).subarray(1, 33);
  const ciphertext = cbc(shared, iv).encrypt(utf8ToBytes(text));
  return `${base64.encode(ciphertext)}?iv=${base64.encode(iv)}`;
}
