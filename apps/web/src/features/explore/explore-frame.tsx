import { truncateNumber } from '@tide/core/format';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Panel, Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import styles from '../frames.module.css';
import {
  EXPLORE_LABELS,
  EXPLORE_SCOPES,
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

/** Explore: five tabs, scope and timeframe pickers, live network stats; `feedId` for /explore/feed/:id. */
export function ExploreFrame({ feedId }: { feedId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const scopeId = useId();
  const timeframeId = useId();
  const fromId = feedId ? parseExploreFeedId(feedId) : undefined;
  const [tab, setTab] = useState<ExploreTab>('feeds');
  const [scope, setScope] = useState<ExploreScope>(fromId?.scope ?? 'global');
  const [timeframe, setTimeframe] = useState<ExploreTimeframe>(fromId?.timeframe ?? 'trending');
  const pick = (next: { scope?: ExploreScope; timeframe?: ExploreTimeframe }) => {
    const s = next.scope ?? scope;
    const f = next.timeframe ?? timeframe;
    setScope(s);
    setTimeframe(f);
    if (feedId) navigate(`/explore/feed/${exploreFeedId(f, s)}`, { replace: true });
  };

  if (feedId && !fromId) {
    return (
      <Screen heading={t('explore.feedHeading')}>
        <p role="alert" className={styles.form}>
          {t('explore.unknownFeed')}
        </p>
      </Screen>
    );
  }

  const pickers = (
    <div className={styles.pickers}>
      <label htmlFor={scopeId}>{t('explore.scopeLabel')}</label>
      <select
        id={scopeId}
        data-testid="explore-scope"
        value={scope}
        onChange={(e) => pick({ scope: e.currentTarget.value as ExploreScope })}
      >
        {EXPLORE_SCOPES.map((s) => (
          <option key={s} value={s}>
            {t(EXPLORE_LABELS[s] ?? 'explore.scopeLabel')}
          </option>
        ))}
      </select>
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
  );
  const panel =
    tab === 'topics' ? (
      <ExploreTopicsPanel />
    ) : (
      <ExplorePagedPanel key={`${tab}:${timeframe}:${scope}`} tab={tab} timeframe={timeframe} scope={scope} />
    );

  return (
    <Screen
      heading={feedId ? t('explore.feedHeading') : t('explore.heading')}
      sidebarLabel={t('layout.sidebar')}
      sidebar={<NetStatsPanel />}
    >
      {feedId ? (
        <>
          {pickers}
          <ExplorePagedPanel key={`${timeframe}:${scope}`} tab="feeds" timeframe={timeframe} scope={scope} />
        </>
      ) : (
        <>
          {tab === 'feeds' ? pickers : null}
          <Tabs
            label={t('explore.tabsLabel')}
            items={EXPLORE_TABS.map((id) => ({ id, label: t(EXPLORE_LABELS[id] ?? 'explore.tabsLabel') }))}
            value={tab}
            onChange={(id) => setTab(id as ExploreTab)}
          >
            {panel}
          </Tabs>
        </>
      )}
    </Screen>
  );
}
