import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useT } from '../i18n/intl.tsx';
import { stores, useSession } from '../state/stores.ts';
import { ToastViewport } from '../ui/toast-viewport.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import styles from './main-layout.module.css';
import { RouteFallback } from './route-fallback.tsx';
import { SideNav } from './side-nav.tsx';

// The Enter PIN dialog loads when the session asks for it (a PIN-stored key, spec §4).
const SessionPinPrompt = lazy(() =>
  import('../features/account/session-pin-prompt.tsx').then((m) => ({ default: m.SessionPinPrompt })),
);

/** The main layout: left navigation, the screen (centre + right sidebar), phone bottom bar and toasts. */
export function MainLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const pinPromptOpen = useSession((s) => s.pinPromptOpen);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('layout.skipToContent')}
      </a>
      <SideNav />
      <main id="main" className={styles.main} tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <BottomNav />
      <ToastViewport store={stores.toasts} label={t('toast.region')} dismissLabel={t('toast.dismiss')} />
      {pinPromptOpen ? (
        <Suspense fallback={null}>
          <SessionPinPrompt />
        </Suspense>
      ) : null}
    </div>
  );
}
