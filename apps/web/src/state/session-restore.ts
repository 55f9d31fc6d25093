import { loadSigners, type SessionCore } from './session-core.ts';
import { hasStoredPinKey } from './session-storage.ts';

/**
 * Start-up key lookup (spec §4): a session made with the extension looks for it (4 tries, 250 ms apart); missing,
 * it falls back to a PIN-stored key, else browse-only; an error fetching the public key calls `logout`. An nsec
 * session without PIN or a NIP-46 session comes back from the device vault; a PIN-stored key waits for the PIN.
 */
export async function restoreSession(core: SessionCore, logout: () => void): Promise<void> {
  const state = core.store.getState();
  if (state.method === 'extension') {
    const { Nip07Signer, SignerError } = await loadSigners();
    const signer = new Nip07Signer(core.extension);
    try {
      const publicKey = await signer.getPublicKey();
      core.use(signer, null);
      core.signedIn(publicKey, 'extension', { pinLocked: false });
    } catch (error) {
      if (error instanceof SignerError && error.code === 'no_nostr_extension') {
        const pinLocked = hasStoredPinKey(core.storage);
        state.setAccount({ canSign: false, pinLocked, pinPromptOpen: pinLocked });
      } else {
        logout();
      }
    }
  } else if (state.method === 'nsec' && !state.pinLocked && state.publicKey) {
    await restoreFromDevice(core, state.publicKey, 'nsec');
  } else if (state.method === 'nip46' && state.publicKey) {
    await restoreFromDevice(core, state.publicKey, 'nip46');
  }
  core.store.getState().setAccount({ keyLookupDone: true });
}

/** An nsec session without PIN (the device-sealed key) or a NIP-46 session signs again, if still this user's. */
async function restoreFromDevice(core: SessionCore, publicKey: string, method: 'nsec' | 'nip46'): Promise<void> {
  const { restoreDeviceSigner, restoreDeviceRemote } = await import('./device-session.ts');
  const vault = await core.device();
  const signer =
    method === 'nsec'
      ? await restoreDeviceSigner(vault, publicKey)
      : await restoreDeviceRemote(vault, publicKey, core.remoteOptions);
  if (!signer) return;
  if (core.store.getState().publicKey !== publicKey) {
    if ('forget' in signer) signer.forget();
    else signer.close();
    return;
  }
  if ('forget' in signer) core.use(signer, signer);
  else core.use(signer, null, signer);
  core.signedIn(publicKey, method, { pinLocked: false });
}
