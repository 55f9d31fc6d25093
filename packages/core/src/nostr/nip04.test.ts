import { describe, expect, it } from 'vitest';
import { isNip04Payload, Nip04Error, nip04Decrypt, nip04Encrypt } from './nip04.ts';
import { generateSecretKey, getPublicKey } from './sign.ts';

const alice = generateSecretKey();
const bob = generateSecretKey();

describe('NIP-04', () => {
  it('round-trips between two parties with the ?iv= marker', () => {
    const payload = nip04Encrypt(alice, getPublicKey(bob), 'hello bob ✓');
    expect(payload).toMatch(/^[A-Za-z0-9+/=]+\?iv=[A-Za-z0-9+/=]{24}$/);
    expect(isNip04Payload(payload)).toBe(true);
    expect(nip04Decrypt(bob, getPublicKey(alice), payload)).toBe('hello bob ✓');
  });

  it('is deterministic for a given IV (known shared-secret property)', () => {
    const iv = new Uint8Array(16).fill(7);
    const a = nip04Encrypt(alice, getPublicKey(bob), 'x', iv);
    const b = nip04Encrypt(bob, getPublicKey(alice), 'x', iv);
    expect(a).toBe(b);
  });

  it('refuses payloads without the marker, bad base64, or the wrong key', () => {
    expect(() => nip04Decrypt(bob, getPublicKey(alice), 'abc')).toThrow('invalid NIP-04 payload: missing ?iv=');
    expect(() => nip04Decrypt(bob, getPublicKey(alice), '!!!?iv=!!!')).toThrow(Nip04Error);
    const payload = nip04Encrypt(alice, getPublicKey(bob), 'secret message here');
    const eve = generateSecretKey();
    let result: string | Error;
    try {
      result = nip04Decrypt(eve, getPublicKey(alice), payload);
    } catch (error) {
      result = error as Error;
    }
    expect(result).not.toBe('secret message here');
    expect(() => nip04Encrypt(alice, 'zz', 'x')).toThrow('invalid public key');
  });
});
