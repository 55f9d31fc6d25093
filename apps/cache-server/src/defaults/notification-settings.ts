/** Settings key (type name) of each notification type code (protocol reference §2.1). */
export const NOTIFICATION_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'NEW_USER_FOLLOWED_YOU',
  2: 'USER_UNFOLLOWED_YOU',
  3: 'YOUR_POST_WAS_ZAPPED',
  4: 'YOUR_POST_WAS_LIKED',
  5: 'YOUR_POST_WAS_REPOSTED',
  6: 'YOUR_POST_WAS_REPLIED_TO',
  7: 'YOU_WERE_MENTIONED_IN_POST',
  8: 'YOUR_POST_WAS_MENTIONED_IN_POST',
  101: 'POST_YOU_WERE_MENTIONED_IN_WAS_ZAPPED',
  102: 'POST_YOU_WERE_MENTIONED_IN_WAS_LIKED',
  103: 'POST_YOU_WERE_MENTIONED_IN_WAS_REPOSTED',
  104: 'POST_YOU_WERE_MENTIONED_IN_WAS_REPLIED_TO',
  201: 'POST_YOUR_POST_WAS_MENTIONED_IN_WAS_ZAPPED',
  202: 'POST_YOUR_POST_WAS_MENTIONED_IN_WAS_LIKED',
  203: 'POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPOSTED',
  204: 'POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPLIED_TO',
  301: 'YOUR_POST_WAS_HIGHLIGHTED',
  302: 'YOUR_POST_WAS_BOOKMARKED',
  303: 'YOUR_POST_HAD_REACTION',
};

/** Every notification type code, ascending. */
export const NOTIFICATION_TYPES: readonly number[] = Object.keys(NOTIFICATION_TYPE_NAMES)
  .map(Number)
  .sort((a, b) => a - b);

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
};
