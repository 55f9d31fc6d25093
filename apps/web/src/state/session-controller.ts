import type { ExtensionLookupOptions, LocalSigner, Signer } from '@tide/core/signers';
import type { DeviceKeyVault } from './device-key-vault.ts';
import {
  clearStoredAccount,
  DEVICE_KEYS,
  hasStoredPinKey,
  SESSION_KEYS,
  type SessionStorage,
  writeStoredAccount,
} from './session-storage.ts';
import { GUEST_ACCOUNT, type SessionAccount, type SessionStore, type SignInMethod } from './session-store.ts';

// The signers (secp256k1, AES, PBKDF2) load only when someone signs in or a stored session is restored; one local
// module keeps them in one lazy chunk.
const loadSigners = () => import('./session-signers.ts');
// The remote signer (NIP-46) loads only for someone who signs in with one.
const loadNip46 = () => import('./session-nip46.ts');

type RemoteSigner = import('@tide/core/signers').Nip46Signer;

/** A `nostrconnect://` sign-in in progress: the URI to show as a QR code, the wait, and how to stop it. */
export interface NostrConnectFlow {
  uri: string;
  /** Resolves once a remote signer connected and the user is signed in. */
  done: Promise<void>;
  cancel(): void;
}

/** What an action that needs the key gets: a signer now, the PIN prompt opened, or no key at all. */
export type SignerRequest = 'ready' | 'pin' | 'none';

/** Options of {@link SessionController}. */
export interface SessionControllerOptions {
  store: SessionStore;
  storage: SessionStorage;
  /** How the signer extension is looked up (tests pass a fast sleep); default: `window.nostr`, 4 × 250 ms. */
  extension?: ExtensionLookupOptions;
  /** The vault that keeps a key without PIN across reloads (default: IndexedDB); null keeps nothing. */
  deviceVault?: () => Promise<DeviceKeyVault | null>;
  /** Options of remote signers (tests pass Node's WebSocket and short timeouts). */
  remote?: import('@tide/core/signers').Nip46Options;
}

/**
 * The one session: signs in with a private key (kept in memory; with a PIN, the vault's encrypted string goes to
 * localStorage, never the key), the signer extension (NIP-07) or a public key (browse-only); restores the session at
 * start; unlocks a PIN-stored key; logs out. The signer is a private field here: the store (and devMode's
 * `window.tide`) only ever sees public data.
 */
export class SessionController {
  #signer: Signer | null = null;
  #local: LocalSigner | null = null;
  #remote: RemoteSigner | null = null;
  readonly #store: SessionStore;
  readonly #storage: SessionStorage;
  readonly #extension: ExtensionLookupOptions;
  readonly #deviceVault: () => Promise<DeviceKeyVault | null>;
  readonly #remoteOptions: import('@tide/core/signers').Nip46Options;

  constructor(options: SessionControllerOptions) {
    this.#store = options.store;
    this.#storage = options.storage;
    this.#extension = options.extension ?? {};
    this.#deviceVault = options.deviceVault ?? (() => loadSigners().then((m) => m.browserDeviceKeyVault()));
    this.#remoteOptions = options.remote ?? {};
  }

  /** The signer that can sign now, or null (guest, browse-only, PIN not entered yet). */
  get signer(): Signer | null {
    return this.#signer;
  }

  /**
   * Signs in with an `nsec`: the key stays in memory; with a `pin` it is also stored PIN-encrypted for later visits,
   * without one it is kept encrypted under this browser's non-extractable device key (IndexedDB) so a reload keeps
   * the user signed in. Throws SignerError 'invalid-nsec' ('Please enter a valid private key') or the vault's message.
   */
  async signInWithNsec(nsec: string, pin?: string): Promise<void> {
    const { LocalSigner, PinVault } = await loadSigners();
    const local = LocalSigner.fromNsec(nsec);
    const publicKey = await local.getPublicKey();
    const vault = new PinVault(this.#storage, SESSION_KEYS.pinVault);
    const device = await this.#deviceVault().catch(() => null);
    if (pin === undefined) {
      vault.clear();
      await device?.save(DEVICE_KEYS.nsec, nsec.trim()).catch(() => undefined);
    } else {
      const problem = await vault.save(nsec.trim(), pin, pin);
      if (problem) {
        local.forget();
        throw new Error(problem);
      }
      await device?.remove(DEVICE_KEYS.nsec);
    }
    this.#use(local, local);
    this.#signedIn(publicKey, 'nsec', { pinLocked: false });
  }

  /** Signs in with the signer extension (looked up 4 times, 250 ms apart); rethrows the lookup or key error. */
  async signInWithExtension(): Promise<void> {
    const { Nip07Signer } = await loadSigners();
    const signer = new Nip07Signer(this.#extension);
    const publicKey = await signer.getPublicKey();
    this.#storage.removeItem(SESSION_KEYS.pinVault);
    this.#forgetDeviceKeys();
    this.#use(signer, null);
    this.#signedIn(publicKey, 'extension', { pinLocked: false });
  }

  /** Browse-only with a public key (`npub1…`, `nprofile1…` or 64 hex): reading works, nothing can be signed. */
  async signInWithPublicKey(input: string): Promise<boolean> {
    const { tryDecodeNip19 } = await loadSigners();
    const text = input.trim();
    const decoded = /^[0-9a-f]{64}$/.test(text) ? null : tryDecodeNip19(text);
    const publicKey =
      decoded?.type === 'npub' ? decoded.data : decoded?.type === 'nprofile' ? decoded.data.pubkey : text;
    if (!/^[0-9a-f]{64}$/.test(publicKey)) return false;
    this.#storage.removeItem(SESSION_KEYS.pinVault);
    this.#forgetDeviceKeys();
    this.#use(null, null);
    this.#signedIn(publicKey, 'npub', { pinLocked: false });
    return true;
  }

  /**
   * Signs in through a remote signer (NIP-46) from a `bunker://` URL: connects with its secret and asks for the
   * user's key. The session (its own client key, never the user's) is kept encrypted under the device key so a
   * reload reconnects. Throws for a URL that is not one ('invalid-bunker') or the remote signer's refusal.
   */
  async signInWithBunker(url: string, onAuthUrl?: (url: string) => void): Promise<void> {
    const { Nip46Signer, parseBunkerUrl } = await loadNip46();
    const pointer = parseBunkerUrl(url);
    if (!pointer) throw new Error('invalid-bunker');
    const remote = await Nip46Signer.connectBunker(pointer, { ...this.#remoteOptions, onAuthUrl });
    await this.#adoptRemote(remote);
  }

  /**
   * Starts a `nostrconnect://` sign-in over `relays`: show `uri` (QR code) and await `done`, which signs in once the
   * user's remote signer answers. `cancel()` stops waiting.
   */
  async startNostrConnect(relays: string[], name: string): Promise<NostrConnectFlow> {
    const { Nip46Signer } = await loadNip46();
    const flow = Nip46Signer.nostrConnect(relays, {
      ...this.#remoteOptions,
      name,
      perms: ['sign_event', 'nip04_encrypt', 'nip04_decrypt', 'nip44_encrypt', 'nip44_decrypt'],
    });
    const done = flow.connected.then((remote) => this.#adoptRemote(remote));
    await flow.listening;
    return { uri: flow.uri, done, cancel: flow.cancel };
  }

  async #adoptRemote(remote: RemoteSigner): Promise<void> {
    const publicKey = await remote.getPublicKey();
    this.#storage.removeItem(SESSION_KEYS.pinVault);
    const device = await this.#deviceVault().catch(() => null);
    await device?.remove(DEVICE_KEYS.nsec);
    await device?.save(DEVICE_KEYS.nip46, JSON.stringify(remote.state)).catch(() => undefined);
    this.#use(remote, null);
    this.#remote = remote;
    this.#signedIn(publicKey, 'nip46', { pinLocked: false });
  }

  /** True when the signer extension shows up within the lookup (4 × 250 ms): the login dialog offers it then. */
  async findExtension(): Promise<boolean> {
    const { findNostrExtension } = await loadSigners();
    return findNostrExtension(this.#extension).then(
      () => true,
      () => false,
    );
  }

  /** Unlocks the PIN-stored key; false for a wrong PIN (the dialog says so) or a damaged entry. */
  async unlock(pin: string): Promise<boolean> {
    const { LocalSigner, PinVault } = await loadSigners();
    const nsec = await new PinVault(this.#storage, SESSION_KEYS.pinVault).unlock(pin);
    if (!nsec) return false;
    let local: LocalSigner;
    try {
      local = LocalSigner.fromNsec(nsec);
    } catch {
      return false;
    }
    const publicKey = await local.getPublicKey();
    this.#use(local, local);
    this.#signedIn(publicKey, 'nsec', { pinLocked: false });
    return true;
  }

  /** The signed-in private key as an `nsec`, only when it is held here (not an extension or remote signer). */
  revealNsec(): string | null {
    return this.#local?.hasKey ? this.#local.exportNsec() : null;
  }

  /** True when the private key is stored encrypted under a PIN. */
  hasPin(): boolean {
    return hasStoredPinKey(this.#storage);
  }

  /**
   * Creates or changes the PIN of the signed-in private key: it is stored PIN-encrypted and no longer under the
   * device key. Resolves null, or the problem ('PIN must be at least 4 characters', "PINs don't match", no local key).
   */
  async setPin(pin: string, confirmation: string): Promise<string | null> {
    const nsec = this.revealNsec();
    if (!nsec) return 'no-local-key';
    const { PinVault } = await loadSigners();
    const problem = await new PinVault(this.#storage, SESSION_KEYS.pinVault).save(nsec, pin, confirmation);
    if (problem) return problem;
    const device = await this.#deviceVault().catch(() => null);
    await device?.remove(DEVICE_KEYS.nsec).catch(() => undefined);
    return null;
  }

  /** Removes the PIN: the key is kept under this browser's device key instead (a reload still signs in). */
  async removePin(): Promise<boolean> {
    const nsec = this.revealNsec();
    if (!nsec) return false;
    const device = await this.#deviceVault().catch(() => null);
    await device?.save(DEVICE_KEYS.nsec, nsec).catch(() => undefined);
    this.#storage.removeItem(SESSION_KEYS.pinVault);
    return true;
  }

  /** Forgot PIN (after confirmation): erases the stored key; the user stays, browse-only, until signing in again. */
  forgetStoredKey(): void {
    this.#storage.removeItem(SESSION_KEYS.pinVault);
    this.#forgetDeviceKeys();
    this.#use(null, null);
    const { publicKey } = this.#store.getState();
    if (publicKey) writeStoredAccount(this.#storage, publicKey, 'npub');
    this.#store.getState().setAccount({
      method: publicKey ? 'npub' : null,
      canSign: false,
      pinLocked: false,
      pinPromptOpen: false,
    });
  }

  /** Logout (spec §4): clears the secret key, the public key and the stored keys (PIN vault, device vault). */
  logout(): void {
    this.#use(null, null);
    clearStoredAccount(this.#storage);
    this.#forgetDeviceKeys();
    this.#store.getState().setAccount({ ...GUEST_ACCOUNT, keyLookupDone: true });
  }

  /**
   * For an action that needs the key: 'ready' when a signer can sign; with a PIN-stored key the Enter PIN dialog
   * opens ('pin', spec §4 mute rule); otherwise 'none' (the caller shows the sign-in toast).
   */
  requestSigner(): SignerRequest {
    const state = this.#store.getState();
    if (state.canSign && this.#signer) return 'ready';
    if (state.pinLocked) {
      state.setAccount({ pinPromptOpen: true });
      return 'pin';
    }
    return 'none';
  }

  /** Closes the Enter PIN dialog without unlocking (the user reads on with the public key). */
  dismissPinPrompt(): void {
    this.#store.getState().setAccount({ pinPromptOpen: false });
  }

  /**
   * Start-up key lookup (spec §4): a session made with the extension looks for it (4 tries, 250 ms apart); missing,
   * it falls back to a PIN-stored key, else browse-only; an error fetching the public key clears the key. A
   * PIN-stored key waits for the Enter PIN dialog (already open from the stored account).
   */
  async restore(): Promise<void> {
    const state = this.#store.getState();
    if (state.method === 'extension') {
      const { Nip07Signer, SignerError } = await loadSigners();
      const signer = new Nip07Signer(this.#extension);
      try {
        const publicKey = await signer.getPublicKey();
        this.#use(signer, null);
        this.#signedIn(publicKey, 'extension', { pinLocked: false });
      } catch (error) {
        if (error instanceof SignerError && error.code === 'no_nostr_extension') {
          const pinLocked = hasStoredPinKey(this.#storage);
          state.setAccount({ canSign: false, pinLocked, pinPromptOpen: pinLocked });
        } else {
          this.logout();
        }
      }
    } else if (state.method === 'nsec' && !state.pinLocked && state.publicKey) {
      await this.#restoreFromDevice(state.publicKey, 'nsec');
    } else if (state.method === 'nip46' && state.publicKey) {
      await this.#restoreFromDevice(state.publicKey, 'nip46');
    }
    this.#store.getState().setAccount({ keyLookupDone: true });
  }

  /** An nsec session without PIN (the device-sealed key) or a NIP-46 session signs again, if still this user's. */
  async #restoreFromDevice(publicKey: string, method: 'nsec' | 'nip46'): Promise<void> {
    const { restoreDeviceSigner, restoreDeviceRemote } = await import('./device-session.ts');
    const vault = await this.#deviceVault().catch(() => null);
    const signer =
      method === 'nsec'
        ? await restoreDeviceSigner(vault, publicKey)
        : await restoreDeviceRemote(vault, publicKey, this.#remoteOptions);
    if (!signer) return;
    if (this.#store.getState().publicKey !== publicKey) {
      if ('forget' in signer) signer.forget();
      else signer.close();
      return;
    }
    if ('forget' in signer) this.#use(signer, signer);
    else {
      this.#use(signer, null);
      this.#remote = signer;
    }
    this.#signedIn(publicKey, method, { pinLocked: false });
  }

  /** Deletes every key the device vault keeps (logout, another sign-in method, forgot PIN). */
  #forgetDeviceKeys(): void {
    void this.#deviceVault()
      .then((device) => Promise.all([device?.remove(DEVICE_KEYS.nsec), device?.remove(DEVICE_KEYS.nip46)]))
      .catch(() => undefined);
  }

  #use(signer: Signer | null, local: LocalSigner | null): void {
    if (this.#local && this.#local !== local) this.#local.forget();
    if (this.#remote && this.#remote !== signer) {
      this.#remote.close();
      this.#remote = null;
    }
    this.#signer = signer;
    this.#local = local;
  }

  #signedIn(publicKey: string, method: SignInMethod, extra: Partial<SessionAccount>): void {
    writeStoredAccount(this.#storage, publicKey, method);
    this.#store.getState().setAccount({
      publicKey,
      method,
      canSign: this.#signer !== null,
      pinPromptOpen: false,
      keyLookupDone: true,
      ...extra,
    });
  }
}
