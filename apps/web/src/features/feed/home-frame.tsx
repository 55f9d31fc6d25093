import { lazy, Suspense, useState } from 'react';
import type { FeedDescriptor } from '../../data/app-settings.ts';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { useSession, useSettings } from '../../state/stores.ts';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { homeTarget } from '../fallback/fallback-target.ts';
import styles from './home.module.css';
import { HomeFeed } from './home-feed.tsx';
import { loadHomeFeeds } from './home-feed-queries.ts';
import { HomeSidebar } from './home-sidebar.tsx';

// Only a known viewer's home can be read from relays: guests' first screen never loads the gate.
const RelayFallbackGate = lazy(() =>
  import('../fallback/relay-fallback-gate.tsx').then((m) => ({ default: m.RelayFallbackGate })),
);

/** The feed picked last in this page load (kept across navigation). */
let selectedSpec: string | undefined;

/**
 * Home: the feed selector, the selected feed's notes and the sidebar; for a known viewer, the follows' notes read
 * from relays while the caching service is unreachable.
 */
export function HomeFrame() {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const target = homeTarget(viewer);
  if (!target) return <HomeFeeds />;
  return (
    <Suspense fallback={<HomeFeeds />}>
      <RelayFallbackGate target={target} heading={t('home.heading')}>
        <HomeFeeds />
      </RelayFallbackGate>
    </Suspense>
  );
}

/** The feed selector (the user's own home feeds, else `get_home_feeds`), the selected feed's notes and the sidebar. */
function HomeFeeds() {
  const t = useT();
  const fallbackFeeds = useSettings((s) => s.appSettings.feeds);
  const viewer = useSession((s) => s.publicKey);
  const canSign = useSession((s) => s.canSign);
  const feeds = useCacheQuery(
    ['home-feeds', viewer, canSign],
    (client, signal) => loadHomeFeeds(client, signal, canSign ? session.signer : null),
    { staleTime: 180_000 },
  );
  const list: FeedDescriptor[] = feeds.data?.length ? feeds.data : fallbackFeeds.filter((f) => f.enabled);
  const [spec, setSpec] = useState(selectedSpec);
  const current = list.find((f) => f.spec === spec) ?? list[0];

  const select = (next: string) => {
    selectedSpec = next;
    setSpec(next);
    window.scrollTo({ top: 0 });
  };

  const selector = list.length ? (
    <select
      className={styles.selector}
      aria-label={t('feed.selector')}
      value={current?.spec}
      onChange={(e) => select(e.currentTarget.value)}
      data-testid="feed-selector"
    >
      {list.map((f) => (
        <option key={f.spec} value={f.spec} title={f.description}>
          {f.name}
        </option>
      ))}
    </select>
  ) : null;

  return (
    <Screen heading={t('home.heading')} actions={selector} sidebar={<HomeSidebar />} sidebarLabel={t('layout.sidebar')}>
      {current ? (
        <HomeFeed key={current.spec} spec={current.spec} />
      ) : feeds.status === 'error' ? (
        <p className={styles.message} role="alert">
          {t('feed.loadFailed')}
        </p>
      ) : (
        <SkeletonList label={t('home.loading')} />
      )}
    </Screen>
  );
}
