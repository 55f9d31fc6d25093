import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { rememberRelays, useCacheUnreachable } from '../../data/relay-fallback-status.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import type { FallbackTarget } from './fallback-target.ts';

// The fallback screen (relay pool, loaders) is its own chunk: fetched while the service is up, so that it is at
// hand when the service (which also serves the app's files) goes away; guests' home never needs it.
const loadScreen = () => import('./relay-fallback-screen.tsx');
const RelayFallbackScreen = lazy(() => loadScreen().then((m) => ({ default: m.RelayFallbackScreen })));

/** Viewers whose relays were learnt in this page session. */
const learnt = new Set<string>();

/**
 * While connected, learns the viewer's read relays (else the service's defaults) once per viewer, and fetches the
 * fallback screen's code when this screen has a target.
 */
function usePrepareFallback(hasTarget: boolean) {
  const { client } = useAppData();
  const viewer = useSession((s) => s.publicKey);
  const connected = useSession((s) => s.cacheStatus === 'connected');
  useEffect(() => {
    if (!connected || !hasTarget) return;
    void loadScreen().catch(() => undefined);
    const who = viewer ?? 'guest';
    if (learnt.has(who)) return;
    learnt.add(who);
    rememberRelays(client, viewer).catch(() => learnt.delete(who));
  }, [client, viewer, connected, hasTarget]);
}

/**
 * Renders `children` while the caching service is reachable; once it has been unreachable for a few seconds,
 * reads `target` (a thread, a profile or a viewer's home) from the user's relays instead and says so, until the
 * service is back. A null target keeps `children`.
 */
export function RelayFallbackGate({
  target,
  heading,
  children,
}: {
  target: FallbackTarget | null;
  heading: string;
  children: ReactNode;
}) {
  const t = useT();
  const unreachable = useCacheUnreachable();
  usePrepareFallback(target !== null);
  if (!unreachable || !target) return children;
  return (
    <Suspense
      fallback={
        <Screen heading={heading}>
          <SkeletonList label={t('common.loading')} />
        </Screen>
      }
    >
      <RelayFallbackScreen target={target} heading={heading} />
    </Suspense>
  );
}
