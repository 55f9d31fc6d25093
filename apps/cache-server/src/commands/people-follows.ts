import { type CacheEvent, Kind } from '@tide/core/nostr';
import { sql } from 'kysely';
import {
  boolArg,
  currentReplaceable,
  intArg,
  type Payload,
  type PeopleContext,
  pTagPubkeys,
  requireHex,
  requireHexList,
  userInfos,
} from './people-common.ts';

/** user_infos {pubkeys}: kind 0 of each known user, 10000108 and 10000133 follower counts, verified names. */
export async function userInfosCommand(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkeys = requireHexList(payload, 'pubkeys');
  return userInfos(ctx.store, pubkeys);
}

/** contact_list {pubkey, extended_response=true}: the kind-3 event, then user_infos of its follows. */
export async function contactList(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const extended = boolArg(payload, 'extended_response', true);
  const contacts = await currentReplaceable(ctx.store, pubkey, Kind.Contacts);
  if (!contacts) return [];
  if (!extended) return [contacts];
  return [contacts, ...(await userInfos(ctx.store, pTagPubkeys(contacts)))];
}

/**
 * user_followers {pubkey, limit=200 ≤1000}: followers, first those `pubkey` follows back, then by follower count
 * descending; answered as user_infos.
 */
export async function userFollowers(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const limit = intArg(payload, 'limit', 200, 1000);
  const rows = await ctx.store.db
    .selectFrom('pubkey_followers as f')
    .leftJoin('user_stats as s', 's.pubkey', 'f.follower_pubkey')
    .leftJoin('pubkey_followers as back', (join) =>
      join.onRef('back.pubkey', '=', 'f.follower_pubkey').on('back.follower_pubkey', '=', pubkey),
    )
    .select(['f.follower_pubkey as follower'])
    .where('f.pubkey', '=', pubkey)
    .orderBy(sql`case when back.pubkey is null then 1 else 0 end`)
    .orderBy(sql`coalesce(s.followers_count, 0)`, 'desc')
    .orderBy('f.follower_pubkey')
    .limit(limit)
    .execute();
  return userInfos(
    ctx.store,
    rows.map((row) => row.follower),
  );
}

/**
 * user_profile_followed_by {pubkey, limit=5, user_pubkey}: users that `user_pubkey` follows who also follow
 * `pubkey` (common followers), most followed first; answered as user_infos.
 */
export async function userProfileFollowedBy(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const viewer = requireHex(payload, 'user_pubkey');
  const limit = intArg(payload, 'limit', 5, 100);
  const rows = await ctx.store.db
    .selectFrom('pubkey_followers as f')
    .innerJoin('pubkey_followers as mine', (join) =>
      join.onRef('mine.pubkey', '=', 'f.follower_pubkey').on('mine.follower_pubkey', '=', viewer),
    )
    .leftJoin('user_stats as s', 's.pubkey', 'f.follower_pubkey')
    .select(['f.follower_pubkey as follower'])
    .where('f.pubkey', '=', pubkey)
    .orderBy('s.followers_count', 'desc')
    .orderBy('f.follower_pubkey', 'asc')
    .limit(limit)
    .execute();
  return userInfos(
    ctx.store,
    rows.map((row) => row.follower),
  );
}

/** Handlers of the follow-graph commands. */
export const peopleFollowsCommands = {
  user_infos: userInfosCommand,
  contact_list: contactList,
  user_followers: userFollowers,
  user_profile_followed_by: userProfileFollowedBy,
};
