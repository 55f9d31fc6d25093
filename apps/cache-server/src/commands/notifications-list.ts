import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { CLASSIC_NOTIFICATION_TYPES, LISTED_NOTIFICATION_TYPES, NOTIFICATION_TYPE_GROUPS } from '../defaults/index.ts';
import { enrichPosts } from './bundle.ts';
import { CommandError } from './context.ts';
import { isPubkeyArg, notificationArgs, notificationEvent } from './notifications-format.ts';
import { isNotificationVisible } from './notifications-visibility.ts';
import {
  followerCounts,
  isHex64,
  optionalHex,
  type Payload,
  type PeopleContext,
  pageArgs,
  requireHex,
  synthetic,
  userInfos,
} from './people-common.ts';
import { hiddenPubkeys } from './people-moderation.ts';

/** Most notifications one get_notifications answer carries. */
export const MAX_NOTIFICATIONS = 100;

/**
 * get_notifications {pubkey, limit=20 ≤100, since, until, offset, type_group=all, user_pubkey, extended_types}: the
 * recipient's notifications newest first (created_at within [since, until], `offset` skips rows at the boundary),
 * filtered by type group and visibility; only the types every protocol client renders (1–8, 101–104, 201–204)
 * unless `extended_types: true` asks for the newer ones too (301–303 highlights/bookmarks/reactions, 501, 601); then `{kind: 10000105, content: {pubkey, followers_count}}` for every user named in
 * them, then the enriched bundle of the referenced events (no FeedRange: clients page by created_at) and the
 * kind 0 of involved users the bundle did not cover.
 */
export async function getNotifications(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const viewer = optionalHex(payload, 'user_pubkey') ?? pubkey;
  const { limit, offset, since, until } = pageArgs(ctx, payload, MAX_NOTIFICATIONS, 10_000);
  const group = payload?.type_group ?? 'all';
  if (typeof group !== 'string' || !(group in NOTIFICATION_TYPE_GROUPS)) throw new CommandError('invalid type_group');
  const listed = payload?.extended_types === true ? LISTED_NOTIFICATION_TYPES : CLASSIC_NOTIFICATION_TYPES;
  const groupTypes = NOTIFICATION_TYPE_GROUPS[group];
  const types = groupTypes ? groupTypes.filter((type) => listed.has(type)) : null;

  const visible: Array<{
    row: { pubkey: string; created_at: number; type: number; args: string };
    users: string[];
    events: string[];
  }> = [];
  let skipped = 0;
  let scanned = 0;
  const batch = 200;
  while (visible.length < limit) {
    let q = ctx.store.db
      .selectFrom('notifications')
      .select(['pubkey', 'created_at', 'type', 'args', 'actor_pubkey', 'id'])
      .where('pubkey', '=', pubkey)
      .where('created_at', '>=', since)
      .where('created_at', '<=', until);
    if (types) {
      if (types.length === 0) break;
      q = q.where('type', 'in', [...types]);
    }
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batch).offset(scanned).execute();
    scanned += rows.length;
    const parsed = rows.map((row) => {
      const args = notificationArgs(row);
      const users = Object.entries(args).flatMap(([k, v]) => (isPubkeyArg(k) && isHex64(v) ? [v] : []));
      if (row.actor_pubkey && !users.includes(row.actor_pubkey)) users.push(row.actor_pubkey);
      const events = Object.entries(args).flatMap(([k, v]) => (!isPubkeyArg(k) && isHex64(v) ? [v] : []));
      return { row, users, events };
    });
    const hidden = await hiddenPubkeys(
      ctx.store,
      viewer,
      parsed.flatMap((item) => item.users),
    );
    for (const item of parsed) {
      if (!(await isNotificationVisible(ctx.store, item.row, item.users, hidden, listed))) continue;
      if (skipped < offset) {
        skipped += 1;
        continue;
      }
      visible.push(item);
      if (visible.length >= limit) break;
    }
    if (rows.length < batch) break;
  }

  const out: CacheEvent[] = visible.map((item) => notificationEvent(item.row));
  const actorList = [...new Set(visible.flatMap((item) => item.users))];
  const counts = await followerCounts(ctx.store, actorList);
  for (const pk of actorList)
    out.push(synthetic(CacheKind.UserStats, { pubkey: pk, followers_count: counts[pk] ?? 0 }));
  const referenced = [...new Set(visible.flatMap((item) => item.events))];
  const bundle = await enrichPosts(
    ctx.store,
    referenced.map((id) => ({ id, value: ctx.now() })),
    { viewer, range: false },
  );
  out.push(...bundle);
  const covered = new Set(bundle.flatMap((e) => (e.kind === 0 && typeof e.pubkey === 'string' ? [e.pubkey] : [])));
  const missing = actorList.filter((pk) => !covered.has(pk));
  if (missing.length > 0) out.push(...(await userInfos(ctx.store, missing)));
  return out;
}

/** Handlers of the notification list command. */
export const notificationsListCommands = {
  get_notifications: getNotifications,
};
