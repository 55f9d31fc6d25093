import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useStore } from 'zustand';
import { ComposerHost } from '../features/composer/index.ts';
import { followWarning } from '../features/people/follow-warning-store.ts';
import { useT } from '../i18n/intl.tsx';
import { stores, useSession } from '../state/stores.ts';
import { BottomNav } from './bottom-nav.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import styles from './main-layout.module.css';
import { RouteFallback } from './route-fallback.tsx';
import { SideNav } from './side-nav.tsx';
import { ToastRegion } from './toast-region.tsx';

// The Enter PIN dialog loads when the session asks for it (a PIN-stored key, spec §4).
const SessionPinPrompt = lazy(() =>
  import('../features/account/session-pin-prompt.tsx').then((m) => ({ default: m.SessionPinPrompt })),
);
// The follow warning loads when a follow change would leave the list under 2 entries (spec §4).
const FollowWarningDialog = lazy(() =>
  import('../features/people/follow-warning-dialog.tsx').then((m) => ({ default: m.FollowWarningDialog })),
);

/** The main layout: left navigation, the screen (centre + right sidebar), phone bottom bar and toasts. */
export function MainLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const pinPromptOpen = useSession((s) => s.pinPromptOpen);
  const followWarningOpen = useStore(followWarning, (s) => s.pending !== null);
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
      <ToastRegion store={stores.toasts} label={t('toast.region')} dismissLabel={t('toast.dismiss')} />
      <ComposerHost />
      {pinPromptOpen ? (
        <Suspense fallback={null}>
          <SessionPinPrompt />
        </Suspense>
      ) : null}
      {followWarningOpen ? (
        <Suspense fallback={null}>
          <FollowWarningDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
