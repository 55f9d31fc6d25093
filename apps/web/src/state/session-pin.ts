import type { LocalSigner } from '@tide/core/signers';
import { loadSigners, type SessionCore } from './session-core.ts';
import { DEVICE_KEYS, SESSION_KEYS, writeStoredAccount } from './session-storage.ts';

/** Unlocks the PIN-stored key; false for a wrong PIN or a damaged entry. */
export async function unlockWithPin(core: SessionCore, pin: string): Promise<boolean> {
  const { LocalSigner, PinVault } = await loadSigners();
  const nsec = await new PinVault(core.storage, SESSION_KEYS.pinVault).unlock(pin);
  if (!nsec) return false;
  let local: LocalSigner;
  try {
    local = LocalSigner.fromNsec(nsec);
  } catch {
    return false;
  }
  const publicKey = await local.getPublicKey();
  core.use(local, local);
  core.signedIn(publicKey, 'nsec', { pinLocked: false });
  return true;
}

/** The signed-in private key as an `nsec`, only when it is held here (not an extension or remote signer). */
export function revealNsec(core: SessionCore): string | null {
  return core.local?.hasKey ? core.local.exportNsec() : null;
}

/** Stores the signed-in key under a new PIN and drops it from the device vault; null, or the problem. */
export async function setPin(core: SessionCore, pin: string, confirmation: string): Promise<string | null> {
  const nsec = revealNsec(core);
  if (!nsec) return 'no-local-key';
  const { PinVault } = await loadSigners();
  const problem = await new PinVault(core.storage, SESSION_KEYS.pinVault).save(nsec, pin, confirmation);
  if (problem) return problem;
  const device = await core.device();
  await device?.remove(DEVICE_KEYS.nsec).catch(() => undefined);
  return null;
}

/** Removes the PIN: the key is kept under this browser's device key instead; false without a local key. */
export async function removePin(core: SessionCore): Promise<boolean> {
  const nsec = revealNsec(core);
  if (!nsec) return false;
  const device = await core.device();
  await device?.save(DEVICE_KEYS.nsec, nsec).catch(() => undefined);
  core.storage.removeItem(SESSION_KEYS.pinVault);
  return true;
}

/** Forgot PIN: erases the stored key; the user stays, browse-only, until signing in again. */
export function forgetStoredKey(core: SessionCore): void {
  core.storage.removeItem(SESSION_KEYS.pinVault);
  core.forgetDeviceKeys();
  core.use(null, null);
  const { publicKey } = core.store.getState();
  if (publicKey) writeStoredAccount(core.storage, publicKey, 'npub');
  core.store.getState().setAccount({
    method: publicKey ? 'npub' : null,
    canSign: false,
    pinLocked: false,
    pinPromptOpen: false,
  });
}
