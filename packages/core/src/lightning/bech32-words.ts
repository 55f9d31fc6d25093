import { bech32 } from '@scure/base';

/** Big-endian 5-bit words of a non-negative integer; at least `minLength` words (0 → one zero word). */
export function intToWords(value: number | bigint, minLength = 1): number[] {
  let n = BigInt(value);
  if (n < 0n) throw new Error('Cannot encode a negative integer');
  const words: number[] = [];
  while (n > 0n) {
    words.unshift(Number(n & 31n));
    n >>= 5n;
  }
  while (words.length < minLength) words.unshift(0);
  return words;
}

/** Integer value of big-endian 5-bit words. */
export function wordsToInt(words: readonly number[]): number {
  let n = 0;
  for (const w of words) n = n * 32 + w;
  return n;
}

/** 5-bit words of bytes, zero-padded at the end (BOLT 11 / bech32 convention). */
export function bytesToWords(bytes: Uint8Array): number[] {
  return bech32.toWords(bytes);
}

/** Bytes of 5-bit words, the last byte zero-padded (used for the BOLT 11 signing preimage). */
export function wordsToPaddedBytes(words: readonly number[]): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}
