import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/screen.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './search.module.css';
import { type AdvancedSearchFields, buildAdvancedQuery, EMPTY_ADVANCED } from './search-queries.ts';

const TEXT_FIELDS = ['includes', 'excludes', 'hashtags', 'from', 'mentions', 'since', 'until', 'minScore'] as const;
const KINDS = ['notes', 'reads', 'images', 'videos'] as const;

/** The advanced search form: fields build an advsearch query (shown as typed) that opens `/search/:query`. */
export function AdvancedSearchForm() {
  const t = useT();
  const navigate = useNavigate();
  const [fields, setFields] = useState<AdvancedSearchFields>(EMPTY_ADVANCED);
  const [error, setError] = useState<string | undefined>();
  const query = buildAdvancedQuery(fields);
  const hasTerms = TEXT_FIELDS.some((f) => fields[f].trim() !== '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!hasTerms) {
      setError(t('search.emptyTerm'));
      return;
    }
    setError(undefined);
    navigate(`/search/${encodeURIComponent(query)}`);
  }

  return (
    <Panel title={t('search.advanced')}>
      <form className={styles.advanced} onSubmit={submit} noValidate data-testid="advanced-search">
        {TEXT_FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(`search.adv.${name}`)}
            type={name === 'since' || name === 'until' ? 'date' : 'text'}
            inputMode={name === 'minScore' ? 'numeric' : undefined}
            value={fields[name]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setFields((f) => ({ ...f, [name]: value }));
            }}
          />
        ))}
        <label>
          {t('search.adv.kind')}{' '}
          <select
            value={fields.kind}
            data-testid="advanced-kind"
            onChange={(e) => {
              const kind = e.currentTarget.value as AdvancedSearchFields['kind'];
              setFields((f) => ({ ...f, kind }));
            }}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`search.adv.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <p>
          {t('search.adv.query')}{' '}
          <code className={styles.query} data-testid="advanced-query">
            {query}
          </code>
        </p>
        {error ? (
          <p role="alert" className={styles.message}>
            {error}
          </p>
        ) : null}
        <Button type="submit">{t('search.submit')}</Button>
      </form>
    </Panel>
  );
}
