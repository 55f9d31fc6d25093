import { type CacheEvent, CacheKind, toHexPubkey } from '@tide/core/nostr';
import { sql } from 'kysely';
import type { Store } from '../store/open-store.ts';
import { CommandError } from './context.ts';
import {
  currentReplaceableMany,
  followerCounts,
  intArg,
  optionalHex,
  type Payload,
  type PeopleContext,
  profileMedia,
  synthetic,
  userNameEvents,
} from './people-common.ts';
import { hiddenPubkeys } from './people-moderation.ts';

/** Words of a user query usable as full-text prefix terms (letters, digits, underscore; max 8 terms). */
export function queryTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 8);
}

/** The pubkey an `npub1…` / `nprofile1…` query (optionally `nostr:`-prefixed) names, else undefined. */
export function pubkeyFromQuery(query: string): string | undefined {
  const text = query.trim().replace(/^nostr:/, '');
  if (!/^(npub1|nprofile1)[02-9ac-hj-np-z]+$/.test(text)) return undefined;
  return toHexPubkey(text) ?? undefined;
}

/** Pubkeys whose indexed profile fields match every term as a prefix (FTS5 on SQLite, tsvector on PostgreSQL). */
async function matchUsers(store: Store, terms: string[], within: string[] | undefined, cap: number): Promise<string[]> {
  if (terms.length === 0) return within ?? [];
  if (within && within.length === 0) return [];
  if (store.dialect === 'postgres') {
    const tsquery = terms.map((t) => `${t}:*`).join(' & ');
    let q = store.db
      .selectFrom('search_users')
      .select('pubkey')
      .where(sql<boolean>`tsv @@ to_tsquery('simple', ${tsquery})`);
    if (within) q = q.where('pubkey', 'in', within);
    return (await q.limit(cap).execute()).map((r) => r.pubkey);
  }
  const match = terms.map((t) => `"${t}"*`).join(' ');
  let q = store.db
    .selectFrom('search_users')
    .select('pubkey')
    .where(sql<boolean>`rowid IN (SELECT rowid FROM search_users_fts WHERE search_users_fts MATCH ${match})`);
  if (within) q = q.where('pubkey', 'in', within);
  return (await q.limit(cap).execute()).map((r) => r.pubkey);
}

/**
 * user_search {query, limit=10 ≤100, pubkey?}: users whose profile matches the query as prefixes, ranked by
 * follower count; an npub/nprofile query names that user; with `pubkey`, only among that user's follows. Answers
 * kind 0 events (best first), 10000108 scores, 10000133 follower counts and verified names.
 */
export async function userSearch(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const query = payload?.query;
  if (typeof query !== 'string') throw new CommandError('invalid query');
  const limit = intArg(payload, 'limit', 10, 100);
  const within = optionalHex(payload, 'pubkey');
  const direct = pubkeyFromQuery(query);
  let candidates: string[];
  if (direct) {
    candidates = [direct];
  } else {
    let follows: string[] | undefined;
    if (within) {
      const rows = await ctx.store.db
        .selectFrom('pubkey_followers')
        .select('pubkey')
        .where('follower_pubkey', '=', within)
        .execute();
      follows = rows.map((r) => r.pubkey);
    }
    const terms = queryTerms(query);
    if (terms.length === 0 && !follows) return [];
    candidates = await matchUsers(ctx.store, terms, follows, 2000);
  }
  const blocked = await hiddenPubkeys(ctx.store, null, candidates);
  candidates = candidates.filter((pk) => !blocked.has(pk));
  const counts = await followerCounts(ctx.store, candidates);
  const ranked = [...candidates]
    .sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || a.localeCompare(b))
    .slice(0, limit);
  const metadata = await currentReplaceableMany(ctx.store, ranked, 0);
  if (metadata.length === 0) return [];
  const found = metadata.map((event) => event.pubkey);
  const scores = Object.fromEntries(found.map((pk) => [pk, counts[pk] ?? 0]));
  const names = await userNameEvents(ctx.store, found, ctx.now());
  const out: CacheEvent[] = [
    ...metadata,
    ...(await profileMedia(ctx.store, metadata)),
    synthetic(CacheKind.UserScore, scores),
    synthetic(CacheKind.UserFollowerCounts, scores),
  ];
  out.push(...names);
  return out;
}

/** Handlers of the user search command. */
export const peopleSearchCommands = {
  user_search: userSearch,
};
