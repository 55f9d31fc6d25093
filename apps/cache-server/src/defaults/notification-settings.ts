import { NOTIFICATION_TYPE_NAMES } from '../ingest/notifications/settings.ts';

export { NOTIFICATION_TYPE_NAMES };

/** Type codes a user can toggle in settings and that count toward the unread badge (1–8, 101–104, 201–204, 301–303). */
export const NOTIFICATION_TYPES: readonly number[] = Object.keys(NOTIFICATION_TYPE_NAMES)
  .map(Number)
  .filter((type) => type <= 303)
  .sort((a, b) => a - b);

/** Types get_notifications lists: the settings types plus live events (501) and deep replies (601); never DMs (401). */
export const LISTED_NOTIFICATION_TYPES: ReadonlySet<number> = new Set([...NOTIFICATION_TYPES, 501, 601]);

/**
 * Types every client of the protocol renders: the reference web client's NotificationType (1–8, 101–104, 201–204).
 * Such a client looks each listed type up in its tables and its "All" tab fails on one it does not know, and the
 * request carries no version, so get_notifications lists only these unless the client asks for `extended_types`.
 */
export const CLASSIC_NOTIFICATION_TYPES: ReadonlySet<number> = new Set(NOTIFICATION_TYPES.filter((type) => type < 300));

/** Default per-type notification toggles: every type on (spec §3). */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<Record<string, boolean>> = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [NOTIFICATION_TYPE_NAMES[type], true]),
);

/** Default additional notification preferences (semantics §5.2). */
export const DEFAULT_NOTIFICATIONS_ADDITIONAL: Readonly<Record<string, boolean>> = {
  ignore_events_with_too_many_mentions: true,
  only_show_dm_notifications_from_users_i_follow: true,
  only_show_reactions_from_users_i_follow: false,
  include_deep_replies: true,
};

/** Notification type codes per `type_group` of get_notifications (semantics §2.3). */
export const NOTIFICATION_TYPE_GROUPS: Readonly<Record<string, readonly number[] | null>> = {
  all: null,
  zaps: [3],
  replies: [6, 601],
  mentions: [7, 8],
  reposts: [5],
  // Tide's Reactions tab (an addition to the protocol's groups): likes and emoji reactions to the user's notes.
  reactions: [4, 303],
};
