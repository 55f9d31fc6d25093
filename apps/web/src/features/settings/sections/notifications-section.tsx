import { useState } from 'react';
import { useT } from '../../../i18n/intl.tsx';
import styles from '../../frames.module.css';
import { GuestNotice } from './guest-notice.tsx';
import { defaultNotificationSettings, NOTIFICATION_GROUPS } from './notification-groups.ts';

/** Notification settings: four groups of switches, all on by default; saving to the service arrives with sync. */
export function NotificationsSection() {
  const t = useT();
  const [enabled, setEnabled] = useState(defaultNotificationSettings);
  return (
    <>
      <GuestNotice />
      {NOTIFICATION_GROUPS.map((group) => (
        <fieldset key={group.title} className={styles.fieldset}>
          <legend>{t(group.title)}</legend>
          {group.types.map(({ type, label }) => (
            <label key={type} className={styles.checkRow}>
              <input
                type="checkbox"
                checked={enabled[type] ?? true}
                onChange={(e) => setEnabled({ ...enabled, [type]: e.currentTarget.checked })}
              />
              {t(label)}
            </label>
          ))}
        </fieldset>
      ))}
    </>
  );
}
