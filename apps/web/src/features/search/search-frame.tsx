import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Screen } from '../../ui/screen.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { AdvancedSearchForm } from './advanced-search-form.tsx';
import { SearchBox } from './search-box.tsx';
import { ContentResults, UserResults } from './search-results.tsx';

/** Search: the search box with user suggestions and the advanced search form; `/search/:query` shows users and content. */
export function SearchFrame({ query }: { query?: string }) {
  const t = useT();
  const [tab, setTab] = useState(query?.trim() ? 'content' : 'users');
  const term = query?.trim() ?? '';
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
          onChange={setTab}
        >
          {tab === 'users' ? <UserResults query={term} /> : <ContentResults query={term} />}
        </Tabs>
      ) : (
        <AdvancedSearchForm />
      )}
    </Screen>
  );
}
