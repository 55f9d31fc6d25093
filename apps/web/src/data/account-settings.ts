import type { CommandClient } from '@tide/core/cache';
import type { Signer } from '@tide/core/signers';
import type { SessionStore } from '../state/session-store.ts';
import type { SettingsStore } from '../state/settings-store.ts';
import { loadGuestSettings } from './guest-settings.ts';
import { loadUserSettings } from './user-settings.ts';

/** Options of {@link followAccountSettings}. */
export interface AccountSettingsOptions {
  client: CommandClient;
  session: SessionStore;
  settings: SettingsStore;
  /** The signer that can sign now (the session controller's), or null. */
  signer: () => Signer | null;
  /** Called when the user's settings could not be loaded (the defaults are used instead). */
  onUserSettingsFailed?: () => void;
}

/**
 * Keeps the settings store on the right source (spec §4 settings): once the key lookup is over (or there is nothing
 * to look up), a user whose key can sign gets their own settings from the service; guests and browse-only users
 * get the service's defaults. Follows sign-in, unlock and logout; returns the function that stops following.
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
  apply();
  return session.subscribe(apply);
}
