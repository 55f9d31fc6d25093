import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import type { Store } from '../store/open-store.ts';
import {
  currentReplaceable,
  eventsByIds,
  type Payload,
  type PeopleContext,
  profileMedia,
  requireHex,
  type StoredEvent,
  synthetic,
  verifiedNames,
  viewerOf,
} from './people-common.ts';
import { filteringReason } from './people-moderation.ts';

/** 10000105: user profile stats. */
export const USER_STATS_KIND = 10000105;
/** 10000125: is_user_following answer. */
export const IS_USER_FOLLOWING_KIND = 10000125;

/** The 10000105 content of a user (zeros when the user is unknown). */
export async function userStatsContent(store: Store, pubkey: string): Promise<Record<string, unknown>> {
  const row = await store.db.selectFrom('user_stats').selectAll().where('pubkey', '=', pubkey).executeTakeFirst();
  const n = (v: number | null | undefined) => Number(v ?? 0);
  return {
    pubkey,
    follows_count: n(row?.follows_count),
    followers_count: n(row?.followers_count),
    note_count: n(row?.note_count),
    long_form_note_count: n(row?.long_form_note_count),
    reply_count: n(row?.reply_count),
    time_joined: row?.time_joined == null ? null : Number(row.time_joined),
    relay_count: n(row?.relay_count),
    total_zap_count: n(row?.total_zap_count),
    total_satszapped: n(row?.total_satszapped),
    media_count: n(row?.media_count),
    content_zap_count: n(row?.content_zap_count),
  };
}

/** Kind of a live-stream event (NIP-53). */
const LIVE_EVENT_KIND = 30311;

/**
 * Current live-stream events (30311) of the last hour a user hosts or takes part in (author or `p`-tagged; semantics
 * §2.3 user_profile), newest first.
 */
export async function recentLiveEvents(store: Store, pubkey: string, now: number): Promise<StoredEvent[]> {
  const since = now - 3600;
  const [tagged, authored] = await Promise.all([
    store.db
      .selectFrom('event_tags')
      .select('event_id')
      .where('name', '=', 'p')
      .where('value', '=', pubkey)
      .where('created_at', '>=', since)
      .where('kind', '=', LIVE_EVENT_KIND)
      .execute(),
    store.db
      .selectFrom('replaceable_events')
      .select('event_id')
      .where('pubkey', '=', pubkey)
      .where('kind', '=', LIVE_EVENT_KIND)
      .where('created_at', '>=', since)
      .execute(),
  ]);
  const ids = [...new Set([...tagged, ...authored].map((r) => r.event_id))];
  if (ids.length === 0) return [];
  // Only current versions (an older version of a replaced stream may still carry the tag).
  const current = await store.db
    .selectFrom('replaceable_events')
    .select('event_id')
    .where('event_id', 'in', ids)
    .orderBy('created_at', 'desc')
    .execute();
  return eventsByIds(
    store,
    current.map((r) => r.event_id),
  );
}

/** True when the pubkey is on a hard block group (csam, impersonation): such profiles answer nothing. */
async function isHardBlocked(store: Store, pubkey: string): Promise<boolean> {
  const row = await store.db
    .selectFrom('filter_list')
    .select('grp')
    .where('target', '=', pubkey)
    .where('target_type', '=', 'pubkey')
    .where('blocked', '=', 1)
    .where('grp', 'in', ['csam', 'impersonation'])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * user_profile {pubkey, user_pubkey}: kind 0, 10000105 stats, 10000119 media of picture/banner, verified names,
 * 10000131 when the viewer hides them, live-stream events (30311) of the last hour they host or take part in.
 */
export async function userProfile(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const viewer = viewerOf(ctx, payload);
  if (await isHardBlocked(ctx.store, pubkey)) return [];
  const [metadata, stats, names] = await Promise.all([
    currentReplaceable(ctx.store, pubkey, 0),
    userStatsContent(ctx.store, pubkey),
    verifiedNames(ctx.store, [pubkey]),
  ]);
  const out: CacheEvent[] = [];
  if (metadata) out.push(metadata);
  out.push(synthetic(USER_STATS_KIND, stats));
  if (metadata) out.push(...(await profileMedia(ctx.store, [metadata])));
  if (Object.keys(names).length > 0) out.push(synthetic(CacheKind.VerifiedUsersDict, names));
  if (viewer) {
    const reason = await filteringReason(ctx.store, viewer, pubkey);
    if (reason) out.push(reason);
  }
  out.push(...(await recentLiveEvents(ctx.store, pubkey, ctx.now())));
  return out;
}

/** is_user_following {pubkey, user_pubkey}: 10000125 "true"/"false" = pubkey's contact list holds user_pubkey. */
export async function isUserFollowing(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const other = requireHex(payload, 'user_pubkey');
  const row = await ctx.store.db
    .selectFrom('pubkey_followers')
    .select('pubkey')
    .where('pubkey', '=', other)
    .where('follower_pubkey', '=', pubkey)
    .executeTakeFirst();
  return [{ kind: IS_USER_FOLLOWING_KIND, content: row ? 'true' : 'false' }];
}

/** Handlers of the profile commands. */
export const peopleProfileCommands = {
  user_profile: userProfile,
  is_user_following: isUserFollowing,
};
