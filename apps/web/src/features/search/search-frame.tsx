import { useT } from '../../i18n/intl.tsx';
import { Screen } from '../../ui/screen.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { AdvancedSearchForm } from './advanced-search-form.tsx';
import { SearchBox } from './search-box.tsx';
import { ContentResults, UserResults } from './search-results.tsx';
import { type SearchTab, useSearchTab } from './search-tab.ts';

/** Search: the search box with user suggestions and the advanced search form; `/search/:query` shows users and content. */
export function SearchFrame({ query }: { query?: string }) {
  const t = useT();
  const term = query?.trim() ?? '';
  const [tab, setTab] = useSearchTab(term);
  return (
    <Screen heading={query ? t('search.resultsHeading') : t('search.heading')}>
      <SearchBox />
      {term ? (
        <Tabs
          label={t('search.resultsLabel')}
          items={[
            { id: 'users', label: t('search.users') },
            { id: 'content', label: t('search.content') },
          ]}
          value={tab}
          onChange={(id) => setTab(id as SearchTab)}
        >
          {tab === 'users' ? <UserResults query={term} /> : <ContentResults query={term} />}
        </Tabs>
      ) : (
        <AdvancedSearchForm />
      )}
    </Screen>
  );
}
