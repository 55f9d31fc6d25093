import { NotificationType } from '@tide/core/nostr';
import type { MessageId } from '../../../i18n/intl.tsx';

/** One group of notification switches in settings (spec §2, notifications section). */
export interface NotificationGroup {
  title: MessageId;
  types: ReadonlyArray<{ type: number; label: MessageId }>;
}

/** The four groups; every type defaults to on (spec §3). */
export const NOTIFICATION_GROUPS: readonly NotificationGroup[] = [
  {
    title: 'settings.notifications.core',
    types: [
      { type: NotificationType.NewUserFollowedYou, label: 'settings.notifications.t1' },
      { type: NotificationType.YourPostWasZapped, label: 'settings.notifications.t3' },
      { type: NotificationType.YourPostWasLiked, label: 'settings.notifications.t4' },
      { type: NotificationType.YourPostWasReposted, label: 'settings.notifications.t5' },
      { type: NotificationType.YourPostWasRepliedTo, label: 'settings.notifications.t6' },
      { type: NotificationType.YouWereMentionedInPost, label: 'settings.notifications.t7' },
      { type: NotificationType.YourPostWasMentionedInPost, label: 'settings.notifications.t8' },
    ],
  },
  {
    title: 'settings.notifications.mentionedIn',
    types: [
      { type: NotificationType.PostYouWereMentionedInWasZapped, label: 'settings.notifications.zapped' },
      { type: NotificationType.PostYouWereMentionedInWasLiked, label: 'settings.notifications.liked' },
      { type: NotificationType.PostYouWereMentionedInWasReposted, label: 'settings.notifications.reposted' },
      { type: NotificationType.PostYouWereMentionedInWasRepliedTo, label: 'settings.notifications.repliedTo' },
    ],
  },
  {
    title: 'settings.notifications.yourNotesMentionedIn',
    types: [
      { type: NotificationType.PostYourPostWasMentionedInWasZapped, label: 'settings.notifications.zapped' },
      { type: NotificationType.PostYourPostWasMentionedInWasLiked, label: 'settings.notifications.liked' },
      { type: NotificationType.PostYourPostWasMentionedInWasReposted, label: 'settings.notifications.reposted' },
      { type: NotificationType.PostYourPostWasMentionedInWasRepliedTo, label: 'settings.notifications.repliedTo' },
    ],
  },
  {
    title: 'settings.notifications.additional',
    types: [
      { type: NotificationType.YourPostWasHighlighted, label: 'settings.notifications.t301' },
      { type: NotificationType.YourPostWasBookmarked, label: 'settings.notifications.t302' },
      { type: NotificationType.YourPostHadReaction, label: 'settings.notifications.t303' },
    ],
  },
];

/** Default notification settings: every type on. */
export function defaultNotificationSettings(): Record<number, boolean> {
  return Object.fromEntries(NOTIFICATION_GROUPS.flatMap((g) => g.types.map(({ type }) => [type, true])));
}

/** The settings key of a notification type (`notifications` map: NEW_USER_FOLLOWED_YOU, ...). */
export function notificationSettingName(type: number): string {
  const key = Object.entries(NotificationType).find(([, value]) => value === type)?.[0] ?? String(type);
  return key.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The additional preferences (`notificationsAdditional`) with their defaults (protocol semantics §5.2). */
export const ADDITIONAL_NOTIFICATION_SETTINGS = [
  { key: 'ignore_events_with_too_many_mentions', label: 'settings.notifications.tooManyMentions', fallback: true },
  {
    key: 'only_show_dm_notifications_from_users_i_follow',
    label: 'settings.notifications.dmsFromFollows',
    fallback: true,
  },
  {
    key: 'only_show_reactions_from_users_i_follow',
    label: 'settings.notifications.reactionsFromFollows',
    fallback: false,
  },
  { key: 'include_deep_replies', label: 'settings.notifications.deepReplies', fallback: true },
] as const satisfies ReadonlyArray<{ key: string; label: MessageId; fallback: boolean }>;
