import { useT } from '../../i18n/intl.tsx';
import styles from '../../ui/count-badge.module.css';
import { useDmCountLive } from './dm-count.ts';

/** The unread direct-message count on the navigation entry (live, signed in and awake only; nothing at 0). */
export function DmBadge() {
  const t = useT();
  const count = useDmCountLive();
  if (!count) return null;
  return (
    <span
      className={styles.badge}
      data-testid="dm-badge"
      role="status"
      aria-label={t('messages.unreadBadge', { count })}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
