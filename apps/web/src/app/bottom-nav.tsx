import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { NewNoteButton } from '../features/composer/index.ts';
import { useT } from '../i18n/intl.tsx';
import { useSession } from '../state/stores.ts';
import { MoreIcon } from '../ui/icons.tsx';
import { AccountEntry } from './account-entry.tsx';
import styles from './nav.module.css';
import { NAV_ITEMS } from './nav-items.tsx';

/** The phone navigation (below 720 px): five sections in a bottom bar, the rest behind "More". */
export function BottomNav() {
  const t = useT();
  const sheetId = useId();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const signedIn = useSession((s) => s.publicKey !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing the sheet is the effect of a route change
  useEffect(() => setOpen(false), [pathname]);

  return (
    <nav className={styles.bottom} aria-label={t('nav.phone')}>
      {open ? (
        <div id={sheetId} className={styles.sheet}>
          <ul className={styles.list}>
            {NAV_ITEMS.filter((item) => !item.phone).map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className={styles.link}>
                  <Icon />
                  <span className={styles.label}>{t(label)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <div className={styles.account}>
            <AccountEntry />
          </div>
        </div>
      ) : null}
      <ul className={styles.bottomList}>
        {NAV_ITEMS.filter((item) => item.phone).map(({ to, label, icon: Icon, badge: Badge }) => (
          <li key={to}>
            <NavLink to={to} className={styles.bottomLink} aria-label={t(label)} title={t(label)}>
              <Icon size={24} />
              {Badge ? <Badge /> : null}
            </NavLink>
          </li>
        ))}
        {signedIn ? (
          <li>
            <NewNoteButton compact />
          </li>
        ) : null}
        <li>
          <button
            type="button"
            className={styles.bottomLink}
            aria-label={t('nav.more')}
            title={t('nav.more')}
            aria-expanded={open}
            aria-controls={sheetId}
            onClick={() => setOpen((v) => !v)}
          >
            <MoreIcon size={24} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
