import type { ComponentType } from 'react';
import type { MessageId } from '../i18n/intl.tsx';
import {
  BellIcon,
  BookmarkIcon,
  DownloadIcon,
  ExploreIcon,
  HomeIcon,
  type IconProps,
  MessagesIcon,
  PremiumIcon,
  ReadsIcon,
  SettingsIcon,
} from '../ui/icons.tsx';
import { signedInLazy } from './signed-in-lazy.tsx';

// The live unread counts are for signed-in users: their code loads with the first signed-in render.
const DmBadge = signedInLazy(() => import('../features/messages/index.ts').then((m) => m.DmBadge));
const NotifBadge = signedInLazy(() => import('../features/notifications/notif-badge.tsx').then((m) => m.NotifBadge));

/** One entry of the main navigation. */
export interface NavItem {
  to: string;
  label: MessageId;
  icon: ComponentType<IconProps>;
  /** Shown in the phone's bottom bar (the rest sit behind "More"). */
  phone: boolean;
  /** A live count shown beside the entry (e.g. unread notifications), rendering nothing when there is none. */
  badge?: ComponentType;
}

/** The main navigation in order (issue 2: Home … Settings; the sign-in entry follows). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', label: 'nav.home', icon: HomeIcon, phone: true },
  { to: '/reads', label: 'nav.reads', icon: ReadsIcon, phone: true },
  { to: '/explore', label: 'nav.explore', icon: ExploreIcon, phone: true },
  { to: '/dms', label: 'nav.messages', icon: MessagesIcon, phone: true, badge: DmBadge },
  { to: '/bookmarks', label: 'nav.bookmarks', icon: BookmarkIcon, phone: false },
  { to: '/notifications', label: 'nav.notifications', icon: BellIcon, phone: true, badge: NotifBadge },
  { to: '/downloads', label: 'nav.downloads', icon: DownloadIcon, phone: false },
  { to: '/premium', label: 'nav.premium', icon: PremiumIcon, phone: false },
  { to: '/settings', label: 'nav.settings', icon: SettingsIcon, phone: false },
];
