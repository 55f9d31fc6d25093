import { bytesToHex as nobleBytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './hex.ts';

describe('hex', () => {
  it('agrees with @noble/hashes and round-trips', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => (i * 7) & 0xff);
    expect(bytesToHex(bytes)).toBe(nobleBytesToHex(bytes));
    expect(hexToBytes(bytesToHex(bytes))).toEqual(bytes);
    expect(hexToBytes('ABcd')).toEqual(Uint8Array.from([0xab, 0xcd]));
  });

  it.each(['abc', 'zz', '0x12', ' 12'])('refuses %j', (bad) => {
    expect(() => hexToBytes(bad)).toThrow('hex string expected');
  });
});
