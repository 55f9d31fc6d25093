import { cbc } from '@noble/ciphers/aes.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { isHex } from './validate.ts';

/** The marker between ciphertext and IV in a NIP-04 payload. */
export const NIP04_IV_MARKER = '?iv=';

/** A NIP-04 operation refused: bad key or payload. */
export class Nip04Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Nip04Error';
  }
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8');

function sharedKey(secretKey: Uint8Array | string, pubkey: string): Uint8Array {
  if (!isHex(pubkey, 64)) throw new Nip04Error('invalid public key');
  const sk = typeof secretKey === 'string' ? (isHex(secretKey, 64) ? hexToBytes(secretKey) : null) : secretKey;
  if (sk?.length !== 32) throw new Nip04Error('invalid secret key');
  try {
    return secp256k1.getSharedSecret(sk, hexToBytes(`02${pubkey}`)).slice(1, 33);
  } catch (error) {
    throw new Nip04Error(`invalid key: ${(error as Error).message}`);
  }
}

/** True when a string looks like a NIP-04 payload (`base64?iv=base64`). */
export function isNip04Payload(payload: string): boolean {
  return typeof payload === 'string' && payload.includes(NIP04_IV_MARKER);
}

/** Encrypts text for `pubkey` with NIP-04 (AES-256-CBC on the ECDH x coordinate): `ciphertext?iv=iv`. */
export function nip04Encrypt(
  secretKey: Uint8Array | string,
  pubkey: string,
  text: string,
  iv: Uint8Array = randomBytes(16),
): string {
  const ct = cbc(sharedKey(secretKey, pubkey), iv).encrypt(utf8Encoder.encode(text));
  return `${base64.encode(ct)}${NIP04_IV_MARKER}${base64.encode(iv)}`;
}

/** Decrypts a NIP-04 payload from `pubkey`; throws Nip04Error when the marker, base64 or padding is wrong. */
export function nip04Decrypt(secretKey: Uint8Array | string, pubkey: string, payload: string): string {
  if (!isNip04Payload(payload)) throw new Nip04Error('invalid NIP-04 payload: missing ?iv=');
  const [ctb64, ivb64] = payload.split(NIP04_IV_MARKER);
  let ct: Uint8Array;
  let iv: Uint8Array;
  try {
    ct = base64.decode(ctb64);
    iv = base64.decode(ivb64);
  } catch {
    throw new Nip04Error('invalid NIP-04 payload: bad base64');
  }
  if (iv.length !== 16) throw new Nip04Error('invalid NIP-04 payload: iv must be 16 bytes');
  try {
    return utf8Decoder.decode(cbc(sharedKey(secretKey, pubkey), iv).decrypt(ct));
  } catch (error) {
    if (error instanceof Nip04Error) throw error;
    throw new Nip04Error('NIP-04 decryption failed');
  }
}
