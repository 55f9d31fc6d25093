import { type CacheEvent, CacheKind, type NostrEvent } from '@tide/core/nostr';
import { APP_RELEASES, defaultAppSettings } from '../defaults/index.ts';
import { publishKeys } from '../read-cache/change-feed.ts';
import type { Store } from '../store/open-store.ts';
import { type CommandContext, CommandError } from './context.ts';
import type { Payload, PeopleContext } from './people-common.ts';
import { requireSignedEvent } from './signed-request.ts';

/** Client name used in the default settings' d tag when the request carries none. */
export const DEFAULT_CLIENT = 'Primal-Web App';

const ZEROS_64 = '0'.repeat(64);

/** Parses settings content as a JSON object, else throws `settings content must be a JSON object`. */
function parseSettings(content: string): Record<string, unknown> {
  try {
    const value = JSON.parse(content) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new CommandError('settings content must be a JSON object');
}

/** get_default_app_settings {client}: `{kind: 10000103, tags: [["d", client]], content: <defaults>}`. */
export async function getDefaultAppSettings(_ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const client = typeof payload?.client === 'string' && payload.client ? payload.client : DEFAULT_CLIENT;
  return [{ kind: CacheKind.AppSettings, tags: [['d', client]], content: JSON.stringify(defaultAppSettings()) }];
}

/** get_app_releases: 10000138 `{ios: {date, version}, android: {date, version}}`. */
export async function getAppReleases(): Promise<CacheEvent[]> {
  return [{ kind: CacheKind.AppReleases, content: JSON.stringify(APP_RELEASES) }];
}

/**
 * get_app_settings {event_from_user}: the user's stored settings event; a new user gets a synthetic 10000103
 * default (zero id/pubkey/sig, d tag from the request's first tag), which is also stored for them (storing settings
 * makes a user eligible for notifications, semantics §5.2).
 */
export async function getAppSettings(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const request = requireSignedEvent(payload, 'event_from_user', ctx.now());
  const now = ctx.now();
  const stored = await ctx.store.db
    .selectFrom('app_settings')
    .select('event')
    .where('pubkey', '=', request.pubkey)
    .executeTakeFirst();
  if (stored) {
    await ctx.store.write((trx) =>
      trx.updateTable('app_settings').set({ accessed_at: now }).where('pubkey', '=', request.pubkey).execute(),
    );
    return [JSON.parse(stored.event) as CacheEvent];
  }
  const client = request.tags[0]?.[1] || DEFAULT_CLIENT;
  return [await storeDefaultAppSettings(ctx.store, request.pubkey, now, client)];
}

/**
 * Stores the default settings for `pubkey` unless they already have settings (which makes them eligible for
 * notifications, semantics §5.2) and returns the stored settings event: the synthetic zero-id 10000103 default
 * (d tag = `client`), or their existing event. Meant for the seed too, so demo accounts get notifications at once.
 */
export async function storeDefaultAppSettings(
  store: Store,
  pubkey: string,
  now: number,
  client = DEFAULT_CLIENT,
): Promise<CacheEvent> {
  const content = JSON.stringify(defaultAppSettings());
  const synthetic: CacheEvent = {
    id: ZEROS_64,
    pubkey: ZEROS_64,
    created_at: now,
    kind: CacheKind.AppSettings,
    tags: [['d', client]],
    content,
    sig: '0'.repeat(128),
  };
  return store.write(async (trx) => {
    const existing = await trx
      .selectFrom('app_settings')
      .select('event')
      .where('pubkey', '=', pubkey)
      .executeTakeFirst();
    if (existing) return JSON.parse(existing.event) as CacheEvent;
    await trx
      .insertInto('app_settings')
      .values({
        pubkey,
        event_id: ZEROS_64,
        created_at: now,
        accessed_at: now,
        event: JSON.stringify(synthetic),
        content,
      })
      .execute();
    return synthetic;
  });
}

/**
 * set_app_settings {settings_event}: verifies the signed kind-30078 event, shallow-merges top-level keys missing from
 * its content from the previously stored settings, stores it and answers it.
 */
export async function setAppSettings(ctx: CommandContext, payload: Payload): Promise<CacheEvent[]> {
  const event: NostrEvent = requireSignedEvent(payload, 'settings_event', ctx.now());
  const incoming = parseSettings(event.content);
  const now = ctx.now();
  const stored = await ctx.store.write(async (trx) => {
    const previous = await trx
      .selectFrom('app_settings')
      .select('content')
      .where('pubkey', '=', event.pubkey)
      .executeTakeFirst();
    let merged = incoming;
    if (previous) {
      try {
        merged = { ...(JSON.parse(previous.content) as Record<string, unknown>), ...incoming };
      } catch {
        merged = incoming;
      }
    }
    const content = JSON.stringify(merged) === JSON.stringify(incoming) ? event.content : JSON.stringify(merged);
    const toStore: CacheEvent = { ...event, content };
    const row = {
      pubkey: event.pubkey,
      event_id: event.id,
      created_at: event.created_at,
      accessed_at: now,
      event: JSON.stringify(toStore),
      content,
    };
    await trx
      .insertInto('app_settings')
      .values(row)
      .onConflict((oc) => oc.column('pubkey').doUpdateSet(row))
      .execute();
    return toStore;
  });
  // the viewer's own state changed (`v:`): here by the poke, on the store's other servers by the change set
  publishKeys(ctx.store, [`v:${event.pubkey}`]);
  ctx.notifier.notify(`settings:${event.pubkey}`);
  return [stored];
}

/** Handlers of the app settings commands. */
export const settingsAppCommands = {
  get_default_app_settings: getDefaultAppSettings,
  get_app_releases: getAppReleases,
  get_app_settings: getAppSettings,
  set_app_settings: setAppSettings,
};
