import { Link } from 'react-router';
import { Panel, Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { SidebarSkeleton } from '../feed/home-sidebar.tsx';
import styles from '../frames.module.css';

/** Reads: long-form articles, optionally narrowed to a topic; sidebar with topics and a link to write. */
export function ReadsFrame({ topic }: { topic?: string }) {
  const t = useT();
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
      sidebar={
        <>
          <Panel title={t('reads.topics')}>
            <SidebarSkeleton />
          </Panel>
          <Panel title={t('reads.myArticles')}>
            <Link to="/myarticles">{t('reads.myArticlesLink')}</Link>
          </Panel>
        </>
      }
    >
      {topic ? <p className={`${styles.prose} ${styles.muted}`}>{t('reads.topic', { topic })}</p> : null}
      <SkeletonList label={t('reads.loading')} />
    </Screen>
  );
}
