import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assertSecureEnvironment,
  decryptWithPin,
  encryptWithPin,
  isPinEncrypted,
  type KeyValueStore,
  PIN_MISMATCH_MESSAGE,
  PIN_PBKDF2_ITERATIONS,
  PIN_TOO_SHORT_MESSAGE,
  PIN_VAULT_PREFIX,
  PinVault,
  pinError,
} from './pin-vault.ts';

const nsec = 'nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('PIN rules (spec §5)', () => {
  it('needs at least 4 characters and a matching confirmation', () => {
    expect(pinError('123')).toBe(PIN_TOO_SHORT_MESSAGE);
    expect(PIN_TOO_SHORT_MESSAGE).toBe('PIN must be at least 4 characters');
    expect(pinError('1234', '1235')).toBe("PINs don't match");
    expect(PIN_MISMATCH_MESSAGE).toBe("PINs don't match");
    expect(pinError('1234', '1234')).toBeNull();
    expect(pinError('abcd')).toBeNull();
  });
  it('uses at least 600,000 PBKDF2 iterations', () => {
    expect(PIN_PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
  });
});

describe('encryptWithPin / decryptWithPin', () => {
  it('round-trips with the fixed prefix and a random salt; wrong PIN or corrupt value gives ""', async () => {
    const a = await encryptWithPin('2468', nsec);
    const b = await encryptWithPin('2468', nsec);
    expect(a.startsWith(PIN_VAULT_PREFIX)).toBe(true);
    expect(isPinEncrypted(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain(nsec);
    expect(await decryptWithPin('2468', a)).toBe(nsec);
    expect(await decryptWithPin('1357', a)).toBe('');
    const body = a.slice(PIN_VAULT_PREFIX.length);
    const flipped = `${PIN_VAULT_PREFIX}${body.slice(0, 30)}${body[30] === 'A' ? 'B' : 'A'}${body.slice(31)}`;
    expect(await decryptWithPin('2468', flipped)).toBe('');
  }, 30_000);

  it('never throws on junk and refuses short PINs with ""', async () => {
    expect(await decryptWithPin('2468', 'not-encrypted')).toBe('');
    expect(await decryptWithPin('2468', `${PIN_VAULT_PREFIX}!!!`)).toBe('');
    expect(await decryptWithPin('2468', `${PIN_VAULT_PREFIX}AAAA`)).toBe('');
    expect(await encryptWithPin('12', nsec)).toBe('');
    expect(await encryptWithPin('1234', '')).toBe('');
  });
});

describe('PinVault', () => {
  it('saves after checks, unlocks with the right PIN only, and keeps the old value on failure', async () => {
    const store = memoryStore();
    const vault = new PinVault(store);
    expect(vault.has()).toBe(false);
    expect(await vault.unlock('1234')).toBe('');
    expect(await vault.save(nsec, '12', '12')).toBe(PIN_TOO_SHORT_MESSAGE);
    expect(await vault.save(nsec, '1234', '4321')).toBe(PIN_MISMATCH_MESSAGE);
    expect(vault.has()).toBe(false);
    expect(await vault.save(nsec, '1234', '1234')).toBeNull();
    expect(vault.has()).toBe(true);
    const saved = store.data.get('tide.pinVault');
    expect(await vault.save('other', '99', '99')).toBe(PIN_TOO_SHORT_MESSAGE);
    expect(store.data.get('tide.pinVault')).toBe(saved);
    expect(await vault.unlock('0000')).toBe('');
    expect(await vault.unlock('1234')).toBe(nsec);
    vault.clear();
    expect(vault.has()).toBe(false);
  }, 30_000);
});

describe('secure environment', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('without WebCrypto: not-secure-env, and the vault functions return ""', async () => {
    const sealed = await encryptWithPin('1234', nsec);
    vi.stubGlobal('crypto', undefined);
    expect(() => assertSecureEnvironment()).toThrow('not-secure-env');
    expect(await encryptWithPin('1234', nsec)).toBe('');
    expect(await decryptWithPin('1234', sealed)).toBe('');
  }, 30_000);
});
