/** Where the vault keeps its records: IndexedDB in the browser, a Map in tests (values are structured-cloned). */
export interface VaultRecords {
  get(name: string): Promise<unknown>;
  put(name: string, value: unknown): Promise<void>;
  delete(name: string): Promise<void>;
}

/** One encrypted secret: the device key that wraps it (non-extractable), the nonce and the ciphertext. */
interface SealedRecord {
  v: 1;
  key: CryptoKey;
  iv: Uint8Array;
  data: ArrayBuffer;
}

const DB_NAME = 'tide-keys';
const STORE = 'sealed';

/**
 * Keeps secrets (the nsec of a session without PIN, a NIP-46 client key) across reloads without clear text: each is
 * encrypted with AES-GCM under a fresh non-extractable WebCrypto key stored beside it in IndexedDB. The key's bytes
 * never leave the browser's crypto engine, so the records alone cannot be read; a PIN (the vault in localStorage)
 * stays the stronger option, since this key opens without the user.
 */
export class DeviceKeyVault {
  readonly #records: VaultRecords;
  readonly #subtle: SubtleCrypto;

  constructor(records: VaultRecords, subtle: SubtleCrypto = globalThis.crypto.subtle) {
    this.#records = records;
    this.#subtle = subtle;
  }

  /** Encrypts `secret` under a new non-extractable key and stores both under `name` (replacing what was there). */
  async save(name: string, secret: string): Promise<void> {
    const key = await this.#subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const data = await this.#subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(secret));
    const record: SealedRecord = { v: 1, key, iv, data };
    await this.#records.put(name, record);
  }

  /** The secret stored under `name`, or null (none, damaged, or the key cannot open it). */
  async load(name: string): Promise<string | null> {
    try {
      const record = (await this.#records.get(name)) as SealedRecord | undefined;
      if (record?.v !== 1) return null;
      const iv = new Uint8Array(record.iv);
      const plain = await this.#subtle.decrypt({ name: 'AES-GCM', iv }, record.key, record.data);
      return new TextDecoder().decode(plain);
    } catch {
      return null;
    }
  }

  /** Deletes the secret stored under `name` (its key goes with it). */
  async remove(name: string): Promise<void> {
    try {
      await this.#records.delete(name);
    } catch {
      // Nothing stored, or storage blocked: nothing to delete.
    }
  }
}

/** A Map-backed {@link VaultRecords} (tests; and where IndexedDB is missing, so the vault keeps nothing). */
export function memoryRecords(map = new Map<string, unknown>()): VaultRecords {
  return {
    get: async (name) => map.get(name),
    put: async (name, value) => {
      map.set(name, value);
    },
    delete: async (name) => {
      map.delete(name);
    },
  };
}

/** IndexedDB-backed records (database `tide-keys`, store `sealed`), opened on first use. */
export function indexedDbRecords(): VaultRecords {
  let db: Promise<import('idb').IDBPDatabase> | null = null;
  const open = () => {
    db ??= import('idb').then(({ openDB }) =>
      openDB(DB_NAME, 1, {
        upgrade(database) {
          database.createObjectStore(STORE);
        },
      }),
    );
    return db;
  };
  return {
    get: async (name) => (await open()).get(STORE, name),
    put: async (name, value) => {
      await (await open()).put(STORE, value, name);
    },
    delete: async (name) => {
      await (await open()).delete(STORE, name);
    },
  };
}

/** The page's vault over IndexedDB; null where IndexedDB or WebCrypto is unavailable (no secure context). */
export function browserDeviceKeyVault(): DeviceKeyVault | null {
  if (typeof indexedDB === 'undefined' || !globalThis.crypto?.subtle) return null;
  return new DeviceKeyVault(indexedDbRecords());
}
