import { useId, useState } from 'react';
import { Panel, Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { Skeleton, SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import styles from '../frames.module.css';
import {
  EXPLORE_LABELS,
  EXPLORE_SCOPES,
  EXPLORE_STATS,
  EXPLORE_TABS,
  EXPLORE_TIMEFRAMES,
  type ExploreScope,
  type ExploreTimeframe,
} from './explore-options.ts';

/** Explore: five tabs, scope and timeframe pickers, network stats in the sidebar; `feedId` for /explore/feed/:id. */
export function ExploreFrame({ feedId }: { feedId?: string }) {
  const t = useT();
  const scopeId = useId();
  const timeframeId = useId();
  const [tab, setTab] = useState<string>('feeds');
  const [scope, setScope] = useState<ExploreScope>('global');
  const [timeframe, setTimeframe] = useState<ExploreTimeframe>('trending');

  return (
    <Screen
      heading={feedId ? t('explore.feedHeading') : t('explore.heading')}
      sidebarLabel={t('layout.sidebar')}
      sidebar={
        <Panel title={t('explore.statsTitle')}>
          <dl className={styles.stats}>
            {EXPLORE_STATS.map((stat) => (
              <div key={stat}>
                <dt>{t(EXPLORE_LABELS[stat]!)}</dt>
                <dd>
                  <Skeleton width={56} />
                </dd>
              </div>
            ))}
          </dl>
        </Panel>
      }
    >
      <div className={styles.pickers}>
        <label htmlFor={scopeId}>{t('explore.scopeLabel')}</label>
        <select id={scopeId} value={scope} onChange={(e) => setScope(e.currentTarget.value as ExploreScope)}>
          {EXPLORE_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(EXPLORE_LABELS[s]!)}
            </option>
          ))}
        </select>
        <label htmlFor={timeframeId}>{t('explore.timeframeLabel')}</label>
        <select
          id={timeframeId}
          value={timeframe}
          onChange={(e) => setTimeframe(e.currentTarget.value as ExploreTimeframe)}
        >
          {EXPLORE_TIMEFRAMES.map((f) => (
            <option key={f} value={f}>
              {t(EXPLORE_LABELS[f]!)}
            </option>
          ))}
        </select>
      </div>
      <Tabs
        label={t('explore.tabsLabel')}
        items={EXPLORE_TABS.map((id) => ({ id, label: t(EXPLORE_LABELS[id]!) }))}
        value={tab}
        onChange={setTab}
      >
        <SkeletonList label={t('common.loading')} />
      </Tabs>
    </Screen>
  );
}
