import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useT } from '../i18n/intl.tsx';
import { TideLogo } from '../ui/icons.tsx';
import styles from './public-layout.module.css';
import { RouteFallback } from './route-fallback.tsx';

/** Layout of the public pages (terms, privacy, support …): no navigation, just the brand and page links. */
export function PublicLayout() {
  const t = useT();
  return (
    <div className={styles.page}>
      <Link to="/home" className={styles.brand}>
        <TideLogo size={28} />
        {t('app.name')}
      </Link>
      <main id="main">
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={styles.footer}>
        <Link to="/terms">{t('public.terms.heading')}</Link>
        <Link to="/privacy">{t('public.privacy.heading')}</Link>
        <Link to="/csae-policy">{t('public.csae.heading')}</Link>
        <Link to="/support">{t('public.support.heading')}</Link>
      </footer>
    </div>
  );
}
