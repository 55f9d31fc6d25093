import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useViewerTier } from '../../data/membership-tier.ts';
import { useT } from '../../i18n/intl.tsx';
import { stores, useSession } from '../../state/stores.ts';
import { IconButton } from '../../ui/button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { CrownIcon } from '../../ui/icons-more.tsx';
import styles from './premium-reminder.module.css';
import {
  DAY_MS,
  PREMIUM_REMINDER_INTERVAL_MS,
  readPremiumReminder,
  reminderDue,
  savePremiumReminder,
} from './reminder-record.ts';

/**
 * The premium reminder (spec §4): a dismissible card inviting a signed-in user whose tier is known to be none to
 * /premium, shown when their last reminder is older than the interval; dismissing stores now and it comes back after
 * the interval (re-checked while the page stays open). Nothing for guests, members or while the tier is unknown.
 */
export function PremiumReminder() {
  const t = useT();
  const titleId = useId();
  const me = useSession((s) => s.publicKey);
  const tier = useViewerTier();
  const [last, setLast] = useState(() => (me ? readPremiumReminder(me) : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setLast(me ? readPremiumReminder(me) : 0);
    setNow(Date.now());
  }, [me]);
  const due = reminderDue(last, now);
  useEffect(() => {
    if (due) return;
    const timer = setTimeout(() => setNow(Date.now()), last + PREMIUM_REMINDER_INTERVAL_MS - now + 1);
    return () => clearTimeout(timer);
  }, [due, last, now]);
  if (!me || tier !== 'none' || !due) return null;
  const dismiss = () => {
    const at = Date.now();
    savePremiumReminder(me, at);
    setLast(at);
    setNow(at);
    stores.toasts
      .getState()
      .show({ kind: 'info', message: t('premiumReminder.dismissed', { days: PREMIUM_REMINDER_INTERVAL_MS / DAY_MS }) });
  };
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid="premium-reminder">
      <div className={styles.head}>
        <CrownIcon size={18} aria-hidden="true" className={styles.icon} />
        <h2 id={titleId} className={styles.title}>
          {t('premiumReminder.title')}
        </h2>
        <IconButton
          className={styles.dismiss}
          label={t('premiumReminder.dismiss')}
          icon={<CloseIcon size={16} aria-hidden="true" />}
          onClick={dismiss}
        />
      </div>
      <p className={styles.body}>{t('premiumReminder.body')}</p>
      <Link className={styles.link} to="/premium">
        {t('premiumReminder.cta')}
      </Link>
    </section>
  );
}
