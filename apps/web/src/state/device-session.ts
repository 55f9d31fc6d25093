import type { LocalSigner, Nip46Options, Nip46Signer, Nip46State } from '@tide/core/signers';
import type { DeviceKeyVault } from './device-key-vault.ts';
import { DEVICE_KEYS } from './session-storage.ts';

// What the device vault brings back at start (loaded with the signers, never on a guest's first screen).

/** The nsec kept under the device key as a signer, if it is `publicKey`'s; null otherwise (none, damaged, other). */
export async function restoreDeviceSigner(
  vault: DeviceKeyVault | null,
  publicKey: string,
): Promise<LocalSigner | null> {
  const nsec = await vault?.load(DEVICE_KEYS.nsec);
  if (!nsec) return null;
  const { LocalSigner } = await import('./session-signers.ts');
  try {
    const local = LocalSigner.fromNsec(nsec);
    if ((await local.getPublicKey()) === publicKey) return local;
    local.forget();
  } catch {
    // A damaged entry: the user stays browse-only until signing in again.
  }
  return null;
}

/** The saved NIP-46 session as a remote signer, if it is `publicKey`'s; null otherwise. */
export async function restoreDeviceRemote(
  vault: DeviceKeyVault | null,
  publicKey: string,
  options: Nip46Options,
): Promise<Nip46Signer | null> {
  const saved = await vault?.load(DEVICE_KEYS.nip46);
  if (!saved) return null;
  try {
    const state = JSON.parse(saved) as Nip46State;
    if (state.userPubkey !== publicKey) return null;
    const { Nip46Signer } = await import('./session-nip46.ts');
    return Nip46Signer.restore(state, options);
  } catch {
    return null;
  }
}
