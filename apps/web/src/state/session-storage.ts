import type { SessionAccount, SignInMethod } from './session-store.ts';

/** The slice of `localStorage` the session needs (the PIN vault's store has the same shape). */
export interface SessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage keys of the session: the public key, how it signed in, the PIN vault's encrypted key. */
export const SESSION_KEYS = {
  publicKey: 'pubkey',
  method: 'signInMethod',
  pinVault: 'tide.pinVault',
} as const;

/** Names of the device vault's sealed records (IndexedDB, see device-key-vault.ts): an nsec, a NIP-46 session. */
export const DEVICE_KEYS = { nsec: 'nsec', nip46: 'nip46' } as const;

const HEX64 = /^[0-9a-f]{64}$/;
const METHODS: readonly SignInMethod[] = ['nsec', 'extension', 'nip46', 'npub'];

/** `localStorage`, quietly doing nothing where storage is unavailable (private mode, blocked cookies). */
export const browserStorage: SessionStorage = {
  getItem: (key) => {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem: (key, value) => {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage full or blocked: the session still works for this page load.
    }
  },
  removeItem: (key) => {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing stored then.
    }
  },
};

/**
 * The PIN vault's fixed prefix (core's PIN_VAULT_PREFIX, kept here so the first screen does not load the signers;
 * a test keeps both equal).
 */
export const STORED_PIN_KEY_PREFIX = 'tide-pin-v1:';

/** True when a PIN-encrypted key is stored (the vault's fixed prefix). */
export function hasStoredPinKey(storage: SessionStorage): boolean {
  return storage.getItem(SESSION_KEYS.pinVault)?.startsWith(STORED_PIN_KEY_PREFIX) === true;
}

/**
 * The account remembered from the last visit, read synchronously so the first screen already reads as that user:
 * the public key and method, and, for a PIN-stored key, the Enter PIN prompt open at start (spec §4 signer lookup).
 * Anything malformed gives a guest.
 */
export function readStoredAccount(storage: SessionStorage): Partial<SessionAccount> {
  const publicKey = storage.getItem(SESSION_KEYS.publicKey);
  const method = storage.getItem(SESSION_KEYS.method) as SignInMethod | null;
  if (!publicKey || !HEX64.test(publicKey) || !method || !METHODS.includes(method)) return {};
  const pinLocked = method === 'nsec' && hasStoredPinKey(storage);
  return { publicKey, method, pinLocked, pinPromptOpen: pinLocked };
}

/** Remembers the public key and how it signed in (never a secret key). */
export function writeStoredAccount(storage: SessionStorage, publicKey: string, method: SignInMethod): void {
  storage.setItem(SESSION_KEYS.publicKey, publicKey);
  storage.setItem(SESSION_KEYS.method, method);
}

/** Forgets the remembered account and the PIN-stored key. */
export function clearStoredAccount(storage: SessionStorage): void {
  storage.removeItem(SESSION_KEYS.publicKey);
  storage.removeItem(SESSION_KEYS.method);
  storage.removeItem(SESSION_KEYS.pinVault);
}
