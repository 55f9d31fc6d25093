import { profileLink } from '@tide/core/format';
import { type FormEvent, type KeyboardEvent, useDeferredValue, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { useModeration } from '../moderation/use-moderation.ts';
import { userName } from '../note/note-author.tsx';
import styles from './search.module.css';
import { findUsers } from './search-queries.ts';

/**
 * The sidebar search: a combobox suggesting at most 10 users by score while typing (a decodable npub suggests that
 * user); Enter opens the highlighted user or `/search/:term`; an empty term says 'Please enter search term'.
 */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const listId = useId();
  const viewer = useSession((s) => s.publicKey);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | undefined>();
  const query = useDeferredValue(term.trim());
  const found = useCacheQuery(
    ['user-suggest', query, viewer],
    (client, signal) => findUsers(client, query, viewer, signal),
    {
      enabled: query.length > 0,
    },
  );
  const moderation = useModeration('content', found.data?.page.filteringReasons);
  const suggestions = open && query ? (found.data?.pubkeys ?? []).filter((pk) => !moderation.hidesUser(pk)) : [];

  function openUser(pubkey: string) {
    const page = found.data?.page;
    setOpen(false);
    setTerm('');
    navigate(profileLink(pubkey, page?.verifiedNames[pubkey]));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = term.trim();
    const chosen = suggestions[active];
    if (chosen) return openUser(chosen);
    if (!value) {
      setError(t('search.emptyTerm'));
      return;
    }
    setError(undefined);
    setOpen(false);
    navigate(`/search/${encodeURIComponent(value)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && suggestions.length) {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: role=search equals <search>, which happy-dom (tests) does not know
    <form role="search" className={styles.box} onSubmit={submit} noValidate>
      <TextField
        label={t('search.fieldLabel')}
        type="search"
        placeholder={t('search.placeholder')}
        value={term}
        error={error}
        role="combobox"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && suggestions[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        data-testid="search-input"
        onChange={(e) => {
          setTerm(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        className={styles.suggestions}
        hidden={!suggestions.length}
      >
        {suggestions.map((pubkey, i) => {
          const user = found.data?.page.users[pubkey];
          if (!user) return null;
          return (
            <div
              key={pubkey}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`${styles.userLink} ${styles.suggestion}`}
              data-testid="search-suggestion"
              onMouseDown={(e) => {
                e.preventDefault();
                openUser(pubkey);
              }}
            >
              <Avatar src={user.picture} size="sm" pubkey={pubkey} />
              <span className={styles.userText}>
                <span className={styles.userName}>
                  {userName(user)}
                  <MemberBadge pubkey={pubkey} />
                </span>
                {user.nip05 ? <span className={styles.userNip05}>{user.nip05}</span> : null}
              </span>
            </div>
          );
        })}
      </div>
    </form>
  );
}
