import { useId } from 'react';
import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { SkeletonList } from '../../ui/skeleton.tsx';
import frames from '../frames.module.css';
import { useModeration } from '../moderation/use-moderation.ts';
import searchStyles from '../search/search.module.css';
import { DvmFeedCard } from './dvm-feed-card.tsx';
import { loadDvmFeeds } from './dvm-feeds.ts';
import styles from './explore.module.css';
import { EXPLORE_LABELS, EXPLORE_SCOPES, EXPLORE_TIMEFRAMES, type ExploreScope } from './explore-options.ts';
import { exploreFeedId } from './explore-queries.ts';

/** The scope picker shared by the feeds tab and an explore feed page. */
export function ScopePicker({ scope, onChange }: { scope: ExploreScope; onChange: (scope: ExploreScope) => void }) {
  const t = useT();
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{t('explore.scopeLabel')}</label>
      <select
        id={id}
        data-testid="explore-scope"
        value={scope}
        onChange={(e) => onChange(e.currentTarget.value as ExploreScope)}
      >
        {EXPLORE_SCOPES.map((s) => (
          <option key={s} value={s}>
            {t(EXPLORE_LABELS[s] ?? 'explore.scopeLabel')}
          </option>
        ))}
      </select>
    </>
  );
}

/** The feed marketplace (`get_featured_dvm_feeds`): one card per DVM feed, authors moderated. */
function DvmFeedList() {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const feeds = useCacheQuery(['explore', 'dvm-feeds', viewer], (client, signal) =>
    loadDvmFeeds(client, viewer, signal),
  );
  const moderation = useModeration('trending');
  if (feeds.status === 'pending') return <SkeletonList label={t('common.loading')} count={3} />;
  if (feeds.status === 'error') {
    return (
      <p className={searchStyles.message} role="alert">
        {t('explore.loadFailed')}
      </p>
    );
  }
  const shown = feeds.data.filter((f) => !moderation.hidesUser(f.pubkey));
  if (!shown.length) return <p className={searchStyles.message}>{t('search.noResults')}</p>;
  return (
    <ul className={styles.cards} data-testid="dvm-feeds">
      {shown.map((feed) => (
        <DvmFeedCard key={feed.id} feed={feed} />
      ))}
    </ul>
  );
}

/**
 * The explore Feeds tab: the network's own feeds (one link per timeframe, in the picked scope, each opening
 * `/explore/feed/<timeframe>_<scope>`) and the DVM feeds of the marketplace (each opening its `/explore/feed/:id`).
 */
export function ExploreFeedsPanel({
  scope,
  onScopeChange,
}: {
  scope: ExploreScope;
  onScopeChange: (scope: ExploreScope) => void;
}) {
  const t = useT();
  const networkId = useId();
  const dvmId = useId();
  return (
    <>
      <section className={styles.section} aria-labelledby={networkId}>
        <h2 id={networkId} className={styles.sectionTitle}>
          {t('explore.networkFeeds')}
        </h2>
        <div className={frames.pickers}>
          <ScopePicker scope={scope} onChange={onScopeChange} />
        </div>
        <ul className={styles.feedLinks} data-testid="explore-network-feeds">
          {EXPLORE_TIMEFRAMES.map((f) => (
            <li key={f}>
              <Link className={styles.feedLink} to={`/explore/feed/${exploreFeedId(f, scope)}`}>
                {t(EXPLORE_LABELS[f] ?? 'explore.timeframeLabel')}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby={dvmId}>
        <h2 id={dvmId} className={styles.sectionTitle}>
          {t('explore.dvmFeeds')}
        </h2>
        <DvmFeedList />
      </section>
    </>
  );
}
