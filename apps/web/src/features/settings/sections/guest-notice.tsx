import { useT } from '../../../i18n/intl.tsx';
import { useSession } from '../../../state/stores.ts';
import styles from '../../frames.module.css';

/** A line telling guests that this section needs a signed-in user; renders nothing when signed in. */
export function GuestNotice() {
  const t = useT();
  const signedIn = useSession((s) => s.publicKey !== null);
  if (signedIn) return null;
  return (
    <p className={styles.muted} role="note">
      {t('settings.guestNotice')}
    </p>
  );
}
