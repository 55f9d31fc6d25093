import type { Page } from '../../model/index.ts';
import { parseNotificationCounts, parseSeenUntil } from '../../model/index.ts';
import type { NostrEvent } from '../../nostr/index.ts';
import { CacheKind, Kind } from '../../nostr/index.ts';
import type { CacheClient } from '../cache-client.ts';
import type { RequestOptions } from '../cache-options.ts';
import { type CommandClient, contentOf, type PageOptions, requestEvents, requestPage } from './command-helpers.ts';

/** Notification tabs (`type_group`; `reactions` = likes and reactions 4, 303, a Tide caching-service group). */
export type NotificationGroup = 'all' | 'zaps' | 'replies' | 'mentions' | 'reposts' | 'reactions';

/** `get_notifications`: new ones (`since`, limit 100) or older ones (`until`, limit 20), every type (`extended_types`). */
export function fetchNotifications(
  client: CommandClient,
  params: {
    pubkey: string;
    limit?: number;
    since?: number;
    until?: number;
    /** Rows to skip at the `until` boundary (several notifications with the same created_at). */
    offset?: number;
    type_group: NotificationGroup;
    user_pubkey?: string;
  },
  options?: PageOptions,
): Promise<Page> {
  const limit = params.limit ?? (params.until ? 20 : 100);
  // Tide renders every type, so it asks for the newer ones (301–303, 501, 601) older protocol clients do not know.
  return requestPage(client, 'get_notifications', { ...params, limit, extended_types: true }, options);
}

/** `get_notifications_seen`: when the user last looked at notifications (seconds). */
export async function fetchNotificationsSeen(
  client: CommandClient,
  params: { pubkey: string },
  options?: RequestOptions,
): Promise<number> {
  const event = (await requestEvents(client, 'get_notifications_seen', params, options)).find(
    (e) => e.kind === CacheKind.Timestamp,
  );
  return event ? parseSeenUntil(event) : 0;
}

/** `set_notifications_seen`: a signed 30078 whose `created_at` is the seen timestamp. */
export async function setNotificationsSeen(
  client: CommandClient,
  params: { event_from_user: NostrEvent },
  options?: RequestOptions,
): Promise<void> {
  await requestEvents(client, 'set_notifications_seen', params, options);
}

/** `notification_counts` (live): unread counts pushed while subscribed; returns the function that sends CLOSE. */
export function subscribeNotificationCounts(
  client: CacheClient,
  pubkey: string,
  onCounts: (counts: { total: number; byType: Record<number, number> }) => void,
): () => void {
  return client.subscribe(
    'notification_counts',
    (subid) => ({ pubkey, subid, extended_types: true }),
    (event) => {
      if (event.kind === CacheKind.NotificationStats) onCounts(parseNotificationCounts(event));
    },
    { purpose: 'notif_stats', closeExtra: (subid) => ({ cache: ['notification_counts', { subid }] }) },
  );
}

/**
 * `get_app_settings`: the user's settings JSON (signed 30078 request). The answer is the user's stored settings event
 * (kind 30078, as they signed it) or, for a user with none, the default as a 10000103 (semantics: get_app_settings).
 */
export async function fetchAppSettings(
  client: CommandClient,
  params: { event_from_user: NostrEvent },
  options?: RequestOptions,
): Promise<unknown> {
  const events = await requestEvents(client, 'get_app_settings', params, options);
  return contentOf(events, CacheKind.AppSettings) ?? contentOf(events, Kind.Settings);
}

/** `set_app_settings`: saves settings (note the key `settings_event`). */
export async function saveAppSettings(
  client: CommandClient,
  params: { settings_event: NostrEvent },
  options?: RequestOptions,
): Promise<void> {
  await requestEvents(client, 'set_app_settings', params, options);
}

/** `get_default_app_settings`: default settings JSON for a client name. */
export async function fetchDefaultAppSettings(
  client: CommandClient,
  params: { client: string } = { client: 'Primal-Web App' },
  options?: RequestOptions,
): Promise<unknown> {
  return contentOf(await requestEvents(client, 'get_default_app_settings', params, options), CacheKind.AppSettings);
}

/** `get_app_subsettings`: one settings subkey (user-home-feeds, user-reads-feeds, user-nwc). */
export async function fetchAppSubsettings(
  client: CommandClient,
  params: { event_from_user: NostrEvent },
  options?: RequestOptions,
): Promise<unknown> {
  return contentOf(await requestEvents(client, 'get_app_subsettings', params, options), CacheKind.AppSubsettings);
}

/** `set_app_subsettings`: saves one settings subkey (the value is in the signed event's content). */
export async function saveAppSubsettings(
  client: CommandClient,
  params: { event_from_user: NostrEvent },
  options?: RequestOptions,
): Promise<void> {
  await requestEvents(client, 'set_app_subsettings', params, options);
}

/** Latest mobile releases (`get_app_releases`). */
export interface AppReleases {
  ios?: { date: number; version: string };
  android?: { date: number; version: string };
}

/** `get_app_releases`: latest iOS and Android versions. */
export async function fetchAppReleases(client: CommandClient, options?: RequestOptions): Promise<AppReleases> {
  const content = contentOf(await requestEvents(client, 'get_app_releases', undefined, options));
  return (typeof content === 'object' && content !== null ? content : {}) as AppReleases;
}
