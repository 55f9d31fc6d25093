import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from '../frames.module.css';

/** Search: the term form (empty refused with 'Please enter search term') and users/content results tabs. */
export function SearchFrame({ query }: { query?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [term, setTerm] = useState(query ?? '');
  const [error, setError] = useState<string | undefined>();
  const [tab, setTab] = useState('users');

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = term.trim();
    if (!value) {
      setError(t('search.emptyTerm'));
      return;
    }
    setError(undefined);
    navigate(`/search/${encodeURIComponent(value)}`);
  }

  return (
    <Screen heading={query ? t('search.resultsHeading') : t('search.heading')}>
      {/* biome-ignore lint/a11y/useSemanticElements: role=search equals <search>, which happy-dom (tests) does not know */}
      <form role="search" className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('search.fieldLabel')}
          type="search"
          value={term}
          error={error}
          onChange={(e) => setTerm(e.currentTarget.value)}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {query ? (
        <Tabs
          label={t('search.resultsLabel')}
          items={[
            { id: 'users', label: t('search.users') },
            { id: 'content', label: t('search.content') },
          ]}
          value={tab}
          onChange={setTab}
        >
          <SkeletonList label={t('common.loading')} count={3} />
        </Tabs>
      ) : null}
    </Screen>
  );
}
