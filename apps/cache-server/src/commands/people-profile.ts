import { type CacheEvent, CacheKind, Kind } from '@tide/core/nostr';
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
  viewerOf,
} from './people-common.ts';
import { filteringReason, filterListGroup } from './people-moderation.ts';
import { type ProfileRows, profileRowsPg } from './people-profile-pg.ts';
import { nameEvents, userNames } from './user-names.ts';

/** The 10000105 content of a user (zeros when the user is unknown). */
export async function userStatsContent(store: Store, pubkey: string): Promise<Record<string, unknown>> {
  const row = await store.db.selectFrom('user_stats').selectAll().where('pubkey', '=', pubkey).executeTakeFirst();
  return statsContentOf(pubkey, row);
}

/** The 10000105 content of a user_stats row (zeros when there is none). */
function statsContentOf(pubkey: string, row: Record<string, unknown> | undefined): Record<string, unknown> {
  const n = (v: unknown) => Number(v ?? 0);
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

/**
 * Current live-stream events (30311) of the last hour a user hosts or takes part in (author or `p`-tagged; semantics
 * §2.3 user_profile), newest first.
 */
export async function recentLiveEvents(store: Store, pubkey: string, now: number): Promise<StoredEvent[]> {
  return currentLiveEvents(store, await liveEventIds(store, pubkey, now - 3600));
}

/** Ids of live-stream events (any version) since `since` that `pubkey` hosts or is p-tagged in. */
async function liveEventIds(store: Store, pubkey: string, since: number): Promise<string[]> {
  const [tagged, authored] = await Promise.all([
    store.db
      .selectFrom('event_tags')
      .select('event_id')
      .where('name', '=', 'p')
      .where('value', '=', pubkey)
      .where('created_at', '>=', since)
      .where('kind', '=', Kind.LiveEvent)
      .execute(),
    store.db
      .selectFrom('replaceable_events')
      .select('event_id')
      .where('pubkey', '=', pubkey)
      .where('kind', '=', Kind.LiveEvent)
      .where('created_at', '>=', since)
      .execute(),
  ]);
  return [...tagged, ...authored].map((r) => r.event_id);
}

/** The current versions among live-stream event ids, newest first. */
async function currentLiveEvents(store: Store, found: readonly string[]): Promise<StoredEvent[]> {
  const ids = [...new Set(found)];
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
  return (await filterListGroup(store, pubkey, ['csam', 'impersonation'])) !== undefined;
}

/**
 * user_profile {pubkey, user_pubkey}: kind 0, 10000105 stats, 10000119 media of picture/banner, their 10000158 name
 * (an active member's premium name, else the verified one), 10000168 / 10000169 when an active member, 10000131 when
 * the viewer hides them, live-stream events (30311) of the last hour they host or take part in.
 */
export async function userProfile(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const viewer = viewerOf(ctx, payload);
  const rows = await profileRows(ctx.store, pubkey, ctx.now() - 3600);
  if (!rows) return [];
  const { metadata } = rows;
  const out: CacheEvent[] = [];
  if (metadata) out.push(metadata);
  out.push(synthetic(CacheKind.UserStats, statsContentOf(pubkey, rows.stats)));
  if (metadata) out.push(...(await profileMedia(ctx.store, [metadata])));
  const verified = new Map(rows.verified === undefined ? [] : [[pubkey, rows.verified]]);
  const members = new Map(rows.member ? [[pubkey, rows.member]] : []);
  out.push(...nameEvents([pubkey], { verified, members }, ctx.now()));
  if (viewer) {
    const reason = await filteringReason(ctx.store, viewer, pubkey);
    if (reason) out.push(reason);
  }
  out.push(...(await currentLiveEvents(ctx.store, rows.liveIds)));
  return out;
}

/**
 * What user_profile reads of `pubkey` (undefined when hard blocked): one statement on PostgreSQL
 * (`people-profile-pg.ts`), the look-ups apart on SQLite (microseconds each).
 */
async function profileRows(store: Store, pubkey: string, liveSince: number): Promise<ProfileRows | undefined> {
  if (store.dialect === 'postgres') {
    const rows = await profileRowsPg(store, pubkey, liveSince);
    return rows.blocked ? undefined : rows;
  }
  if (await isHardBlocked(store, pubkey)) return undefined;
  const [metadata, stats, names, liveIds] = await Promise.all([
    currentReplaceable(store, pubkey, 0),
    store.db.selectFrom('user_stats').selectAll().where('pubkey', '=', pubkey).executeTakeFirst(),
    // verified names and the member row in one statement (none when the read cache holds them)
    userNames(store, [pubkey]),
    liveEventIds(store, pubkey, liveSince),
  ]);
  const byColumn = stats as Record<string, number | null> | undefined;
  const verified = names.verified.get(pubkey);
  const member = names.members.get(pubkey);
  return {
    blocked: false,
    metadata,
    stats: byColumn,
    ...(verified === undefined ? {} : { verified }),
    ...(member ? { member } : {}),
    liveIds,
  };
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
  return [{ kind: CacheKind.IsUserFollowing, content: row ? 'true' : 'false' }];
}

/** Handlers of the profile commands. */
export const peopleProfileCommands = {
  user_profile: userProfile,
  is_user_following: isUserFollowing,
};
