import type { Page } from '@tide/core/model';
import { npubEncode } from '@tide/core/nostr';
import { useDeferredValue } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import { findUsers } from '../search/search-queries.ts';
import styles from './composer.module.css';

/**
 * Users for the `@word` being typed: `user_search` over the whole network (10, by score; with the viewer's pubkey it
 * would search their follows only) while the word is not empty.
 */
export function useMentionUsers(query: string | null): { pubkeys: string[]; page: Page | undefined } {
  const term = useDeferredValue(query ?? '');
  const found = useCacheQuery(['composer-mention', term], (client, signal) => findUsers(client, term, null, signal), {
    enabled: term.length > 0,
  });
  if (query === null || !term) return { pubkeys: [], page: undefined };
  return { pubkeys: found.data?.pubkeys ?? [], page: found.data?.page };
}

/** Props of {@link MentionSuggestions}. */
export interface MentionSuggestionsProps {
  id: string;
  pubkeys: readonly string[];
  page: Page | undefined;
  active: number;
  onPick: (pubkey: string) => void;
}

/** The id of a suggestion option (for the textarea's aria-activedescendant). */
export function mentionOptionId(listId: string, index: number): string {
  return `${listId}-opt-${index}`;
}

/** The mention list under the text: a listbox of users (avatar, name, nip05); the textarea keeps the focus. */
export function MentionSuggestions({ id, pubkeys, page, active, onPick }: MentionSuggestionsProps) {
  const t = useT();
  if (!pubkeys.length) return null;
  return (
    <div id={id} role="listbox" aria-label={t('composer.mentions')} className={styles.mentions}>
      {pubkeys.map((pubkey, index) => {
        const user = page?.users[pubkey];
        return (
          <div
            key={pubkey}
            tabIndex={-1}
            id={mentionOptionId(id, index)}
            role="option"
            aria-selected={index === active}
            className={styles.mention}
            data-testid="mention-option"
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(pubkey);
            }}
          >
            <Avatar src={user?.picture} size="xs" pubkey={pubkey} />
            <span className={styles.mentionName}>{user ? userName(user) : `${npubEncode(pubkey).slice(0, 16)}…`}</span>
            <MemberBadge pubkey={pubkey} />
            {user?.nip05 ? <span className={styles.mentionNip05}>{user.nip05}</span> : null}
          </div>
        );
      })}
    </div>
  );
}
