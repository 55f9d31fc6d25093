import type { ExtensionLookupOptions, LocalSigner, Nip46Options, Nip46Signer, Signer } from '@tide/core/signers';
import type { DeviceKeyVault } from './device-key-vault.ts';
import { DEVICE_KEYS, type SessionStorage, writeStoredAccount } from './session-storage.ts';
import type { SessionAccount, SessionStore, SignInMethod } from './session-store.ts';

// The signers (secp256k1, AES, PBKDF2) load only when someone signs in or a stored session is restored; one local
// module keeps them in one lazy chunk.
/** Loads the signers chunk (local key, extension, PIN vault, device vault, NIP-19). */
export const loadSigners = () => import('./session-signers.ts');
/** Loads the remote signer (NIP-46) chunk, only for someone who signs in with one. */
export const loadNip46 = () => import('./session-nip46.ts');

/** A connected remote signer (NIP-46). */
export type RemoteSigner = Nip46Signer;

/** What {@link SessionCore} is made from: the store, storage and the options of the session controller. */
export interface SessionCoreOptions {
  store: SessionStore;
  storage: SessionStorage;
  extension?: ExtensionLookupOptions;
  deviceVault?: () => Promise<DeviceKeyVault | null>;
  remote?: Nip46Options;
}

/**
 * What every part of the session shares: the store, storage and options, and the signer held now (a private field:
 * the store only ever sees public data). The sign-in, PIN and restore modules work through it.
 */
export class SessionCore {
  #signer: Signer | null = null;
  #local: LocalSigner | null = null;
  #remote: RemoteSigner | null = null;
  readonly store: SessionStore;
  readonly storage: SessionStorage;
  readonly extension: ExtensionLookupOptions;
  readonly remoteOptions: Nip46Options;
  readonly #deviceVault: () => Promise<DeviceKeyVault | null>;

  constructor(options: SessionCoreOptions) {
    this.store = options.store;
    this.storage = options.storage;
    this.extension = options.extension ?? {};
    this.#deviceVault = options.deviceVault ?? (() => loadSigners().then((m) => m.browserDeviceKeyVault()));
    this.remoteOptions = options.remote ?? {};
  }

  /** The signer that can sign now, or null (guest, browse-only, PIN not entered yet). */
  get signer(): Signer | null {
    return this.#signer;
  }

  /** The private key held here, or null (an extension or remote signer, or none). */
  get local(): LocalSigner | null {
    return this.#local;
  }

  /** The device vault, or null when it cannot be opened. */
  device(): Promise<DeviceKeyVault | null> {
    return this.#deviceVault().catch(() => null);
  }

  /** Deletes every key the device vault keeps (logout, another sign-in method, forgot PIN). */
  forgetDeviceKeys(): void {
    void this.#deviceVault()
      .then((device) => Promise.all([device?.remove(DEVICE_KEYS.nsec), device?.remove(DEVICE_KEYS.nip46)]))
      .catch(() => undefined);
  }

  /** Holds `signer` (and `local` when the key is here, `remote` for a NIP-46 signer); forgets or closes the old one. */
  use(signer: Signer | null, local: LocalSigner | null, remote?: RemoteSigner): void {
    if (this.#local && this.#local !== local) this.#local.forget();
    if (this.#remote && this.#remote !== signer) {
      this.#remote.close();
      this.#remote = null;
    }
    this.#signer = signer;
    this.#local = local;
    if (remote) this.#remote = remote;
  }

  /** Remembers the account in storage and shows it signed in (can sign when a signer is held). */
  signedIn(publicKey: string, method: SignInMethod, extra: Partial<SessionAccount>): void {
    writeStoredAccount(this.storage, publicKey, method);
    this.store.getState().setAccount({
      publicKey,
      method,
      canSign: this.#signer !== null,
      pinPromptOpen: false,
      keyLookupDone: true,
      ...extra,
    });
  }
}
