import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { type Compilable, sql } from 'kysely';
import { type Member, memberFactEvents, memberNames, toMember, unixNow } from '../membership/index.ts';
import { type ReadCache, readCacheOf } from '../read-cache/read-cache.ts';
import type { Store } from '../store/index.ts';
import { chunked } from './bundle-events.ts';
import { runCompiled } from './compiled-query.ts';
import { synth } from './content-common.ts';

/** Users' verified names (verified_users: of several, the default one) and member rows (members), by pubkey. */
export interface NameRows {
  verified: Map<string, string>;
  members: Map<string, Member>;
}

/** A row of `loadNames`' statement: a verified name ('v', `n` its default_name) or a member row ('m'). */
interface NamePartRow extends Record<string, unknown> {
  part: 'v' | 'm';
  pubkey: string;
  name: string;
  n: number | string | null;
}

/** Of several verified names of a user, the last by (default_name, name): the default one, whatever the row order. */
export function verifiedOf(rows: ReadonlyArray<{ pubkey: string; name: string; default_name: unknown }>) {
  const sorted = [...rows].sort(
    (a, b) => Number(a.default_name) - Number(b.default_name) || (a.name < b.name ? -1 : 1),
  );
  return new Map(sorted.map((r) => [r.pubkey, r.name]));
}

/**
 * Verified names and member rows of `pubkeys` in one statement per 400 (a UNION ALL of verified_users and members):
 * the member lookup costs no statement of its own.
 */
export async function loadNames(store: Store, pubkeys: readonly string[]): Promise<NameRows> {
  const rows = await chunked(pubkeys, (chunk) =>
    runCompiled(
      store,
      'verified-names-members',
      chunk,
      (v): Compilable<NamePartRow> => ({
        compile: () =>
          sql<NamePartRow>`select 'v' as part, pubkey, name, default_name as n, null as tier, null as expires_on,
  null as premium_since, null as donated_sats, null as last_donation, null as customization
from verified_users where pubkey in (${sql.join(v)})
union all
select 'm', pubkey, name, null, tier, expires_on, premium_since, donated_sats, last_donation, customization
from members where pubkey in (${sql.join(v)})`.compile(store.db),
      }),
    ),
  );
  const members = new Map<string, Member>();
  for (const r of rows) if (r.part === 'm') members.set(r.pubkey, toMember(r));
  const verified = verifiedOf(
    rows.filter((r) => r.part === 'v').map((r) => ({ pubkey: r.pubkey, name: r.name, default_name: r.n })),
  );
  return { verified, members };
}

/**
 * Verified names and member rows through the read cache: what it lacks of either is read by `load` (default: one
 * `loadNames` statement for both), then kept unless a change came in meanwhile. Warm answers read nothing.
 */
export async function cachedNames(
  cache: ReadCache,
  pubkeys: readonly string[],
  load: (missing: readonly string[]) => Promise<NameRows>,
): Promise<NameRows> {
  const missing = pubkeys.filter((pk) => cache.verified.get(pk) === undefined || cache.members.get(pk) === undefined);
  let loaded: Promise<NameRows> | undefined;
  const once = () => {
    loaded ??= load(missing);
    return loaded;
  };
  const [verified, members] = await Promise.all([
    cache.lookup(cache.verified, pubkeys, async () => (await once()).verified),
    cache.lookup(cache.members, pubkeys, async () => (await once()).members),
  ]);
  return { verified, members };
}

/** Verified names and member rows of `pubkeys` (through the read cache when on). */
export function userNames(store: Store, pubkeys: readonly string[]): Promise<NameRows> {
  const cache = readCacheOf(store);
  return cache ? cachedNames(cache, pubkeys, (missing) => loadNames(store, missing)) : loadNames(store, pubkeys);
}

/**
 * What answers carrying users' profiles add about them (semantics §2.3, the bundle's "after all posts"): 10000158
 * names (verified, an active member's premium name first) when any, then 10000168 legend customization and 10000169
 * cohorts of the members among them active at `now` when any. Keys follow the order of `pubkeys`.
 */
export function nameEvents(pubkeys: readonly string[], rows: NameRows, now: number = unixNow()): CacheEvent[] {
  const byPubkey = memberNames(rows.verified, rows.members.values(), now);
  const names: Record<string, string> = {};
  const members: Member[] = [];
  for (const pk of pubkeys) {
    const name = byPubkey.get(pk);
    if (name !== undefined) names[pk] = name;
    const member = rows.members.get(pk);
    if (member) members.push(member);
  }
  const out: CacheEvent[] = [];
  if (Object.keys(names).length > 0) out.push(synth(CacheKind.VerifiedUsersDict, names));
  out.push(...memberFactEvents(members, now));
  return out;
}
