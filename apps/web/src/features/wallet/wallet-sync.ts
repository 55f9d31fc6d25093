import { fetchAppSubsettings, saveAppSubsettings } from '@tide/core/cache';
import type { Signer } from '@tide/core/signers';
import { getAppData } from '../../data/app-data-instance.ts';
import { signSettingsRequest } from '../../data/user-settings.ts';
import { session } from '../../state/session.ts';
import { type NwcWallet, walletStore } from './wallet-store.ts';

/** Settings subkey of the connected wallets (reference client: user-nwc). */
export const NWC_SUBKEY = 'user-nwc';

/** What is stored on the caching service: [name, NIP-44-to-self ciphertext of the connection string] pairs. */
export interface NwcSubsettings {
  nwcList: [string, string][];
  nwcActive: [string, string] | [];
}

/** Encrypts the wallets to the user (NIP-44 to self): the server only ever holds ciphertext. */
export async function sealWallets(
  signer: Signer,
  wallets: NwcWallet[],
  active: string | null,
): Promise<NwcSubsettings> {
  const me = await signer.getPublicKey();
  const nwcList: [string, string][] = [];
  for (const w of wallets) nwcList.push([w.name, await signer.nip44.encrypt(me, w.uri)]);
  const activeEntry = nwcList.find(([name]) => name === active);
  return { nwcList, nwcActive: activeEntry ?? [] };
}

/** Decrypts stored wallets; entries that cannot be read are skipped (never shown in clear). */
export async function openWallets(
  signer: Signer,
  value: unknown,
): Promise<{ wallets: NwcWallet[]; active: string | null }> {
  const me = await signer.getPublicKey();
  const record = (typeof value === 'object' && value !== null ? value : {}) as Partial<NwcSubsettings>;
  const wallets: NwcWallet[] = [];
  for (const entry of Array.isArray(record.nwcList) ? record.nwcList : []) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') continue;
    try {
      const uri = await signer.nip44.decrypt(me, entry[1]);
      if (uri.startsWith('nostr+walletconnect:')) wallets.push({ name: entry[0], uri });
    } catch {
      // unreadable entry: left out
    }
  }
  const active =
    Array.isArray(record.nwcActive) && typeof record.nwcActive[0] === 'string' ? record.nwcActive[0] : null;
  return { wallets, active };
}

/** Loads the user's wallets from `get_app_subsettings` user-nwc into the wallet store; false when it failed. */
export async function loadWallets(signer: Signer | null = session.signer): Promise<boolean> {
  if (!signer) return false;
  try {
    const request = await signSettingsRequest(signer, 'get_app_subsettings_nwc', { subkey: NWC_SUBKEY });
    const value = await fetchAppSubsettings(getAppData().client, { event_from_user: request }, { timeoutMs: 10_000 });
    const { wallets, active } = await openWallets(signer, value);
    walletStore.getState().set(wallets, active);
    return true;
  } catch {
    // No stored row is an error on the service: start from an empty list.
    if (!walletStore.getState().loaded) walletStore.getState().set([], null);
    return false;
  }
}

/** Saves the wallets (`set_app_subsettings` user-nwc, secrets NIP-44 to self); the store changes only on success. */
export async function saveWallets(
  wallets: NwcWallet[],
  active: string | null,
  signer: Signer | null = session.signer,
): Promise<boolean> {
  if (!signer) return false;
  try {
    const sealed = await sealWallets(signer, wallets, active);
    const request = await signSettingsRequest(signer, 'set_app_subsettings_nwc', {
      subkey: NWC_SUBKEY,
      settings: sealed,
    });
    await saveAppSubsettings(getAppData().client, { event_from_user: request }, { timeoutMs: 10_000 });
    walletStore.getState().set(wallets, active);
    return true;
  } catch {
    return false;
  }
}
