import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { CompiledQuery } from 'kysely';
import { pgArrayLiteral } from '../ingest/pg-write.ts';
import { type ReadCache, readCacheOf } from '../read-cache/read-cache.ts';
import type { Store } from '../store/index.ts';
import { chunked, sortedUnique } from './bundle-events.ts';
import { runCompiled } from './compiled-query.ts';
import { mediaInfo } from './content-bundle-parts.ts';
import { asCacheEvent, synth, toEvent } from './content-common.ts';

/** Current kind 0 of each of `pubkeys` that has one, by pubkey: one join per chunk. */
async function loadProfiles(store: Store, pubkeys: readonly string[]): Promise<Map<string, NostrEvent>> {
  const rows = await chunked(pubkeys, (chunk) =>
    runCompiled(store, 'bundle-profiles', chunk, (v) =>
      store.db
        .selectFrom('replaceable_events as r')
        .innerJoin('events as e', 'e.id', 'r.event_id')
        .select(['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'])
        .where('r.kind', '=', 0)
        .where('r.identifier', '=', '')
        .where('r.pubkey', 'in', v as string[]),
    ),
  );
  return new Map(rows.map((r) => [r.pubkey, toEvent(r)]));
}

/** Kind-0 events of users (the current version each), in ascending pubkey order (from the read cache when on). */
export async function profilesOf(store: Store, pubkeys: readonly string[]): Promise<NostrEvent[]> {
  const unique = sortedUnique(pubkeys);
  if (unique.length === 0) return [];
  const cache = readCacheOf(store);
  const byPubkey = cache
    ? await cache.lookup(cache.profiles, unique, (missing) => loadProfiles(store, missing))
    : await loadProfiles(store, unique);
  return unique.flatMap((pk) => byPubkey.get(pk) ?? []);
}

async function loadFollowerCounts(store: Store, pubkeys: readonly string[]): Promise<Map<string, number>> {
  const rows = await chunked(pubkeys, (chunk) =>
    runCompiled(store, 'bundle-followers', chunk, (v) =>
      store.db
        .selectFrom('user_stats')
        .select(['pubkey', 'followers_count'])
        .where('pubkey', 'in', v as string[]),
    ),
  );
  return new Map(rows.map((r) => [r.pubkey, Number(r.followers_count)]));
}

/**
 * Each user's verified name: of several, the last by (default_name, name), so the default name wins (as in
 * user_infos' `verifiedNames`), whatever order the store returns rows in.
 */
async function loadVerified(store: Store, pubkeys: readonly string[]): Promise<Map<string, string>> {
  const rows = await chunked(pubkeys, (chunk) =>
    runCompiled(store, 'verified-names', chunk, (v) =>
      store.db
        .selectFrom('verified_users')
        .select(['pubkey', 'name', 'default_name'])
        .where('pubkey', 'in', v as string[]),
    ),
  );
  rows.sort((a, b) => Number(a.default_name) - Number(b.default_name) || (a.name < b.name ? -1 : 1));
  return new Map(rows.map((r) => [r.pubkey, r.name]));
}

/** A user's three pieces as one PostgreSQL statement loads them. */
interface UserRows {
  profiles: Map<string, NostrEvent>;
  followers: Map<string, number>;
  verified: Map<string, string>;
}

/** The PostgreSQL statement of `loadUserRowsPg`: a row per pubkey of the array, the pieces left-joined. */
const USER_PIECES_SQL = `select u.pubkey, e.id, e.kind, e.created_at, e.tags, e.content, e.sig, s.followers_count, v.name
from unnest($1::text[]) as u(pubkey)
left join replaceable_events r on r.pubkey = u.pubkey and r.kind = 0 and r.identifier = ''
left join events e on e.id = r.event_id
left join user_stats s on s.pubkey = u.pubkey
left join lateral (select vu.name from verified_users vu where vu.pubkey = u.pubkey
  order by vu.default_name desc, vu.name collate "C" desc limit 1) v on true`;

interface UserPiecesRow {
  pubkey: string;
  id: string | null;
  kind: number;
  created_at: number;
  tags: string;
  content: string;
  sig: string;
  followers_count: number | null;
  name: string | null;
}

/**
 * Kind 0, follower count and verified name of each of `pubkeys` in one PostgreSQL statement instead of three (each
 * statement costs a round trip and ~0.3 ms of CPU on either side there; SQLite keeps the three, microseconds each).
 */
async function loadUserRowsPg(store: Store, pubkeys: readonly string[]): Promise<UserRows> {
  const out: UserRows = { profiles: new Map(), followers: new Map(), verified: new Map() };
  const rows = await chunked(pubkeys, async (chunk) => {
    const query = CompiledQuery.raw(USER_PIECES_SQL, [pgArrayLiteral(chunk)]) as CompiledQuery<UserPiecesRow>;
    return (await store.db.executeQuery(query)).rows;
  });
  for (const r of rows) {
    if (r.id !== null) out.profiles.set(r.pubkey, toEvent(r as UserPiecesRow & { id: string }));
    if (r.followers_count !== null) out.followers.set(r.pubkey, Number(r.followers_count));
    if (r.name !== null) out.verified.set(r.pubkey, r.name);
  }
  return out;
}

/** The users' three pieces through the read cache: what it lacks of any of them is read by one statement. */
async function cachedUserPieces(
  store: Store,
  cache: ReadCache,
  pubkeys: readonly string[],
): Promise<[Map<string, NostrEvent>, Map<string, number>, Map<string, string>]> {
  let shared: Promise<UserRows> | undefined;
  const lacking = new Set<string>();
  if (store.dialect === 'postgres') {
    for (const pk of pubkeys) {
      const known = cache.profiles.get(pk) !== undefined && cache.followers.get(pk) !== undefined;
      if (!known || cache.verified.get(pk) === undefined) lacking.add(pk);
    }
    if (lacking.size > 0) {
      shared = loadUserRowsPg(store, [...lacking]);
      shared.catch(() => undefined); // its error reaches the lookups that read it
    }
  }
  // a key the shared statement did not read (let go by the LRU since) is read on its own
  const fromShared = (missing: readonly string[]) => shared !== undefined && missing.every((pk) => lacking.has(pk));
  return Promise.all([
    cache.lookup(cache.profiles, pubkeys, async (missing) =>
      fromShared(missing) ? (await (shared as Promise<UserRows>)).profiles : loadProfiles(store, missing),
    ),
    cache.lookup(cache.followers, pubkeys, async (missing) =>
      fromShared(missing) ? (await (shared as Promise<UserRows>)).followers : loadFollowerCounts(store, missing),
    ),
    cache.lookup(cache.verified, pubkeys, async (missing) =>
      fromShared(missing) ? (await (shared as Promise<UserRows>)).verified : loadVerified(store, missing),
    ),
  ]);
}

/** Users' extras: kind 0s, their 10000119 media (picture, banner), 10000108 scores, 10000158 names (no range). */
export async function userExtras(store: Store, pubkeys: readonly string[]): Promise<CacheEvent[]> {
  const unique = sortedUnique(pubkeys);
  if (unique.length === 0) return [];
  const cache = readCacheOf(store);
  const [byPubkey, counts, verified] = cache
    ? await cachedUserPieces(store, cache, unique)
    : await Promise.all([loadProfiles(store, unique), loadFollowerCounts(store, unique), loadVerified(store, unique)]);
  const profiles = unique.flatMap((pk) => byPubkey.get(pk) ?? []);
  const scores: Record<string, number> = {};
  const names: Record<string, string> = {};
  for (const pk of unique) {
    const n = counts.get(pk);
    if (n !== undefined) scores[pk] = n;
    const name = verified.get(pk);
    if (name !== undefined) names[pk] = name;
  }
  const out: CacheEvent[] = profiles.map(asCacheEvent);
  out.push(
    ...(await mediaInfo(
      store,
      profiles.map((p) => p.id),
    )),
  );
  out.push(synth(CacheKind.UserScore, scores));
  if (Object.keys(names).length > 0) out.push(synth(CacheKind.VerifiedUsersDict, names));
  return out;
}
