import { type CacheEvent, CacheKind, Kind, type NostrEvent } from '@tide/core/nostr';
import type { Store } from '../store/open-store.ts';
import { cachedEvents } from './bundle-events.ts';
import { mediaInfo } from './content-bundle-parts.ts';
import { EVENT_COLS, isHex, loadAddress, numArg, type StoredEvent, synth, toEvent } from './content-common.ts';
import { type CommandContext, CommandError, type CommandPayload } from './context.ts';
import { nameEvents, userNames } from './user-names.ts';

/** What most PEOPLE/NOTIFICATIONS/DM handlers use from the command context (store, clock, maybe the connection). */
export type PeopleContext = Pick<CommandContext, 'store' | 'now'> & { connection?: CommandContext['connection'] };

/** A command payload: a JSON object of named arguments (may be missing). */
export type Payload = CommandPayload | undefined;

/*
 * The argument readers, the viewer rule and the row → event conversion have one copy, in content-common.ts; the
 * people/notifications/DM handlers know them by these names.
 */
export {
  boolArg,
  hexArg as requireHex,
  isHex as isHex64,
  numArg as intArg,
  optHexArg as optionalHex,
  type StoredEvent,
  synth as synthetic,
  viewerOf,
} from './content-common.ts';

/** Reads a list of hex values, else throws `invalid <name>`; capped at `max` entries. */
export function requireHexList(payload: Payload, name: string, max = 1000): string[] {
  const value = payload?.[name];
  if (!Array.isArray(value) || !value.every(isHex)) throw new CommandError(`invalid ${name}`);
  if (value.length > max) throw new CommandError(`too many ${name} (max ${max})`);
  return [...new Set(value)];
}

/** Reads `until` (Unix seconds): absent or 0 means now, as clients send 0 for "no bound". */
export function untilArg(ctx: PeopleContext, payload: Payload): number {
  return numArg(payload, 'until', 0) || ctx.now();
}

/**
 * A page of a people, notifications or DM list: limit (20, at most `maxLimit`), offset (at most `maxOffset`), since (0)
 * and until (`untilArg`).
 */
export function pageArgs(ctx: PeopleContext, payload: Payload, maxLimit: number, maxOffset = Number.MAX_SAFE_INTEGER) {
  return {
    limit: numArg(payload, 'limit', 20, maxLimit),
    offset: numArg(payload, 'offset', 0, maxOffset),
    since: numArg(payload, 'since', 0),
    until: untilArg(ctx, payload),
  };
}

async function loadEventRows(store: Store, ids: readonly string[]): Promise<Map<string, StoredEvent>> {
  const rows = await store.db
    .selectFrom('events')
    .select(EVENT_COLS)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, toEvent(row)]));
}

/** Stored events by id, in the order of `ids` (unknown ids skipped; from the read cache when on). */
export async function eventsByIds(store: Store, ids: readonly string[]): Promise<StoredEvent[]> {
  if (ids.length === 0) return [];
  const byId: Map<string, NostrEvent> = (await cachedEvents(store, ids)) ?? (await loadEventRows(store, ids));
  return ids.flatMap((id) => {
    const event = byId.get(id);
    return event ? [{ ...event } as StoredEvent] : [];
  });
}

/** The current version of a replaceable (identifier '') or addressable event. */
export function currentReplaceable(
  store: Store,
  pubkey: string,
  kind: number,
  identifier = '',
): Promise<StoredEvent | undefined> {
  return loadAddress(store, kind, pubkey, identifier);
}

/** Current events of one replaceable kind for many authors, in the order of `pubkeys`. */
export async function currentReplaceableMany(
  store: Store,
  pubkeys: readonly string[],
  kind: number,
): Promise<StoredEvent[]> {
  if (pubkeys.length === 0) return [];
  const rows = await store.db
    .selectFrom('replaceable_events as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select(['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'])
    .where('r.pubkey', 'in', [...pubkeys])
    .where('r.kind', '=', kind)
    .where('r.identifier', '=', '')
    .execute();
  const byPubkey = new Map(rows.map((row) => [row.pubkey, toEvent(row)]));
  return pubkeys.flatMap((pk) => {
    const event = byPubkey.get(pk);
    return event ? [event] : [];
  });
}

/** Follower counts of the given users (only users with a stats row). */
export async function followerCounts(store: Store, pubkeys: readonly string[]): Promise<Record<string, number>> {
  if (pubkeys.length === 0) return {};
  const rows = await store.db
    .selectFrom('user_stats')
    .select(['pubkey', 'followers_count'])
    .where('pubkey', 'in', [...pubkeys])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.pubkey, Number(row.followers_count)]));
}

/**
 * What user lists carry about their users' names and memberships, in one statement with verified names and member rows
 * together (none when the read cache holds them): 10000158 names when any (an active member's premium name first),
 * 10000168 / 10000169 for the members among them active at `now`.
 */
export async function userNameEvents(store: Store, pubkeys: readonly string[], now?: number): Promise<CacheEvent[]> {
  if (pubkeys.length === 0) return [];
  return nameEvents(pubkeys, await userNames(store, pubkeys), now);
}

/** 10000119 media variants of profile events (their picture and banner; semantics §2.3 user_infos). */
export function profileMedia(store: Store, profiles: readonly NostrEvent[]): Promise<CacheEvent[]> {
  return mediaInfo(
    store,
    profiles.map((p) => p.id),
  );
}

/**
 * The user_infos answer for `pubkeys`: each known kind 0 (in order) and their 10000119 media, then 10000108 and
 * 10000133 with follower counts, then 10000158 names when any, 10000168 / 10000169 for the members among them, then
 * their kind-10063 Blossom server lists (semantics §2.3 user_infos).
 */
export async function userInfos(store: Store, pubkeys: readonly string[], now?: number): Promise<CacheEvent[]> {
  const unique = [...new Set(pubkeys)];
  if (unique.length === 0) return [];
  const [metadata, counts, names, blossom] = await Promise.all([
    currentReplaceableMany(store, unique, 0),
    followerCounts(store, unique),
    userNameEvents(store, unique, now),
    currentReplaceableMany(store, unique, Kind.Blossom),
  ]);
  const out: CacheEvent[] = [...metadata, ...(await profileMedia(store, metadata))];
  out.push(synth(CacheKind.UserScore, counts), synth(CacheKind.UserFollowerCounts, counts));
  out.push(...names);
  out.push(...blossom);
  return out;
}

/** `p`-tag pubkeys of an event, de-duplicated, in tag order (valid hex only). */
export function pTagPubkeys(event: NostrEvent, limit = 5000): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const tag of event.tags) {
    if (tag[0] === 'p' && isHex(tag[1]) && !seen.has(tag[1])) {
      seen.add(tag[1]);
      out.push(tag[1]);
      if (out.length >= limit) break;
    }
  }
  return out;
}
