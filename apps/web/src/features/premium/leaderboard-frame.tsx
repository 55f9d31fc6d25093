import { useId, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Screen } from '../../ui/screen.tsx';
import styles from '../frames.module.css';
import { LeaderboardList } from './leaderboard-list.tsx';

/** Leaderboard sort keys (spec §3). */
export const LEADERBOARD_SORTS = ['donated_btc', 'last_donation', 'premium_since'] as const;

/** Premium users (`/premiums`) or legends (`/legends`) leaderboard with its sort picker. */
export function LeaderboardFrame({ kind }: { kind: 'premium' | 'legends' }) {
  const t = useT();
  const sortId = useId();
  const [sort, setSort] = useState<string>(kind === 'legends' ? 'donated_btc' : 'premium_since');
  const sorts = kind === 'legends' ? LEADERBOARD_SORTS.slice(0, 2) : LEADERBOARD_SORTS.slice(2);
  return (
    <Screen heading={kind === 'legends' ? t('legends.heading') : t('premiums.heading')}>
      <p className={`${styles.prose} ${styles.muted}`}>
        {kind === 'legends' ? t('legends.intro') : t('premiums.intro')}
      </p>
      <div className={styles.pickers}>
        <label htmlFor={sortId}>{t('leaderboard.sortLabel')}</label>
        <select id={sortId} value={sort} onChange={(e) => setSort(e.currentTarget.value)}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {t(
                s === 'donated_btc'
                  ? 'leaderboard.sort.donated'
                  : s === 'last_donation'
                    ? 'leaderboard.sort.latest'
                    : 'leaderboard.sort.since',
              )}
            </option>
          ))}
        </select>
      </div>
      <LeaderboardList kind={kind} sort={sort as (typeof LEADERBOARD_SORTS)[number]} />
    </Screen>
  );
}
