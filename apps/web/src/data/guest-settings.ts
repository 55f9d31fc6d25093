import { type CommandClient, fetchDefaultAppSettings } from '@tide/core/cache';
import type { SettingsStore } from '../state/settings-store.ts';
import { parseAppSettings } from './app-settings.ts';

/** Client name the default settings are asked for (protocol reference §4). */
export const SETTINGS_CLIENT_NAME = 'Primal-Web App';

/** Loads the service's default app settings into the settings store (spec §4: guests at start); failures keep the fallback. */
export async function loadGuestSettings(
  client: CommandClient,
  settings: SettingsStore,
  isCurrent: () => boolean = () => true,
): Promise<boolean> {
  try {
    const value = await fetchDefaultAppSettings(client, { client: SETTINGS_CLIENT_NAME }, { timeoutMs: 15_000 });
    if (value === undefined) return false;
    // A sign-in meanwhile wins: late defaults never replace the user's own settings.
    if (!isCurrent()) return true;
    settings.getState().setAppSettings(parseAppSettings(value));
    return true;
  } catch {
    return false;
  }
}
