import { describe, expect, it } from 'vitest';
import { assertValidMnemonic, INVALID_MNEMONIC, isValidMnemonic, mnemonicToWalletSeed } from './mnemonic.ts';

const TWELVE = 'half depart obvious quality work element tank gorilla view sugar picture humble';
const abandon = (n: number, last: string) => `${'abandon '.repeat(n - 1)}${last}`;

describe('mnemonic validation', () => {
  it('accepts 12, 15, 18, 21 and 24 words with a valid checksum', () => {
    expect(isValidMnemonic(TWELVE)).toBe(true);
    expect(isValidMnemonic(abandon(12, 'about'))).toBe(true);
    expect(isValidMnemonic(abandon(15, 'address'))).toBe(true);
    expect(isValidMnemonic(abandon(18, 'agent'))).toBe(true);
    expect(isValidMnemonic(abandon(21, 'admit'))).toBe(true);
    expect(isValidMnemonic(abandon(24, 'art'))).toBe(true);
    expect(isValidMnemonic(`  ${TWELVE.toUpperCase()}  `)).toBe(true);
  });
  it("rejects bad checksums, wrong counts and unknown words with 'Invalid mnemonic'", () => {
    expect(isValidMnemonic(abandon(12, 'abandon'))).toBe(false);
    expect(isValidMnemonic(abandon(9, 'about'))).toBe(false);
    expect(isValidMnemonic(TWELVE.replace('half', 'halff'))).toBe(false);
    expect(() => assertValidMnemonic('one two three')).toThrow(INVALID_MNEMONIC);
    expect(INVALID_MNEMONIC).toBe('Invalid mnemonic');
  });
  it('derives a 64-byte BIP-39 seed (2048 PBKDF2 rounds)', () => {
    const seed = mnemonicToWalletSeed(abandon(12, 'about'));
    expect(seed).toHaveLength(64);
    // BIP-39 reference: "abandon … about" with empty passphrase.
    expect(Buffer.from(seed).toString('hex').slice(0, 16)).toBe('5eb00bbddcf06908');
    expect(() => mnemonicToWalletSeed('nope')).toThrow('Invalid mnemonic');
  });
});
