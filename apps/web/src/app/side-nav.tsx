import { Link, NavLink } from 'react-router';
import { NewNoteButton } from '../features/composer/index.ts';
import { useT } from '../i18n/intl.tsx';
import { TideLogo } from '../ui/icons.tsx';
import { AccountEntry } from './account-entry.tsx';
import { CacheStatusLine } from './cache-status-line.tsx';
import styles from './nav.module.css';
import { NAV_ITEMS } from './nav-items.tsx';

/** The left navigation of wide screens: brand, the nine sections, the account or sign-in entry. */
export function SideNav() {
  const t = useT();
  return (
    <nav className={styles.side} aria-label={t('nav.primary')}>
      <Link to="/home" className={styles.brand} aria-label={t('nav.brandHome')}>
        <TideLogo size={30} />
        <span className={styles.brandName}>{t('app.name')}</span>
      </Link>
      <ul className={styles.list}>
        {NAV_ITEMS.map(({ to, label, icon: Icon, badge: Badge }) => (
          <li key={to}>
            <NavLink to={to} className={styles.link} data-nav-item={to}>
              <Icon />
              <span className={styles.label}>{t(label)}</span>
              {Badge ? <Badge /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
      <NewNoteButton />
      <div className={styles.account}>
        <AccountEntry />
        <CacheStatusLine />
      </div>
    </nav>
  );
}
