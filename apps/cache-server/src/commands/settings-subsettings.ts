import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { DEFAULT_HOME_FEEDS, DEFAULT_READS_FEEDS } from '../defaults/index.ts';
import { CommandError } from './context.ts';
import type { Payload, PeopleContext } from './people-common.ts';
import { requireSignedEvent } from './signed-request.ts';

/**
 * Defaults of the known subkeys (served when the user stored nothing yet), in the shapes protocol clients read:
 * the feed lists are arrays they spread, `user-nwc` is `{nwcList: [[…]], nwcActive: [name, uri] | []}` and clients
 * read `nwcActive.length`, so an empty active connection is `[]`, never null.
 */
const SUBSETTING_DEFAULTS: Readonly<Record<string, () => unknown>> = {
  'user-home-feeds': () => DEFAULT_HOME_FEEDS.map((feed) => ({ ...feed })),
  'user-reads-feeds': () => DEFAULT_READS_FEEDS.map((feed) => ({ ...feed })),
  'user-nwc': () => ({ nwcList: [], nwcActive: [] }),
};

/** A stored value in the shape clients read: feed lists stay arrays, nwc's list and active entry arrays. */
function servedShape(subkey: string, stored: string): string {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return JSON.stringify(SUBSETTING_DEFAULTS[subkey]());
  }
  if (subkey !== 'user-nwc') return Array.isArray(value) ? stored : JSON.stringify(SUBSETTING_DEFAULTS[subkey]());
  const nwc = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (Array.isArray(nwc.nwcList) && Array.isArray(nwc.nwcActive)) return stored;
  return JSON.stringify({
    ...nwc,
    nwcList: Array.isArray(nwc.nwcList) ? nwc.nwcList : [],
    nwcActive: Array.isArray(nwc.nwcActive) ? nwc.nwcActive : [],
  });
}

/** The subkeys get/set_app_subsettings accept. */
export const SUBSETTING_KEYS: readonly string[] = Object.keys(SUBSETTING_DEFAULTS);

/** Parses the signed event's content `{subkey, settings?}`, else throws a clear reason. */
function readContent(content: string): { subkey: string; settings?: unknown; hasSettings: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    throw new CommandError('event_from_user content must be a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CommandError('event_from_user content must be a JSON object');
  }
  const body = value as Record<string, unknown>;
  if (typeof body.subkey !== 'string' || !SUBSETTING_DEFAULTS[body.subkey]) {
    throw new CommandError(`unknown subkey: ${String(body.subkey)}`);
  }
  return { subkey: body.subkey, settings: body.settings, hasSettings: 'settings' in body };
}

/** get_app_subsettings {event_from_user}: 10000155 with the stored value of the subkey, else its default. */
export async function getAppSubsettings(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const event = requireSignedEvent(payload, 'event_from_user', ctx.now());
  const { subkey } = readContent(event.content);
  const row = await ctx.store.db
    .selectFrom('app_subsettings')
    .select('settings')
    .where('pubkey', '=', event.pubkey)
    .where('subkey', '=', subkey)
    .executeTakeFirst();
  const content = row ? servedShape(subkey, row.settings) : JSON.stringify(SUBSETTING_DEFAULTS[subkey]());
  return [{ kind: CacheKind.AppSubsettings, tags: [['d', subkey]], content }];
}

/** set_app_subsettings {event_from_user}: stores content.settings under content.subkey; answers nothing. */
export async function setAppSubsettings(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const event = requireSignedEvent(payload, 'event_from_user', ctx.now());
  const { subkey, settings, hasSettings } = readContent(event.content);
  if (!hasSettings || settings === undefined) throw new CommandError('event_from_user content has no settings');
  const row = { pubkey: event.pubkey, subkey, updated_at: ctx.now(), settings: JSON.stringify(settings) };
  await ctx.store.write((trx) =>
    trx
      .insertInto('app_subsettings')
      .values(row)
      .onConflict((oc) => oc.columns(['pubkey', 'subkey']).doUpdateSet(row))
      .execute(),
  );
  return [];
}

/** Handlers of the subsettings commands. */
export const settingsSubsettingsCommands = {
  get_app_subsettings: getAppSubsettings,
  set_app_subsettings: setAppSubsettings,
};
