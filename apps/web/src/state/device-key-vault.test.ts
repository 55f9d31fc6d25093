import { describe, expect, it } from 'vitest';
import { DeviceKeyVault, memoryRecords } from './device-key-vault.ts';

const SECRET = 'nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5';

function bytesOf(value: unknown): Uint8Array {
  return value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value as ArrayBufferLike);
}

describe('DeviceKeyVault', () => {
  it('keeps a secret encrypted under a non-extractable AES-GCM key and reads it back', async () => {
    const map = new Map<string, unknown>();
    const vault = new DeviceKeyVault(memoryRecords(map));
    await vault.save('nsec', SECRET);

    const record = map.get('nsec') as { key: CryptoKey; iv: Uint8Array; data: ArrayBuffer };
    expect(record.key.extractable).toBe(false);
    expect(record.key.algorithm.name).toBe('AES-GCM');
    await expect(crypto.subtle.exportKey('raw', record.key)).rejects.toThrow();
    const stored = new TextDecoder('latin1').decode(bytesOf(record.data));
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain('nsec1');

    expect(await vault.load('nsec')).toBe(SECRET);
    // A second vault over the same records (a reload) reads it too.
    expect(await new DeviceKeyVault(memoryRecords(map)).load('nsec')).toBe(SECRET);
  });

  it('gives null for nothing stored, a damaged record or a removed one', async () => {
    const map = new Map<string, unknown>();
    const vault = new DeviceKeyVault(memoryRecords(map));
    expect(await vault.load('nsec')).toBeNull();

    await vault.save('nsec', SECRET);
    const record = map.get('nsec') as { data: ArrayBuffer };
    const tampered = new Uint8Array(record.data.slice(0));
    tampered[0] ^= 1;
    map.set('nsec', { ...record, data: tampered.buffer });
    expect(await vault.load('nsec')).toBeNull();

    await vault.save('nsec', SECRET);
    await vault.remove('nsec');
    expect(map.has('nsec')).toBe(false);
    expect(await vault.load('nsec')).toBeNull();
  });

  it('uses a fresh key and nonce for every save', async () => {
    const map = new Map<string, unknown>();
    const vault = new DeviceKeyVault(memoryRecords(map));
    await vault.save('a', SECRET);
    await vault.save('b', SECRET);
    const a = map.get('a') as { key: CryptoKey; iv: Uint8Array };
    const b = map.get('b') as { key: CryptoKey; iv: Uint8Array };
    expect(a.key).not.toBe(b.key);
    expect([...a.iv]).not.toEqual([...b.iv]);
  });
});
