import { useT } from '../../../i18n/intl.tsx';
import styles from '../../frames.module.css';
import { booleanRecord, useSavedSettings } from '../sync/use-saved-settings.ts';
import { GuestNotice } from './guest-notice.tsx';
import {
  ADDITIONAL_NOTIFICATION_SETTINGS,
  NOTIFICATION_GROUPS,
  notificationSettingName,
} from './notification-groups.ts';

/** Notification settings: the four groups of spec §2 (all on by default) and the additional preferences, saved. */
export function NotificationsSection() {
  const t = useT();
  const { raw, save } = useSavedSettings();
  const enabled = booleanRecord(raw?.notifications);
  const additional = booleanRecord(raw?.notificationsAdditional);
  return (
    <>
      <GuestNotice />
      {NOTIFICATION_GROUPS.map((group) => (
        <fieldset key={group.title} className={styles.fieldset}>
          <legend>{t(group.title)}</legend>
          {group.types.map(({ type, label }) => {
            const name = notificationSettingName(type);
            return (
              <label key={type} className={styles.checkRow}>
                <input
                  type="checkbox"
                  checked={enabled[name] ?? true}
                  onChange={(e) => save({ notifications: { ...enabled, [name]: e.currentTarget.checked } })}
                />
                {t(label)}
              </label>
            );
          })}
        </fieldset>
      ))}
      <fieldset className={styles.fieldset}>
        <legend>{t('settings.notifications.more')}</legend>
        {ADDITIONAL_NOTIFICATION_SETTINGS.map(({ key, label, fallback }) => (
          <label key={key} className={styles.checkRow}>
            <input
              type="checkbox"
              checked={additional[key] ?? fallback}
              onChange={(e) => save({ notificationsAdditional: { ...additional, [key]: e.currentTarget.checked } })}
            />
            {t(label)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
