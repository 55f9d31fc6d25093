import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fetchSpecPage } from '../../data/spec-page.ts';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { useSession } from '../../state/stores.ts';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import styles from '../frames.module.css';
import { ArticleList } from './article-list.tsx';
import readsStyles from './reads.module.css';
import { loadReadsFeeds, topicSpec } from './reads-queries.ts';
import { ReadsSidebar } from './reads-sidebar.tsx';

/** The articles of one reads feed spec: first page of 20, infinite scroll. */
export function ReadsFeed({ spec }: { spec: string }) {
  const t = useT();
  const location = useLocation();
  const viewer = useSession((s) => s.publicKey);
  const feed = usePagedQuery(['reads-feed', spec, viewer], (client, cursor, signal) =>
    fetchSpecPage(client, spec, cursor, viewer, 'reads_feed', signal),
  );
  if (feed.status === 'pending') return <SkeletonList label={t('reads.loading')} />;
  if (feed.status === 'error' || !feed.page) {
    return (
      <p className={readsStyles.message} role="alert">
        {t('reads.loadFailed')}
      </p>
    );
  }
  const { reads } = feed.page;
  return (
    <>
      {reads.length === 0 ? <p className={readsStyles.message}>{t('reads.empty')}</p> : null}
      <ArticleList
        articles={reads}
        onEndReached={feed.fetchNextPage}
        restoreKey={`reads:${spec}:${location.key}`}
        footer={feed.isFetchingNextPage ? <SkeletonList count={2} label={t('reads.loadingMore')} /> : null}
      />
    </>
  );
}

/** Reads: the reads feed selector (`get_reads_feeds`) or a topic (`/reads/:topic`), article cards, the sidebar. */
export function ReadsFrame({ topic }: { topic?: string }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const canSign = useSession((s) => s.canSign);
  const feeds = useCacheQuery(
    ['reads-feeds', viewer, canSign],
    (client, signal) => loadReadsFeeds(client, signal, canSign ? session.signer : null),
    { staleTime: 60_000 },
  );
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const list = feeds.data ?? [];
  const spec = topic ? topicSpec(topic) : (selected ?? list[0]?.spec);
  return (
    <Screen
      heading={t('reads.heading')}
      title={topic ? t('reads.topicTitle', { topic }) : undefined}
      actions={
        <Link to="/reads/edit" className={styles.muted}>
          {t('reads.write')}
        </Link>
      }
      sidebarLabel={t('layout.sidebar')}
      sidebar={<ReadsSidebar />}
    >
      {topic ? (
        <p className={`${styles.prose} ${styles.muted}`}>
          {t('reads.topic', { topic })} <Link to="/reads">{t('reads.allFeeds')}</Link>
        </p>
      ) : (
        <div className={styles.pickers}>
          <label>
            <span className={styles.muted}>{t('reads.feed')} </span>
            <select
              value={spec ?? ''}
              onChange={(e) => setSelected(e.target.value)}
              data-testid="reads-feed-select"
              disabled={!list.length}
            >
              {list.map((f) => (
                <option key={f.spec} value={f.spec} title={f.description}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {spec ? (
        <ReadsFeed key={spec} spec={spec} />
      ) : feeds.status === 'error' ? (
        <p className={readsStyles.message} role="alert">
          {t('reads.loadFailed')}
        </p>
      ) : (
        <SkeletonList label={t('reads.loading')} />
      )}
    </Screen>
  );
}
