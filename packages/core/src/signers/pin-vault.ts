import { base64 } from '@scure/base';
import { SignerError, SignerErrorCode } from './signer.ts';

/** Fixed prefix of every PIN-encrypted value (spec §5). */
export const PIN_VAULT_PREFIX = 'tide-pin-v1:';

/** PBKDF2-SHA256 iterations used to derive the AES key from a PIN. */
export const PIN_PBKDF2_ITERATIONS = 600_000;

/** Shortest accepted PIN (spec §9). */
export const PIN_MIN_LENGTH = 4;

/** Message for a PIN that is too short (spec §5). */
export const PIN_TOO_SHORT_MESSAGE = 'PIN must be at least 4 characters';

/** Message for a confirmation that differs (spec §5). */
export const PIN_MISMATCH_MESSAGE = "PINs don't match";

const SALT_BYTES = 16;
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** The PIN form's error message, or null when the PIN (and its confirmation, if given) is acceptable. */
export function pinError(pin: string, confirmation?: string): string | null {
  if (typeof pin !== 'string' || pin.length < PIN_MIN_LENGTH) return PIN_TOO_SHORT_MESSAGE;
  if (confirmation !== undefined && confirmation !== pin) return PIN_MISMATCH_MESSAGE;
  return null;
}

/** True where WebCrypto (`crypto.subtle`) is available: secure browser contexts and Node. */
export function isSecureEnvironment(): boolean {
  return typeof globalThis.crypto?.subtle?.importKey === 'function';
}

/** Throws SignerError `not-secure-env` where WebCrypto is missing (e.g. a page served over plain http). */
export function assertSecureEnvironment(): void {
  if (!isSecureEnvironment()) throw new SignerError(SignerErrorCode.NotSecureEnv);
}

function subtle(): SubtleCrypto {
  assertSecureEnvironment();
  return globalThis.crypto.subtle;
}

async function deriveKey(pin: string, salt: Uint8Array<ArrayBuffer>, usage: KeyUsage): Promise<CryptoKey> {
  const s = subtle();
  const material = await s.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveKey']);
  return s.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: PIN_PBKDF2_ITERATIONS },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/**
 * Encrypts a secret under a PIN: PBKDF2-SHA256 (600,000 iterations, random 16-byte salt) → AES-256-GCM (random
 * 12-byte IV), stored as PIN_VAULT_PREFIX + base64(salt ‖ iv ‖ ciphertext). Any failure (short PIN, empty secret,
 * no WebCrypto) yields '' (spec §8), never an exception.
 */
export async function encryptWithPin(pin: string, secret: string): Promise<string> {
  try {
    if (pinError(pin) !== null || typeof secret !== 'string' || secret === '') return '';
    const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const key = await deriveKey(pin, salt, 'encrypt');
    const ct = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(secret)));
    const out = new Uint8Array(SALT_BYTES + IV_BYTES + ct.length);
    out.set(salt, 0);
    out.set(iv, SALT_BYTES);
    out.set(ct, SALT_BYTES + IV_BYTES);
    return PIN_VAULT_PREFIX + base64.encode(out);
  } catch {
    return '';
  }
}

/** Decrypts a value made by encryptWithPin; a wrong PIN, missing prefix or corrupt value yields '' (never throws). */
export async function decryptWithPin(pin: string, stored: string): Promise<string> {
  try {
    if (typeof pin !== 'string' || typeof stored !== 'string' || !stored.startsWith(PIN_VAULT_PREFIX)) return '';
    const data = base64.decode(stored.slice(PIN_VAULT_PREFIX.length));
    if (data.length <= SALT_BYTES + IV_BYTES + 16) return '';
    const salt = data.slice(0, SALT_BYTES);
    const iv = data.slice(SALT_BYTES, SALT_BYTES + IV_BYTES);
    const ct = data.slice(SALT_BYTES + IV_BYTES);
    const key = await deriveKey(pin, salt, 'decrypt');
    return decoder.decode(await subtle().decrypt({ name: 'AES-GCM', iv }, key, ct));
  } catch {
    return '';
  }
}

/** True when a stored string carries the PIN-vault prefix. */
export function isPinEncrypted(stored: string | null | undefined): boolean {
  return typeof stored === 'string' && stored.startsWith(PIN_VAULT_PREFIX);
}

/** The slice of `localStorage` the vault needs; inject a Map-backed one in tests. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Keeps one PIN-encrypted secret (an nsec) in a key-value store under `storageKey`. */
export class PinVault {
  constructor(
    private readonly store: KeyValueStore,
    private readonly storageKey = 'tide.pinVault',
  ) {}

  /** True when an encrypted secret is stored. */
  has(): boolean {
    return isPinEncrypted(this.store.getItem(this.storageKey));
  }

  /**
   * Encrypts and stores `secret` after checking the PIN and its confirmation. Resolves to null on success or the
   * form's error message ('PIN must be at least 4 characters', "PINs don't match", or a storage failure); the
   * previously stored value is kept on any failure.
   */
  async save(secret: string, pin: string, confirmation?: string): Promise<string | null> {
    const problem = pinError(pin, confirmation);
    if (problem) return problem;
    const encrypted = await encryptWithPin(pin, secret);
    if (!encrypted) return 'Failed to encrypt the key';
    this.store.setItem(this.storageKey, encrypted);
    return null;
  }

  /** The stored secret for a PIN, or '' for a wrong PIN, nothing stored or a corrupt value. */
  async unlock(pin: string): Promise<string> {
    const stored = this.store.getItem(this.storageKey);
    return stored ? decryptWithPin(pin, stored) : '';
  }

  /** Removes the stored secret. */
  clear(): void {
    this.store.removeItem(this.storageKey);
  }
}
