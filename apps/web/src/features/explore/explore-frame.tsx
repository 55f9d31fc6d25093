import { truncateNumber } from '@tide/core/format';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Panel, Screen } from '../../ui/screen.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import styles from '../frames.module.css';
import { DvmFeedView } from './dvm-feed-view.tsx';
import { parseDvmFeedRouteId } from './dvm-feeds.ts';
import { ExploreFeedsPanel, ScopePicker } from './explore-feeds-panel.tsx';
import {
  EXPLORE_LABELS,
  EXPLORE_STATS,
  EXPLORE_TABS,
  EXPLORE_TIMEFRAMES,
  type ExploreScope,
  type ExploreTab,
  type ExploreTimeframe,
} from './explore-options.ts';
import { ExplorePagedPanel, ExploreTopicsPanel } from './explore-panels.tsx';
import { exploreFeedId, parseExploreFeedId } from './explore-queries.ts';
import { useNetStats } from './use-net-stats.ts';

/** BTC zapped from sats, with up to 8 decimals. */
function btc(sats: number): string {
  return (sats / 1e8).toLocaleString('en-US', { maximumFractionDigits: 8 });
}

/** Live network stats (net_stats subscription) for the sidebar. */
function NetStatsPanel() {
  const t = useT();
  const stats = useNetStats();
  return (
    <Panel title={t('explore.statsTitle')}>
      <dl className={styles.stats} data-testid="net-stats">
        {EXPLORE_STATS.map((stat) => (
          <div key={stat}>
            <dt>{t(EXPLORE_LABELS[stat] ?? 'explore.statsTitle')}</dt>
            <dd data-stat={stat}>
              {stats ? (
                stat === 'satszapped' ? (
                  btc(stats[stat])
                ) : (
                  truncateNumber(stats[stat], { decimals: 1 })
                )
              ) : (
                <Skeleton width={56} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** `/explore/feed/<timeframe>_<scope>`: the network's notes with scope and timeframe pickers kept in the address. */
function NetworkFeed({
  feedId,
  choice,
}: {
  feedId: string;
  choice: { timeframe: ExploreTimeframe; scope: ExploreScope };
}) {
  const t = useT();
  const navigate = useNavigate();
  const timeframeId = useId();
  const { timeframe, scope } = choice;
  const pick = (next: { scope?: ExploreScope; timeframe?: ExploreTimeframe }) => {
    const id = exploreFeedId(next.timeframe ?? timeframe, next.scope ?? scope);
    if (id !== feedId) navigate(`/explore/feed/${id}`, { replace: true });
  };
  return (
    <>
      <div className={styles.pickers}>
        <ScopePicker scope={scope} onChange={(s) => pick({ scope: s })} />
        <label htmlFor={timeframeId}>{t('explore.timeframeLabel')}</label>
        <select
          id={timeframeId}
          data-testid="explore-timeframe"
          value={timeframe}
          onChange={(e) => pick({ timeframe: e.currentTarget.value as ExploreTimeframe })}
        >
          {EXPLORE_TIMEFRAMES.map((f) => (
            <option key={f} value={f}>
              {t(EXPLORE_LABELS[f] ?? 'explore.timeframeLabel')}
            </option>
          ))}
        </select>
      </div>
      <ExplorePagedPanel key={feedId} tab="feeds" timeframe={timeframe} scope={scope} />
    </>
  );
}

/**
 * Explore: five tabs (the feeds tab lists the network's feeds and the DVM feeds), live network stats; `feedId` for
 * `/explore/feed/:id`: `<timeframe>_<scope>` (network notes) or `<identifier>_by_<pubkey>` (a DVM feed).
 */
export function ExploreFrame({ feedId }: { feedId?: string }) {
  const t = useT();
  const [tab, setTab] = useState<ExploreTab>('feeds');
  const [scope, setScope] = useState<ExploreScope>('global');
  const network = feedId ? parseExploreFeedId(feedId) : undefined;
  const dvm = feedId && !network ? parseDvmFeedRouteId(feedId) : undefined;
  const sidebar = <NetStatsPanel />;

  if (feedId) {
    return (
      <Screen heading={t('explore.feedHeading')} sidebarLabel={t('layout.sidebar')} sidebar={sidebar}>
        {network ? (
          <NetworkFeed feedId={feedId} choice={network} />
        ) : dvm ? (
          <DvmFeedView key={feedId} address={dvm} />
        ) : (
          <p role="alert" className={styles.form}>
            {t('explore.unknownFeed')}
          </p>
        )}
      </Screen>
    );
  }

  const panel =
    tab === 'topics' ? (
      <ExploreTopicsPanel />
    ) : tab === 'feeds' ? (
      <ExploreFeedsPanel scope={scope} onScopeChange={setScope} />
    ) : (
      <ExplorePagedPanel key={tab} tab={tab} timeframe="trending" scope={scope} />
    );
  return (
    <Screen heading={t('explore.heading')} sidebarLabel={t('layout.sidebar')} sidebar={sidebar}>
      <Tabs
        label={t('explore.tabsLabel')}
        items={EXPLORE_TABS.map((id) => ({ id, label: t(EXPLORE_LABELS[id] ?? 'explore.tabsLabel') }))}
        value={tab}
        onChange={(id) => setTab(id as ExploreTab)}
      >
        {panel}
      </Tabs>
    </Screen>
  );
}
