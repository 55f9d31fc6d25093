import { type CommandClient, fetchAppSubsettings, saveAppSettings } from '@tide/core/cache';
import { CacheKind, type NostrEvent } from '@tide/core/nostr';
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
  isCurrent: () => boolean = () => true,
): Promise<boolean> {
  try {
    const request = await signSettingsRequest(signer, 'get_app_settings', { description: 'Sync app settings' });
    const events = await client.request('get_app_settings', { event_from_user: request }, { timeoutMs: 15_000 });
    const own = events.find((e) => e.kind === SETTINGS_REQUEST_KIND);
    const found = own ?? events.find((e) => e.kind === CacheKind.AppSettings);
    if (!found) return false;
    // A logout or another sign-in meanwhile wins: this answer is for a session that is over.
    if (!isCurrent()) return true;
    const value = JSON.parse(found.content ?? '') as unknown;
    const parsed = parseAppSettings(value);
    const raw: Record<string, unknown> =
      typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
    // The service's default for a user who never saved (10000103) must not override a choice made on this device.
    if (!own) delete raw.proxyThroughPrimal;
    settings.getState().setAppSettings(parsed, raw);
    // Settings sync across devices: the saved theme follows the user (a forced theme still wins), and animations.
    if (parsed.theme) settings.getState().applySavedTheme(parsed.theme);
    if (typeof raw.animated === 'boolean') settings.getState().setAnimated(raw.animated);
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
  createdAt?: number,
): Promise<boolean> {
  try {
    const settings_event = await signSettingsRequest(signer, 'set_app_settings', content, createdAt);
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
