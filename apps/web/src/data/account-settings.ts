import type { CommandClient } from '@tide/core/cache';
import type { Signer } from '@tide/core/signers';
import type { SessionStore } from '../state/session-store.ts';
import type { SettingsStore } from '../state/settings-store.ts';
import { parseAppSettings } from './app-settings.ts';
import { loadGuestSettings } from './guest-settings.ts';
import { loadUserSettings, saveUserSettings } from './user-settings.ts';

let saver: ((patch: Record<string, unknown>) => Promise<boolean>) | null = null;

/**
 * Changes the signed-in user's settings: the change applies at once in the store and is saved (signed
 * `set_app_settings` with the whole JSON). A failed save keeps the local value and tells the user ('Failed to save
 * settings'). Resolves false when nobody who can sign is loaded or the save failed.
 */
export function updateAccountSettings(patch: Record<string, unknown>): Promise<boolean> {
  return saver ? saver(patch) : Promise.resolve(false);
}

/** Options of {@link followAccountSettings}. */
export interface AccountSettingsOptions {
  client: CommandClient;
  session: SessionStore;
  settings: SettingsStore;
  /** The signer that can sign now (the session controller's), or null. */
  signer: () => Signer | null;
  /** Called when the user's settings could not be loaded (the defaults are used instead). */
  onUserSettingsFailed?: () => void;
  /** Called when a change could not be saved to the user's settings (it still applies on this device). */
  onSaveFailed?: () => void;
}

/**
 * Keeps the settings store on the right source (spec §4 settings): once the key lookup is over (or there is nothing
 * to look up), a user whose key can sign gets their own settings from the service; guests and browse-only users
 * get the service's defaults. Follows sign-in, unlock and logout. A signed-in user's theme change is saved to their
 * settings (settings sync across devices). Returns the function that stops following.
 */
export function followAccountSettings(options: AccountSettingsOptions): () => void {
  const { client, session, settings, signer } = options;
  let loaded = '';
  let stopped = false;
  const apply = () => {
    const { publicKey, canSign, keyLookupDone, method, pinLocked } = session.getState();
    // Any stored signer (extension, device-sealed nsec, NIP-46) is looked up first: no defaults before the user's own.
    if (!keyLookupDone && method && method !== 'npub' && !pinLocked) return;
    const current = canSign ? signer() : null;
    const source = current && publicKey ? `user:${publicKey}` : 'defaults';
    if (source === loaded) return;
    loaded = source;
    const isCurrent = () => !stopped && loaded === source;
    if (!current) {
      void loadGuestSettings(client, settings, isCurrent);
      return;
    }
    void loadUserSettings(client, current, settings, isCurrent).then((ok) => {
      if (ok || !isCurrent()) return;
      options.onUserSettingsFailed?.();
      void loadGuestSettings(client, settings, isCurrent);
    });
  };
  let queue: Promise<unknown> = Promise.resolve();
  let lastSavedAt = 0;
  const save = (patch: Record<string, unknown>): Promise<boolean> => {
    const { userSettings } = settings.getState();
    const current = signer();
    if (!userSettings || !current || !loaded.startsWith('user:')) return Promise.resolve(false);
    if (Object.entries(patch).every(([k, v]) => JSON.stringify(userSettings[k]) === JSON.stringify(v))) {
      return Promise.resolve(true);
    }
    const next = { ...userSettings, ...patch };
    settings.getState().setAppSettings(parseAppSettings(next), next);
    // Saves go out in order, each with the newest JSON, so a slow save never overwrites a later one.
    const run = queue.then(async () => {
      const latest = settings.getState().userSettings ?? next;
      // The service keeps the newest settings event: two saves within a second must not tie on created_at.
      lastSavedAt = Math.max(Math.floor(Date.now() / 1000), lastSavedAt + 1);
      const ok = await saveUserSettings(client, current, latest, lastSavedAt);
      if (!ok) options.onSaveFailed?.();
      return ok;
    });
    queue = run.catch(() => undefined);
    return run;
  };
  apply();
  saver = save;
  const stopSession = session.subscribe(apply);
  const stopAppearance = settings.subscribe((state, previous) => {
    if (state.theme !== previous.theme) void save({ theme: state.theme });
    if (state.animated !== previous.animated) void save({ animated: state.animated });
  });
  return () => {
    stopped = true;
    if (saver === save) saver = null;
    stopSession();
    stopAppearance();
  };
}
