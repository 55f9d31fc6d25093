import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { readCacheOf } from '../read-cache/read-cache.ts';
import type { Store } from '../store/index.ts';
import { chunked, sortedUnique } from './bundle-events.ts';
import { runCompiled } from './compiled-query.ts';
import { mediaInfo } from './content-bundle-parts.ts';
import { asCacheEvent, synth, toEvent } from './content-common.ts';

/** Current kind 0 of each of `pubkeys` that has one, by pubkey: one join per chunk. */
async function loadProfiles(store: Store, pubkeys: readonly string[]): Promise<Map<string, NostrEvent>> {
  const rows = await chunked(pubkeys, (chunk) =>
    store.db
      .selectFrom('replaceable_events as r')
      .innerJoin('events as e', 'e.id', 'r.event_id')
      .select(['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'])
      .where('r.kind', '=', 0)
      .where('r.identifier', '=', '')
      .where('r.pubkey', 'in', chunk)
      .execute(),
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
    store.db.selectFrom('user_stats').select(['pubkey', 'followers_count']).where('pubkey', 'in', chunk).execute(),
  );
  return new Map(rows.map((r) => [r.pubkey, Number(r.followers_count)]));
}

/** 10000108 follower counts of users that have a stats row, in ascending pubkey order. */
async function followerScores(store: Store, pubkeys: readonly string[]): Promise<Record<string, number>> {
  const cache = readCacheOf(store);
  const counts = cache
    ? await cache.lookup(cache.followers, pubkeys, (missing) => loadFollowerCounts(store, missing))
    : await loadFollowerCounts(store, pubkeys);
  const out: Record<string, number> = {};
  for (const pk of pubkeys) {
    const n = counts.get(pk);
    if (n !== undefined) out[pk] = n;
  }
  return out;
}

async function verified(store: Store, pubkeys: readonly string[]): Promise<Record<string, string>> {
  const rows = await chunked(pubkeys, (chunk) =>
    runCompiled(store, 'verified-names', chunk, (v) =>
      store.db
        .selectFrom('verified_users')
        .select(['pubkey', 'name'])
        .where('pubkey', 'in', v as string[]),
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.pubkey, r.name]));
}

/** Users' extras: kind 0s, their 10000119 media (picture, banner), 10000108 scores, 10000158 names (no range). */
export async function userExtras(store: Store, pubkeys: readonly string[]): Promise<CacheEvent[]> {
  const unique = sortedUnique(pubkeys);
  if (unique.length === 0) return [];
  const [profiles, scores, names] = await Promise.all([
    profilesOf(store, unique),
    followerScores(store, unique),
    verified(store, unique),
  ]);
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
