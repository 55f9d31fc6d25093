import { loadSigners, type SessionCore } from './session-core.ts';
import { DEVICE_KEYS, SESSION_KEYS } from './session-storage.ts';

/**
 * Signs in with an `nsec`: with a `pin` it is stored PIN-encrypted, without one under the device key. Throws
 * SignerError 'invalid-nsec' or the PIN vault's problem.
 */
export async function signInWithNsec(core: SessionCore, nsec: string, pin?: string): Promise<void> {
  const { LocalSigner, PinVault } = await loadSigners();
  const local = LocalSigner.fromNsec(nsec);
  const publicKey = await local.getPublicKey();
  const vault = new PinVault(core.storage, SESSION_KEYS.pinVault);
  const device = await core.device();
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
  core.use(local, local);
  core.signedIn(publicKey, 'nsec', { pinLocked: false });
}

/** Signs in with the signer extension (NIP-07); rethrows the lookup or key error. */
export async function signInWithExtension(core: SessionCore): Promise<void> {
  const { Nip07Signer } = await loadSigners();
  const signer = new Nip07Signer(core.extension);
  const publicKey = await signer.getPublicKey();
  core.storage.removeItem(SESSION_KEYS.pinVault);
  core.forgetDeviceKeys();
  core.use(signer, null);
  core.signedIn(publicKey, 'extension', { pinLocked: false });
}

/** Browse-only with a public key (`npub1…`, `nprofile1…` or 64 hex); false when the input is none of them. */
export async function signInWithPublicKey(core: SessionCore, input: string): Promise<boolean> {
  const { tryDecodeNip19 } = await loadSigners();
  const text = input.trim();
  const decoded = /^[0-9a-f]{64}$/.test(text) ? null : tryDecodeNip19(text);
  const publicKey = decoded?.type === 'npub' ? decoded.data : decoded?.type === 'nprofile' ? decoded.data.pubkey : text;
  if (!/^[0-9a-f]{64}$/.test(publicKey)) return false;
  core.storage.removeItem(SESSION_KEYS.pinVault);
  core.forgetDeviceKeys();
  core.use(null, null);
  core.signedIn(publicKey, 'npub', { pinLocked: false });
  return true;
}

/** True when the signer extension shows up within the lookup (4 × 250 ms). */
export async function findExtension(core: SessionCore): Promise<boolean> {
  const { findNostrExtension } = await loadSigners();
  return findNostrExtension(core.extension).then(
    () => true,
    () => false,
  );
}
