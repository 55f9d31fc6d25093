import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { bech32Prefix, decodeBech32Bytes, encodeBech32Bytes } from './bech32-fast.ts';

describe('decodeBech32Bytes (BIP-173 bech32)', () => {
  it.each([
    'a12uel5l',
    'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
    'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
  ])('accepts the BIP-173 valid string %s and agrees with @scure/base', (s) => {
    const d = bech32.decodeUnsafe(s, 5000);
    const ours = decodeBech32Bytes(s, 5000);
    expect(ours.prefix).toBe(d?.prefix);
    expect(d ? bech32.fromWordsUnsafe(d.words) : undefined).toBeDefined();
  });

  it('round-trips random payloads encoded by @scure/base', () => {
    for (let n = 1; n < 80; n += 7) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      const encoded = bech32.encode('test', bech32.toWords(bytes), false);
      expect(decodeBech32Bytes(encoded, 5000)).toEqual({ prefix: 'test', bytes });
    }
  });

  it.each([
    ['bad checksum', 'a12uel5m'],
    ['no separator', 'pzry9x0s0muk'],
    ['empty prefix', '1pzry9x0s0muk'],
    ['invalid data character', 'x1b4n0q5v'],
    ['too short checksum', 'li1dgmt3'],
    ['upper-case prefix character', 'A1G7SGD8'],
  ])('rejects %s', (_name, s) => {
    expect(() => decodeBech32Bytes(s, 5000)).toThrow();
  });

  it('enforces the length limit', () => {
    expect(() => decodeBech32Bytes(`a1${'q'.repeat(100)}`, 90)).toThrow('longer than 90 characters');
  });
});

describe('encodeBech32Bytes and bech32Prefix', () => {
  it('encode the same strings as @scure/base for payloads of every padding', () => {
    for (let n = 0; n < 90; n += 1) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 53 + n * 11) & 0xff);
      const expected = bech32.encode('npub', bech32.toWords(bytes), 5000);
      expect(encodeBech32Bytes('npub', bytes, 5000)).toBe(expected);
      expect(decodeBech32Bytes(expected, 5000).bytes).toEqual(bytes);
    }
  });

  it('refuses an encoding past the limit or with an empty prefix', () => {
    expect(() => encodeBech32Bytes('npub', new Uint8Array(32), 20)).toThrow('longer than 20');
    expect(() => encodeBech32Bytes('', new Uint8Array(1), 90)).toThrow('empty prefix');
  });

  it('reads the prefix of a valid 5-bit payload (BOLT 11) and refuses a bad checksum', () => {
    const words = [1, 2, 3, 4, 5, 6, 7];
    const s = bech32.encode('lnbc2500u', words, false);
    expect(bech32Prefix(s, 5000)).toBe('lnbc2500u');
    const broken = `${s.slice(0, -1)}${s.endsWith('q') ? 'p' : 'q'}`;
    expect(() => bech32Prefix(broken, 5000)).toThrow('invalid checksum');
    expect(() => bech32Prefix('a12uel5l', 5)).toThrow('longer than 5');
  });
});
