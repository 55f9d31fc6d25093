/** Names of the notification types as used in app settings (`notifications` object) and the reference. */
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
  401: 'NEW_DIRECT_MESSAGE',
  501: 'LIVE_EVENT_HAPPENING',
  601: 'REPLY_TO_REPLY',
};

/** Types gated by `only_show_reactions_from_users_i_follow` (semantics §5.2 step 7). */
const FOLLOW_GATED = new Set([1, 2, 3, 4, 5, 6, 7, 8, 301, 302]);

/** A user's notification preferences parsed from their stored app settings content. */
export interface NotificationPrefs {
  /** Per-type toggle (missing → on). */
  isEnabled(type: number): boolean;
  /** Drop type 7 for posts with more than 10 `p` tags (default true). */
  ignoreTooManyMentions: boolean;
  /** Only from users the recipient follows, for reaction-like types (default false). */
  onlyFromFollows: boolean;
  /** DM notifications only from followed users (default true). */
  onlyDmsFromFollows: boolean;
  /** Deep-reply notifications (default true). */
  includeDeepReplies: boolean;
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Parses app settings content (JSON text); bad JSON yields the defaults (everything on). */
export function notificationPrefs(settingsContent: string): NotificationPrefs {
  let root: Record<string, unknown> = {};
  try {
    root = asRecord(JSON.parse(settingsContent));
  } catch {
    root = {};
  }
  const toggles = asRecord(root.notifications);
  const additional = asRecord(root.notificationsAdditional);
  const flag = (key: string, dflt: boolean) => (typeof additional[key] === 'boolean' ? additional[key] : dflt);
  return {
    isEnabled: (type) => toggles[NOTIFICATION_TYPE_NAMES[type] ?? ''] !== false,
    ignoreTooManyMentions: flag('ignore_events_with_too_many_mentions', true),
    onlyFromFollows: flag('only_show_reactions_from_users_i_follow', false),
    onlyDmsFromFollows: flag('only_show_dm_notifications_from_users_i_follow', true),
    includeDeepReplies: flag('include_deep_replies', true),
  };
}

/** True when `type` is subject to the "only from users I follow" setting. */
export function isFollowGated(type: number): boolean {
  return FOLLOW_GATED.has(type);
}
