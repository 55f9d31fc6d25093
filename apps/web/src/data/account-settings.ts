import type { CommandClient } from '@tide/core/cache';
import type { Signer } from '@tide/core/signers';
import type { SessionStore } from '../state/session-store.ts';
import type { SettingsStore } from '../state/settings-store.ts';
import { loadGuestSettings } from './guest-settings.ts';
import { loadUserSettings, saveUserSettings } from './user-settings.ts';

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
  const apply = () => {
    const { publicKey, canSign, keyLookupDone, method } = session.getState();
    if (method === 'extension' && !keyLookupDone) return;
    const current = canSign ? signer() : null;
    const source = current && publicKey ? `user:${publicKey}` : 'defaults';
    if (source === loaded) return;
    loaded = source;
    if (!current) {
      void loadGuestSettings(client, settings);
      return;
    }
    void loadUserSettings(client, current, settings).then((ok) => {
      if (ok || loaded !== source) return;
      options.onUserSettingsFailed?.();
      void loadGuestSettings(client, settings);
    });
  };
  const saveTheme = (theme: string) => {
    const { userSettings } = settings.getState();
    const current = signer();
    if (!userSettings || !current || !loaded.startsWith('user:') || userSettings.theme === theme) return;
    const next = { ...userSettings, theme };
    settings.setState({ userSettings: next });
    void saveUserSettings(client, current, next).then((ok) => {
      if (!ok) options.onSaveFailed?.();
    });
  };
  apply();
  const stopSession = session.subscribe(apply);
  const stopTheme = settings.subscribe((state, previous) => {
    if (state.theme !== previous.theme) saveTheme(state.theme);
  });
  return () => {
    stopSession();
    stopTheme();
  };
}
