import { chacha20 } from '@noble/ciphers/chacha.js';
import { equalBytes } from '@noble/ciphers/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { isHex } from './validate.ts';

/** Smallest plaintext NIP-44 v2 encrypts, in bytes. */
export const NIP44_MIN_PLAINTEXT = 1;

/** Largest plaintext NIP-44 v2 encrypts, in bytes (spec §5). */
export const NIP44_MAX_PLAINTEXT = 65535;

/** Keys derived for one NIP-44 message. */
export interface Nip44MessageKeys {
  chachaKey: Uint8Array;
  chachaNonce: Uint8Array;
  hmacKey: Uint8Array;
}

/** A NIP-44 operation refused: bad key, length, version, MAC or padding. */
export class Nip44Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Nip44Error';
  }
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const salt = utf8Encoder.encode('nip44-v2');

function secretBytes(secretKey: Uint8Array | string): Uint8Array {
  if (typeof secretKey === 'string') {
    if (!/^[0-9a-fA-F]{64}$/.test(secretKey)) throw new Nip44Error('invalid secret key');
    return hexToBytes(secretKey.toLowerCase());
  }
  return secretKey;
}

/** The NIP-44 v2 conversation key between a secret key and another party's x-only public key (hex). */
export function getConversationKey(secretKey: Uint8Array | string, pubkey: string): Uint8Array {
  if (!isHex(pubkey.toLowerCase(), 64)) throw new Nip44Error('invalid public key');
  let shared: Uint8Array;
  try {
    shared = secp256k1.getSharedSecret(secretBytes(secretKey), hexToBytes(`02${pubkey.toLowerCase()}`));
  } catch (error) {
    throw new Nip44Error(`invalid key: ${(error as Error).message}`);
  }
  return extract(sha256, shared.subarray(1, 33), salt);
}

/** The per-message ChaCha20 key and nonce and HMAC key for a conversation key and 32-byte nonce. */
export function getMessageKeys(conversationKey: Uint8Array, nonce: Uint8Array): Nip44MessageKeys {
  if (conversationKey.length !== 32) throw new Nip44Error('invalid conversation key length');
  if (nonce.length !== 32) throw new Nip44Error('invalid nonce length');
  const keys = expand(sha256, conversationKey, nonce, 76);
  return { chachaKey: keys.subarray(0, 32), chachaNonce: keys.subarray(32, 44), hmacKey: keys.subarray(44, 76) };
}

/** The padded length NIP-44 uses for a plaintext of `len` bytes. */
export function calcPaddedLen(len: number): number {
  if (!Number.isSafeInteger(len) || len < 1) throw new Nip44Error('expected positive integer');
  if (len <= 32) return 32;
  const nextPower = 1 << (Math.floor(Math.log2(len - 1)) + 1);
  const chunk = nextPower <= 256 ? 32 : nextPower / 8;
  return chunk * (Math.floor((len - 1) / chunk) + 1);
}

function pad(plaintext: string): Uint8Array {
  const bytes = utf8Encoder.encode(plaintext);
  const len = bytes.length;
  if (len < NIP44_MIN_PLAINTEXT || len > NIP44_MAX_PLAINTEXT) {
    throw new Nip44Error(
      `invalid plaintext size: must be between ${NIP44_MIN_PLAINTEXT} and ${NIP44_MAX_PLAINTEXT} bytes`,
    );
  }
  const out = new Uint8Array(2 + calcPaddedLen(len));
  out[0] = len >> 8;
  out[1] = len & 0xff;
  out.set(bytes, 2);
  return out;
}

function unpad(padded: Uint8Array): string {
  const len = (padded[0] << 8) | padded[1];
  if (len < NIP44_MIN_PLAINTEXT || len > NIP44_MAX_PLAINTEXT || padded.length !== 2 + calcPaddedLen(len)) {
    throw new Nip44Error('invalid padding');
  }
  try {
    return utf8Decoder.decode(padded.subarray(2, 2 + len));
  } catch {
    throw new Nip44Error('invalid utf-8 plaintext');
  }
}

function hmacAad(key: Uint8Array, message: Uint8Array, aad: Uint8Array): Uint8Array {
  return hmac(sha256, key, concatBytes(aad, message));
}

/** Encrypts with NIP-44 v2; `nonce` (32 bytes) is random unless given (tests only). Returns base64. */
export function nip44Encrypt(
  plaintext: string,
  conversationKey: Uint8Array,
  nonce: Uint8Array = randomBytes(32),
): string {
  const { chachaKey, chachaNonce, hmacKey } = getMessageKeys(conversationKey, nonce);
  const ciphertext = chacha20(chachaKey, chachaNonce, pad(plaintext));
  const mac = hmacAad(hmacKey, ciphertext, nonce);
  return base64.encode(concatBytes(new Uint8Array([2]), nonce, ciphertext, mac));
}

/** Decrypts a NIP-44 v2 payload; throws Nip44Error for unknown versions, bad lengths, MAC or padding. */
export function nip44Decrypt(payload: string, conversationKey: Uint8Array): string {
  if (typeof payload !== 'string' || payload.length === 0 || payload[0] === '#') {
    throw new Nip44Error('unknown encryption version');
  }
  if (payload.length < 132 || payload.length > 87472) throw new Nip44Error(`invalid payload length: ${payload.length}`);
  let data: Uint8Array;
  try {
    data = base64.decode(payload);
  } catch {
    throw new Nip44Error('invalid base64');
  }
  if (data.length < 99 || data.length > 65603) throw new Nip44Error(`invalid data length: ${data.length}`);
  if (data[0] !== 2) throw new Nip44Error(`unknown encryption version ${data[0]}`);
  const nonce = data.subarray(1, 33);
  const ciphertext = data.subarray(33, data.length - 32);
  const mac = data.subarray(data.length - 32);
  const { chachaKey, chachaNonce, hmacKey } = getMessageKeys(conversationKey, nonce);
  if (!equalBytes(hmacAad(hmacKey, ciphertext, nonce), mac)) throw new Nip44Error('invalid MAC');
  return unpad(chacha20(chachaKey, chachaNonce, ciphertext));
}
