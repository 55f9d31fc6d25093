import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { enrichPosts } from './bundle.ts';
import type { CommandContext } from './context.ts';
import {
  currentReplaceableMany,
  intArg,
  type Payload,
  type PeopleContext,
  requireHex,
  synthetic,
  userNameEvents,
  viewerOf,
} from './people-common.ts';
import { requireSignedEvent } from './signed-request.ts';

/** report_user {pubkey, event_from_user}: records a report by the signer against `pubkey`. Answers nothing. */
export async function reportUser(ctx: CommandContext, payload: Payload): Promise<CacheEvent[]> {
  const event = requireSignedEvent(payload, 'event_from_user', ctx.now());
  const target = requireHex(payload, 'pubkey');
  await ctx.store.write((trx) =>
    trx.insertInto('reports').values({ reporter: event.pubkey, type: 1, target, created_at: ctx.now() }).execute(),
  );
  return [];
}

/** Display name of a kind-0 content (display_name, displayName, name), '' when unreadable. */
function profileName(content: string): string {
  try {
    const meta = JSON.parse(content) as Record<string, unknown>;
    for (const key of ['display_name', 'displayName', 'name']) {
      const value = meta[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  } catch {
    // unreadable metadata: no name
  }
  return '';
}

/**
 * get_suggested_users: groups of well-followed users computed from the store ("Popular" by followers, "Writers" by
 * articles), each member `{pubkey, name}`; then the members' kind 0, a 10000108 score map, and their 10000158 names and
 * 10000168 / 10000169 membership facts when any.
 */
export async function getSuggestedUsers(ctx: PeopleContext): Promise<CacheEvent[]> {
  const size = 12;
  // users with a profile (kind 0), with their follower counts
  const withProfiles = () =>
    ctx.store.db
      .selectFrom('user_stats')
      .innerJoin('replaceable_events as r', (j) => j.onRef('r.pubkey', '=', 'user_stats.pubkey').on('r.kind', '=', 0))
      .select(['user_stats.pubkey', 'followers_count']);
  const popular = await withProfiles()
    .where('followers_count', '>', 0)
    .orderBy('followers_count', 'desc')
    .orderBy('user_stats.pubkey')
    .limit(size)
    .execute();
  const writers = await withProfiles()
    .where('long_form_note_count', '>', 0)
    .orderBy('long_form_note_count', 'desc')
    .orderBy('followers_count', 'desc')
    .orderBy('user_stats.pubkey')
    .limit(size)
    .execute();
  const all = [...new Set([...popular, ...writers].map((row) => row.pubkey))];
  const metadata = await currentReplaceableMany(ctx.store, all, 0);
  const names = new Map(metadata.map((event) => [event.pubkey, profileName(event.content)]));
  const member = (pubkey: string) => ({ pubkey, name: names.get(pubkey) ?? '' });
  const groups = [
    { group: 'Popular', members: popular.map((row) => member(row.pubkey)) },
    { group: 'Writers', members: writers.map((row) => member(row.pubkey)) },
  ].filter((group) => group.members.length > 0);
  const scores = Object.fromEntries([...popular, ...writers].map((row) => [row.pubkey, Number(row.followers_count)]));
  // names and membership facts of the suggested users (none for non-members)
  const facts = await userNameEvents(ctx.store, all, ctx.now());
  return [synthetic(CacheKind.SuggestedUsers, groups), ...metadata, synthetic(CacheKind.UserScore, scores), ...facts];
}

/**
 * user_profile_scored_content {pubkey, limit=5 ≤100, user_pubkey}: the user's top-scored notes as an enriched
 * bundle (best first; FeedRange ordered by score).
 */
export async function userProfileScoredContent(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const viewer = viewerOf(ctx, payload) ?? null;
  const limit = intArg(payload, 'limit', 5, 100);
  const rows = await ctx.store.db
    .selectFrom('event_stats')
    .select(['event_id', 'score'])
    .where('author_pubkey', '=', pubkey)
    .where('kind', '=', 1)
    .orderBy('score', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return enrichPosts(
    ctx.store,
    rows.map((row) => ({ id: row.event_id, value: Number(row.score) })),
    { viewer, orderBy: 'score' },
  );
}

/** Handlers of the remaining people commands. */
export const peopleMiscCommands = {
  report_user: reportUser,
  get_suggested_users: getSuggestedUsers,
  user_profile_scored_content: userProfileScoredContent,
};
