import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Panel } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TrendingNotes } from './trending-notes.tsx';

/** The home sidebar: search (empty term refused with the spec's message) and the trending block. */
export function HomeSidebar() {
  const t = useT();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = term.trim();
    if (!query) {
      setError(t('search.emptyTerm'));
      return;
    }
    setError(undefined);
    navigate(`/search/${encodeURIComponent(query)}`);
  }

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: role=search equals <search>, which happy-dom (tests) does not know */}
      <form role="search" onSubmit={submit} noValidate>
        <TextField
          label={t('search.fieldLabel')}
          type="search"
          placeholder={t('search.placeholder')}
          value={term}
          error={error}
          onChange={(e) => setTerm(e.currentTarget.value)}
        />
      </form>
      <Panel title={t('home.trending')}>
        <TrendingNotes />
      </Panel>
    </>
  );
}

/** Three short lines holding the place of a sidebar list. */
export function SidebarSkeleton() {
  return (
    <div style={{ display: 'grid', gap: 10 }} aria-hidden="true">
      <Skeleton width="80%" />
      <Skeleton width="60%" />
      <Skeleton width="70%" />
    </div>
  );
}
