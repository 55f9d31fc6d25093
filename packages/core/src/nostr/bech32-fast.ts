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
  let chk = 1;
  for (let i = 0; i < sep; i++) {
    const c = str.charCodeAt(i);
    if (c < 33 || c > 126 || (c >= 65 && c <= 90)) throw new Error('invalid prefix character');
    chk = polymodStep(chk) ^ (c >> 5);
  }
  chk = polymodStep(chk);
  for (let i = 0; i < sep; i++) chk = polymodStep(chk) ^ (str.charCodeAt(i) & 0x1f);
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
