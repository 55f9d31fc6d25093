const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const REVERSE = new Int8Array(128).fill(-1);
for (let i = 0; i < CHARSET.length; i++) REVERSE[CHARSET.charCodeAt(i)] = i;
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymodStep(pre: number): number {
  const b = pre >> 25;
  let chk = (pre & 0x1ffffff) << 5;
  for (let i = 0; i < 5; i++) if ((b >> i) & 1) chk ^= GEN[i];
  return chk;
}

/** A decoded bech32 string: its prefix and payload bytes. */
export interface Bech32Bytes {
  prefix: string;
  bytes: Uint8Array;
}

/**
 * Decodes a lower-case bech32 (not bech32m) string of at most `limit` characters into prefix and 8-bit payload,
 * checking the checksum and padding. Throws an Error with a short reason on any problem.
 */
export function decodeBech32Bytes(str: string, limit: number): Bech32Bytes {
  if (str.length > limit) throw new Error(`longer than ${limit} characters`);
  const sep = str.lastIndexOf('1');
  if (sep < 1 || str.length - sep - 1 < 6) throw new Error('missing separator or checksum');
  const prefix = str.slice(0, sep);
  let chk = prefixChecksum(prefix);
  const dataLen = str.length - sep - 1 - 6;
  const bytes = new Uint8Array(Math.floor((dataLen * 5) / 8));
  let acc = 0;
  let bits = 0;
  let out = 0;
  for (let i = sep + 1; i < str.length; i++) {
    const c = str.charCodeAt(i);
    const v = c < 128 ? REVERSE[c] : -1;
    if (v === -1) throw new Error(`invalid character ${str[i]}`);
    chk = polymodStep(chk) ^ v;
    if (i < str.length - 6) {
      acc = (acc << 5) | v;
      bits += 5;
      if (bits >= 8) {
        bits -= 8;
        bytes[out++] = (acc >> bits) & 0xff;
      }
    }
  }
  if (chk !== 1) throw new Error('invalid checksum');
  if (bits >= 5 || (acc & ((1 << bits) - 1)) !== 0) throw new Error('non-zero padding');
  return { prefix, bytes };
}

function prefixChecksum(prefix: string): number {
  let chk = 1;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix.charCodeAt(i);
    if (c < 33 || c > 126 || (c >= 65 && c <= 90)) throw new Error('invalid prefix character');
    chk = polymodStep(chk) ^ (c >> 5);
  }
  chk = polymodStep(chk);
  for (let i = 0; i < prefix.length; i++) chk = polymodStep(chk) ^ (prefix.charCodeAt(i) & 0x1f);
  return chk;
}

/** Encodes 8-bit payload bytes as lower-case bech32 (not bech32m) under `prefix`; throws past `limit` characters. */
export function encodeBech32Bytes(prefix: string, bytes: Uint8Array, limit: number): string {
  if (!prefix) throw new Error('empty prefix');
  let chk = prefixChecksum(prefix);
  let out = `${prefix}1`;
  let acc = 0;
  let bits = 0;
  const push = (v: number) => {
    chk = polymodStep(chk) ^ v;
    out += CHARSET[v];
  };
  for (const byte of bytes) {
    acc = ((acc << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      push((acc >> bits) & 31);
    }
  }
  if (bits > 0) push((acc << (5 - bits)) & 31);
  for (let i = 0; i < 6; i++) chk = polymodStep(chk);
  chk ^= 1;
  for (let i = 0; i < 6; i++) out += CHARSET[(chk >> (5 * (5 - i))) & 31];
  if (out.length > limit) throw new Error(`longer than ${limit} characters`);
  return out;
}

/** Checks a bech32 string's characters and checksum (any 5-bit payload, e.g. BOLT 11) and returns its prefix. */
export function bech32Prefix(str: string, limit: number): string {
  if (str.length > limit) throw new Error(`longer than ${limit} characters`);
  const sep = str.lastIndexOf('1');
  if (sep < 1 || str.length - sep - 1 < 6) throw new Error('missing separator or checksum');
  const prefix = str.slice(0, sep);
  let chk = prefixChecksum(prefix);
  for (let i = sep + 1; i < str.length; i++) {
    const c = str.charCodeAt(i);
    const v = c < 128 ? REVERSE[c] : -1;
    if (v === -1) throw new Error(`invalid character ${str[i]}`);
    chk = polymodStep(chk) ^ v;
  }
  if (chk !== 1) throw new Error('invalid checksum');
  return prefix;
}
