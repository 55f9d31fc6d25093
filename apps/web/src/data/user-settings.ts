import { type CommandClient, fetchAppSettings, fetchAppSubsettings, saveAppSettings } from '@tide/core/cache';
import type { NostrEvent } from '@tide/core/nostr';
import type { Signer } from '@tide/core/signers';
import type { SettingsStore } from '../state/settings-store.ts';
import { type FeedDescriptor, parseAppSettings, parseFeedDescriptors } from './app-settings.ts';
import { SETTINGS_CLIENT_NAME } from './guest-settings.ts';

/** Kind of signed settings requests (NIP-78 application data). */
export const SETTINGS_REQUEST_KIND = 30078;

/**
 * A signed settings request (protocol reference: kind 30078, tag `["d", "Primal-Web App", <operation>]`, small JSON
 * content, `created_at` now): what `event_from_user` carries.
 */
export function signSettingsRequest(
  signer: Signer,
  operation: string,
  content: object,
  now = Math.floor(Date.now() / 1000),
): Promise<NostrEvent> {
  return signer.signEvent({
    kind: SETTINGS_REQUEST_KIND,
    created_at: now,
    tags: [['d', SETTINGS_CLIENT_NAME, operation]],
    content: JSON.stringify(content),
  });
}

/**
 * Loads the signed-in user's app settings (`get_app_settings`) into the settings store and applies their saved theme
 * (spec §4: with a key, settings load). Resolves false when signing or the service fails; the settings in the store stay as they were.
 */
export async function loadUserSettings(
  client: CommandClient,
  signer: Signer,
  settings: SettingsStore,
): Promise<boolean> {
  try {
    const request = await signSettingsRequest(signer, 'get_app_settings', { description: 'Sync app settings' });
    const value = await fetchAppSettings(client, { event_from_user: request }, { timeoutMs: 15_000 });
    if (value === undefined) return false;
    const parsed = parseAppSettings(value);
    const raw = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
    settings.getState().setAppSettings(parsed, raw as Record<string, unknown>);
    // Settings sync across devices: the saved theme follows the user (a forced theme still wins).
    if (parsed.theme) settings.getState().applySavedTheme(parsed.theme);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves the signed-in user's settings JSON (`set_app_settings`, signed kind 30078 carrying the whole JSON) so every
 * device gets it. Resolves false when signing or the service fails.
 */
export async function saveUserSettings(
  client: CommandClient,
  signer: Signer,
  content: Record<string, unknown>,
): Promise<boolean> {
  try {
    const settings_event = await signSettingsRequest(signer, 'set_app_settings', content);
    await saveAppSettings(client, { settings_event }, { timeoutMs: 15_000 });
    return true;
  } catch {
    return false;
  }
}

/** The user's own home or reads feeds (`get_app_subsettings` user-home-feeds / user-reads-feeds), enabled ones only. */
export async function fetchUserFeeds(
  client: CommandClient,
  signer: Signer,
  list: 'home' | 'reads',
  signal?: AbortSignal,
): Promise<FeedDescriptor[]> {
  const request = await signSettingsRequest(signer, `get_app_subsettings_${list}`, { subkey: `user-${list}-feeds` });
  const value = await fetchAppSubsettings(client, { event_from_user: request }, { signal });
  return parseFeedDescriptors(value).filter((f) => f.enabled);
}
