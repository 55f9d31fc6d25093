import { describe, expect, it } from 'vitest';
import { isValidNsec } from './nsec.ts';

// NIP-19's example secret key.
const NSEC = 'nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5';
const NPUB = 'npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg';

describe('isValidNsec', () => {
  it('accepts a secret-key identifier', () => {
    expect(isValidNsec(NSEC)).toBe(true);
    expect(isValidNsec(`  ${NSEC} `)).toBe(true);
  });
  it('rejects public keys, broken checksums and other text', () => {
    expect(isValidNsec(NPUB)).toBe(false);
    expect(isValidNsec(`${NSEC.slice(0, -1)}x`)).toBe(false);
    expect(isValidNsec('nsec')).toBe(false);
    expect(isValidNsec('')).toBe(false);
  });
});
