import type { ExtensionLookupOptions, Nip46Options, Signer } from '@tide/core/signers';
import type { DeviceKeyVault } from './device-key-vault.ts';
import { SessionCore } from './session-core.ts';
import { forgetStoredKey, removePin, revealNsec, setPin, unlockWithPin } from './session-pin.ts';
import { type NostrConnectFlow, signInWithBunker, startNostrConnect } from './session-remote.ts';
import { restoreSession } from './session-restore.ts';
import { findExtension, signInWithExtension, signInWithNsec, signInWithPublicKey } from './session-sign-in.ts';
import { clearStoredAccount, hasStoredPinKey, type SessionStorage } from './session-storage.ts';
import { GUEST_ACCOUNT, type SessionStore } from './session-store.ts';

export type { NostrConnectFlow } from './session-remote.ts';

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
  remote?: Nip46Options;
}

/**
 * The one session: signs in with a private key (kept in memory; with a PIN, the vault's encrypted string goes to
 * localStorage, never the key), the signer extension (NIP-07), a remote signer (NIP-46) or a public key
 * (browse-only); restores the session at start; unlocks a PIN-stored key; logs out. The signer is held in a private
 * field (session-core.ts): the store (and devMode's `window.tide`) only ever sees public data. The work is done by
 * session-sign-in.ts, session-remote.ts, session-pin.ts and session-restore.ts.
 */
export class SessionController {
  readonly #core: SessionCore;

  constructor(options: SessionControllerOptions) {
    this.#core = new SessionCore(options);
  }

  /** The signer that can sign now, or null (guest, browse-only, PIN not entered yet). */
  get signer(): Signer | null {
    return this.#core.signer;
  }

  /**
   * Signs in with an `nsec`: the key stays in memory; with a `pin` it is also stored PIN-encrypted for later visits,
   * without one it is kept encrypted under this browser's non-extractable device key (IndexedDB) so a reload keeps
   * the user signed in. Throws SignerError 'invalid-nsec' ('Please enter a valid private key') or the vault's message.
   */
  signInWithNsec(nsec: string, pin?: string): Promise<void> {
    return signInWithNsec(this.#core, nsec, pin);
  }

  /** Signs in with the signer extension (looked up 4 times, 250 ms apart); rethrows the lookup or key error. */
  signInWithExtension(): Promise<void> {
    return signInWithExtension(this.#core);
  }

  /** Browse-only with a public key (`npub1…`, `nprofile1…` or 64 hex): reading works, nothing can be signed. */
  signInWithPublicKey(input: string): Promise<boolean> {
    return signInWithPublicKey(this.#core, input);
  }

  /**
   * Signs in through a remote signer (NIP-46) from a `bunker://` URL: connects with its secret and asks for the
   * user's key. The session (its own client key, never the user's) is kept encrypted under the device key so a
   * reload reconnects. Throws for a URL that is not one ('invalid-bunker') or the remote signer's refusal.
   */
  signInWithBunker(url: string, onAuthUrl?: (url: string) => void): Promise<void> {
    return signInWithBunker(this.#core, url, onAuthUrl);
  }

  /**
   * Starts a `nostrconnect://` sign-in over `relays`: show `uri` (QR code) and await `done`, which signs in once the
   * user's remote signer answers. `cancel()` stops waiting.
   */
  startNostrConnect(relays: string[], name: string): Promise<NostrConnectFlow> {
    return startNostrConnect(this.#core, relays, name);
  }

  /** True when the signer extension shows up within the lookup (4 × 250 ms): the login dialog offers it then. */
  findExtension(): Promise<boolean> {
    return findExtension(this.#core);
  }

  /** Unlocks the PIN-stored key; false for a wrong PIN (the dialog says so) or a damaged entry. */
  unlock(pin: string): Promise<boolean> {
    return unlockWithPin(this.#core, pin);
  }

  /** The signed-in private key as an `nsec`, only when it is held here (not an extension or remote signer). */
  revealNsec(): string | null {
    return revealNsec(this.#core);
  }

  /** True when the private key is stored encrypted under a PIN. */
  hasPin(): boolean {
    return hasStoredPinKey(this.#core.storage);
  }

  /**
   * Creates or changes the PIN of the signed-in private key: it is stored PIN-encrypted and no longer under the
   * device key. Resolves null, or the problem ('PIN must be at least 4 characters', "PINs don't match", no local key).
   */
  setPin(pin: string, confirmation: string): Promise<string | null> {
    return setPin(this.#core, pin, confirmation);
  }

  /** Removes the PIN: the key is kept under this browser's device key instead (a reload still signs in). */
  removePin(): Promise<boolean> {
    return removePin(this.#core);
  }

  /** Forgot PIN (after confirmation): erases the stored key; the user stays, browse-only, until signing in again. */
  forgetStoredKey(): void {
    forgetStoredKey(this.#core);
  }

  /** Logout (spec §4): clears the secret key, the public key and the stored keys (PIN vault, device vault). */
  logout(): void {
    const core = this.#core;
    core.use(null, null);
    clearStoredAccount(core.storage);
    core.forgetDeviceKeys();
    core.store.getState().setAccount({ ...GUEST_ACCOUNT, keyLookupDone: true });
  }

  /**
   * For an action that needs the key: 'ready' when a signer can sign; with a PIN-stored key the Enter PIN dialog
   * opens ('pin', spec §4 mute rule); otherwise 'none' (the caller shows the sign-in toast).
   */
  requestSigner(): SignerRequest {
    const state = this.#core.store.getState();
    if (state.canSign && this.#core.signer) return 'ready';
    if (state.pinLocked) {
      state.setAccount({ pinPromptOpen: true });
      return 'pin';
    }
    return 'none';
  }

  /** Closes the Enter PIN dialog without unlocking (the user reads on with the public key). */
  dismissPinPrompt(): void {
    this.#core.store.getState().setAccount({ pinPromptOpen: false });
  }

  /**
   * Start-up key lookup (spec §4): a session made with the extension looks for it (4 tries, 250 ms apart); missing,
   * it falls back to a PIN-stored key, else browse-only; an error fetching the public key clears the key. A
   * PIN-stored key waits for the Enter PIN dialog (already open from the stored account).
   */
  restore(): Promise<void> {
    return restoreSession(this.#core, () => this.logout());
  }
}
