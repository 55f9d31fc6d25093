import type { MessageId } from '../../i18n/intl.tsx';

/** Notification tabs (spec §2) with their labels. */
export const NOTIFICATION_TABS: ReadonlyArray<{ id: string; label: MessageId }> = [
  { id: 'all', label: 'notifications.tab.all' },
  { id: 'zaps', label: 'notifications.tab.zaps' },
  { id: 'replies', label: 'notifications.tab.replies' },
  { id: 'mentions', label: 'notifications.tab.mentions' },
  { id: 'reposts', label: 'notifications.tab.reposts' },
  { id: 'reactions', label: 'notifications.tab.reactions' },
];
