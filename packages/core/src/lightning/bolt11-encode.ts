import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, hex, utf8 } from '@scure/base';
import { bytesToWords, intToWords, wordsToPaddedBytes } from './bech32-words.ts';

/** Bitcoin network prefixes a BOLT 11 invoice may carry (after `ln`). */
export type Bolt11Network = 'bc' | 'tb' | 'tbs' | 'bcrt';

/** Fields of an invoice to encode; `description` and `descriptionHash` are mutually exclusive. */
export interface Bolt11EncodeInput {
  network: Bolt11Network;
  /** Amount in millisatoshis; omitted for "any amount" invoices. */
  amountMsat?: bigint | number;
  /** 32-byte payment hash, hex. */
  paymentHash: string;
  description?: string;
  /** 32-byte SHA-256 of a long description (used by LNURL-pay / zaps), hex. */
  descriptionHash?: string;
  /** Unix seconds. */
  timestamp: number;
  /** Seconds after `timestamp`; omitted means the BOLT 11 default of 3600. */
  expiry?: number;
  /** 32-byte payment secret, hex. */
  paymentSecret?: string;
  /** min_final_cltv_expiry_delta; omitted means the default of 18. */
  minFinalCltvExpiry?: number;
  /** Feature bit numbers; defaults to [8, 14] (var_onion_optin, payment_secret) when a payment secret is given. */
  featureBits?: readonly number[];
  /** Payee node secret key, 32 bytes hex or bytes. */
  privateKey: string | Uint8Array;
}

const TAG = {
  paymentHash: 1,
  paymentSecret: 16,
  description: 13,
  descriptionHash: 23,
  expiry: 6,
  cltv: 24,
  features: 5,
};
const MSAT_PER_BTC = 100_000_000_000n;
const HEX32 = /^[0-9a-f]{64}$/i;

/** Human-readable amount of BOLT 11: shortest form (no multiplier, m, u, n or p) for millisatoshis. */
export function encodeBolt11Amount(amountMsat: bigint | number): string {
  const msat = BigInt(amountMsat);
  if (msat <= 0n) throw new Error('Invoice amount must be positive');
  if (msat % MSAT_PER_BTC === 0n) return (msat / MSAT_PER_BTC).toString();
  // BTC × 1e3 = m, × 1e6 = u, × 1e9 = n, × 1e12 = p; msat → units: msat × 10^k / 1e11.
  const units: ReadonlyArray<[string, bigint]> = [
    ['m', 100_000_000n],
    ['u', 100_000n],
    ['n', 100n],
  ];
  for (const [letter, msatPerUnit] of units) {
    if (msat % msatPerUnit === 0n) return `${msat / msatPerUnit}${letter}`;
  }
  return `${msat * 10n}p`;
}

function tagged(tag: number, words: readonly number[]): number[] {
  if (words.length >= 1024) throw new Error('Invoice field too long');
  return [tag, words.length >> 5, words.length & 31, ...words];
}

function hash32(name: string, value: string): Uint8Array {
  if (!HEX32.test(value)) throw new Error(`${name} must be 32 bytes of hex`);
  return hex.decode(value.toLowerCase());
}

function featureWords(bits: readonly number[]): number[] {
  let n = 0n;
  for (const b of bits) {
    if (!Number.isInteger(b) || b < 0) throw new Error('Feature bits must be non-negative integers');
    n |= 1n << BigInt(b);
  }
  const maxBit = Math.max(...bits);
  return intToWords(n, Math.floor(maxBit / 5) + 1);
}

/** Encodes and signs a BOLT 11 invoice (fields in the order s, p, d|h, x, c, 9; low-S RFC 6979 signature). */
export function encodeBolt11(input: Bolt11EncodeInput): string {
  if (input.description !== undefined && input.descriptionHash !== undefined) {
    throw new Error('Give either a description or a description hash, not both');
  }
  if (!Number.isInteger(input.timestamp) || input.timestamp < 0 || input.timestamp >= 2 ** 35) {
    throw new Error('Invoice timestamp must be a non-negative integer of at most 35 bits');
  }
  const prefix = `ln${input.network}${input.amountMsat === undefined ? '' : encodeBolt11Amount(input.amountMsat)}`;
  const words: number[] = intToWords(input.timestamp, 7);
  if (input.paymentSecret !== undefined) {
    words.push(...tagged(TAG.paymentSecret, bytesToWords(hash32('Payment secret', input.paymentSecret))));
  }
  words.push(...tagged(TAG.paymentHash, bytesToWords(hash32('Payment hash', input.paymentHash))));
  if (input.description !== undefined) {
    words.push(...tagged(TAG.description, bytesToWords(utf8.decode(input.description))));
  }
  if (input.descriptionHash !== undefined) {
    words.push(...tagged(TAG.descriptionHash, bytesToWords(hash32('Description hash', input.descriptionHash))));
  }
  if (input.expiry !== undefined) {
    if (!Number.isInteger(input.expiry) || input.expiry < 0) throw new Error('Invoice expiry must be whole seconds');
    words.push(...tagged(TAG.expiry, intToWords(input.expiry)));
  }
  if (input.minFinalCltvExpiry !== undefined) words.push(...tagged(TAG.cltv, intToWords(input.minFinalCltvExpiry)));
  const features = input.featureBits ?? (input.paymentSecret !== undefined ? [8, 14] : []);
  if (features.length > 0) words.push(...tagged(TAG.features, featureWords(features)));

  const preimage = new Uint8Array([...utf8.decode(prefix), ...wordsToPaddedBytes(words)]);
  const key = typeof input.privateKey === 'string' ? hex.decode(input.privateKey.toLowerCase()) : input.privateKey;
  const recovered = secp256k1.sign(sha256(preimage), key, { prehash: false, format: 'recovered', lowS: true });
  // noble puts the recovery byte first; BOLT 11 wants r || s || recovery id.
  const signature = new Uint8Array([...recovered.subarray(1), recovered[0]!]);
  return bech32.encode(prefix, [...words, ...bytesToWords(signature)], false);
}
