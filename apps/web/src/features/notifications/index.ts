// Notifications: the /notifications screen, the live unread count and the navigation badge.
export { NotifBadge } from './notif-badge.tsx';
export { notifCountStore, shownCount, useNotifCountLive } from './notif-count.ts';
export { NotificationsFrame } from './notifications-frame.tsx';
