import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { CompiledQuery } from 'kysely';
import { type Member, toMember } from '../membership/index.ts';
import { type ReadCache, readCacheOf } from '../read-cache/read-cache.ts';
import { pgArrayLiteral, type Store } from '../store/index.ts';
import { chunked, sortedUnique } from './bundle-events.ts';
import { runCompiled } from './compiled-query.ts';
import { type MediaRow, mediaInfo, mediaObjects, type Preloaded } from './content-bundle-parts.ts';
import { asCacheEvent, synth, toEvent } from './content-common.ts';
import { cachedNames, loadNames, type NameRows, nameEvents } from './user-names.ts';

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

/** A user's pieces (member row too), and the media of their kind 0s, as one PostgreSQL statement loads them. */
interface UserRows {
  profiles: Map<string, NostrEvent>;
  followers: Map<string, number>;
  verified: Map<string, string>;
  members: Map<string, Member>;
  /** The kind 0s' 10000119 media by event id, for every kind 0 read (absent: none). */
  media: Map<string, CacheEvent>;
}

/**
 * The PostgreSQL statement of `loadUserRowsPg`: a row per pubkey of the array with the pieces left-joined ('u'; `c`
 * the member row as a JSON array, null for non-members), then the media rows of their kind 0s ('m', as `loadMedia`
 * reads them; numbers as text).
 */
const USER_PIECES_SQL = `with u(pubkey) as (select unnest($1::text[])),
k as (select r.pubkey, r.event_id from replaceable_events r join u on r.pubkey = u.pubkey
  where r.kind = 0 and r.identifier = '')
select 'u' as part, u.pubkey, e.id, e.kind, e.created_at, e.tags, e.content, e.sig,
  s.followers_count::text as a, v.name as b,
  case when mb.pubkey is null then null else json_build_array(mb.name, mb.tier, mb.expires_on, mb.premium_since,
    mb.donated_sats, mb.last_donation, mb.customization)::text end as c, null as d
from u
left join k on k.pubkey = u.pubkey
left join events e on e.id = k.event_id
left join user_stats s on s.pubkey = u.pubkey
left join members mb on mb.pubkey = u.pubkey
left join lateral (select vu.name from verified_users vu where vu.pubkey = u.pubkey
  order by vu.default_name desc, vu.name collate "C" desc limit 1) v on true
union all
select 'm', em.event_id, m.url, null, null, m.size, m.media_url, m.mimetype, m.animated::text, m.width::text,
  m.height::text, m.duration::text
from k join event_media em on em.event_id = k.event_id join media m on m.url = em.url`;

interface UserPiecesRow {
  part: 'u' | 'm';
  pubkey: string;
  id: string | null;
  kind: number;
  created_at: number;
  tags: string;
  content: string;
  sig: string;
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
}

/** A member row of USER_PIECES_SQL's `c` column (a JSON array in `members`' column order after pubkey). */
function memberOfJson(pubkey: string, text: string): Member {
  const [name, tier, expires_on, premium_since, donated_sats, last_donation, customization] = JSON.parse(text);
  return toMember({ pubkey, name, tier, expires_on, premium_since, donated_sats, last_donation, customization });
}

/**
 * Kind 0, follower count, verified name and member row of each of `pubkeys`, and their kind 0s' media, in one
 * PostgreSQL statement instead of four in two round trips (each statement costs a round trip and ~0.3 ms of CPU on
 * either side there; SQLite keeps its queries, microseconds each).
 */
async function loadUserRowsPg(store: Store, pubkeys: readonly string[]): Promise<UserRows> {
  const out: UserRows = {
    profiles: new Map(),
    followers: new Map(),
    verified: new Map(),
    members: new Map(),
    media: new Map(),
  };
  const rows = await chunked(pubkeys, async (chunk) => {
    const query = CompiledQuery.raw(USER_PIECES_SQL, [pgArrayLiteral(chunk)]) as CompiledQuery<UserPiecesRow>;
    return (await store.db.executeQuery(query)).rows;
  });
  const mediaRows: MediaRow[] = [];
  for (const r of rows) {
    if (r.part === 'm') {
      // event_id, url, size, media_url, mimetype, animated, width, height, duration
      mediaRows.push({
        event_id: r.pubkey,
        url: r.id as string,
        size: r.tags,
        media_url: r.content,
        mimetype: r.sig,
        animated: Number(r.a),
        width: Number(r.b),
        height: Number(r.c),
        duration: Number(r.d),
      });
      continue;
    }
    if (r.id !== null) out.profiles.set(r.pubkey, toEvent(r as UserPiecesRow & { id: string }));
    if (r.a !== null) out.followers.set(r.pubkey, Number(r.a));
    if (r.b !== null) out.verified.set(r.pubkey, r.b);
    if (r.c !== null) out.members.set(r.pubkey, memberOfJson(r.pubkey, r.c));
  }
  out.media = mediaObjects(mediaRows);
  return out;
}

/**
 * The users' pieces through the read cache: what it lacks of any of them is read by one statement on PostgreSQL, which
 * also reads their kind 0s' media (`media`: for mediaInfo, unless a change came in meanwhile); verified names and
 * member rows by one statement together (`loadNames`) on SQLite.
 */
async function cachedUserPieces(
  store: Store,
  cache: ReadCache,
  pubkeys: readonly string[],
): Promise<[Map<string, NostrEvent>, Map<string, number>, NameRows, () => Preloaded<CacheEvent> | undefined]> {
  let shared: Promise<UserRows> | undefined;
  const lacking = new Set<string>();
  const generation = cache.generation;
  if (store.dialect === 'postgres') {
    for (const pk of pubkeys) {
      const known = cache.profiles.get(pk) !== undefined && cache.followers.get(pk) !== undefined;
      const named = cache.verified.get(pk) !== undefined && cache.members.get(pk) !== undefined;
      if (!known || !named) lacking.add(pk);
    }
    if (lacking.size > 0) {
      shared = loadUserRowsPg(store, [...lacking]);
      shared.catch(() => undefined); // its error reaches the lookups that read it
    }
  }
  // a key the shared statement did not read (let go by the LRU since) is read on its own
  const fromShared = (missing: readonly string[]) => shared !== undefined && missing.every((pk) => lacking.has(pk));
  const [profiles, followers, names] = await Promise.all([
    cache.lookup(cache.profiles, pubkeys, async (missing) =>
      fromShared(missing) ? (await (shared as Promise<UserRows>)).profiles : loadProfiles(store, missing),
    ),
    cache.lookup(cache.followers, pubkeys, async (missing) =>
      fromShared(missing) ? (await (shared as Promise<UserRows>)).followers : loadFollowerCounts(store, missing),
    ),
    cachedNames(cache, pubkeys, async (missing) =>
      fromShared(missing) ? await (shared as Promise<UserRows>) : loadNames(store, missing),
    ),
  ]);
  const read = shared ? await shared : undefined;
  // media read before a change came in must not be kept as read after it: then mediaInfo reads its own
  const media = () =>
    read && cache.generation === generation
      ? { keys: new Set([...read.profiles.values()].map((e) => e.id)), values: Promise.resolve(read.media) }
      : undefined;
  return [profiles, followers, names, media];
}

/**
 * Users' extras: kind 0s, their 10000119 media (picture, banner), 10000108 scores, 10000158 names, 10000168 / 10000169
 * membership facts of the members among them active at `now` (no range).
 */
export async function userExtras(store: Store, pubkeys: readonly string[], now?: number): Promise<CacheEvent[]> {
  const unique = sortedUnique(pubkeys);
  if (unique.length === 0) return [];
  const cache = readCacheOf(store);
  const [byPubkey, counts, names, media] = cache
    ? await cachedUserPieces(store, cache, unique)
    : ([
        ...(await Promise.all([
          loadProfiles(store, unique),
          loadFollowerCounts(store, unique),
          loadNames(store, unique),
        ])),
        () => undefined,
      ] as const);
  const profiles = unique.flatMap((pk) => byPubkey.get(pk) ?? []);
  const scores: Record<string, number> = {};
  for (const pk of unique) {
    const n = counts.get(pk);
    if (n !== undefined) scores[pk] = n;
  }
  const out: CacheEvent[] = profiles.map(asCacheEvent);
  out.push(
    ...(await mediaInfo(
      store,
      profiles.map((p) => p.id),
      media(),
    )),
  );
  out.push(synth(CacheKind.UserScore, scores));
  out.push(...nameEvents(unique, names, now));
  return out;
}
