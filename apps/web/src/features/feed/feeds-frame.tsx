import { useT } from '../../i18n/intl.tsx';
import { Panel, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';

/** Feed tests (`/feeds`, `/feeds/:query`): shows which feed specification is being tried and its notes. */
export function FeedsFrame({ query }: { query?: string }) {
  const t = useT();
  return (
    <Screen
      heading={t('feeds.heading')}
      sidebar={
        <Panel title={t('feeds.aboutTitle')}>
          <p>{t('feeds.about')}</p>
        </Panel>
      }
      sidebarLabel={t('layout.sidebar')}
    >
      <p style={{ padding: '12px 16px', margin: 0, overflowWrap: 'anywhere' }}>
        {query ? t('feeds.query', { query }) : t('feeds.noQuery')}
      </p>
      {query ? <SkeletonList label={t('home.loading')} /> : null}
    </Screen>
  );
}
