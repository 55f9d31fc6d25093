import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import styles from '../../ui/count-badge.module.css';
import { shownCount, useNotifCountLive } from './notif-count.ts';

function LiveBadge() {
  const t = useT();
  const count = useNotifCountLive();
  if (!count) return null;
  return (
    <span
      className={styles.badge}
      data-testid="notif-badge"
      data-nav-badge=""
      role="status"
      aria-label={t('notifications.unreadBadge', { count })}
    >
      {shownCount(count)}
    </span>
  );
}

/** The unread notification count on the navigation entry (live; signed-in users only, nothing at 0). */
export function NotifBadge() {
  const signedIn = useSession((s) => s.publicKey !== null);
  return signedIn ? <LiveBadge /> : null;
}
