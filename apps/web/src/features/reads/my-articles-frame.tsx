import { useNavigate } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { Tabs } from '../../ui/tabs.tsx';

/** My Articles tabs, also the `/myarticles/:tab` values. */
export const MY_ARTICLES_TABS = ['published', 'drafts'] as const;

/** My Articles: published and drafts tabs (the tab lives in the URL) with the spec's empty states. */
export function MyArticlesFrame({ tab }: { tab?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const current = tab === 'drafts' ? 'drafts' : 'published';
  return (
    <Screen heading={t('myArticles.heading')}>
      <Tabs
        label={t('myArticles.tabsLabel')}
        items={[
          { id: 'published', label: t('myArticles.tab.published') },
          { id: 'drafts', label: t('myArticles.tab.drafts') },
        ]}
        value={current}
        onChange={(id) => navigate(`/myarticles/${id}`)}
      >
        {current === 'published' ? (
          <EmptyState title={t('myArticles.emptyPublished')}>{t('myArticles.emptyPublishedHint')}</EmptyState>
        ) : (
          <EmptyState title={t('myArticles.emptyDrafts')}>{t('myArticles.emptyDraftsHint')}</EmptyState>
        )}
      </Tabs>
    </Screen>
  );
}
