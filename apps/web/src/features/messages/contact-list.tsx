import { useQueryClient } from '@tanstack/react-query';
import { type DmRelation, fetchDmContacts } from '@tide/core/cache';
import { emptyUser, type User } from '@tide/core/model';
import { npubEncode } from '@tide/core/nostr';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useStore } from 'zustand';
import { PAGE_SIZE, usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import { useDmCountChanges } from './dm-count.ts';
import type { DmMessage } from './dm-message.ts';
import styles from './messages.module.css';
import { privateMessages } from './private-messages.ts';

/** Query key of a contact list page set. */
export const contactsKey = (me: string, relation: string) => ['dm-contacts', me, relation] as const;

const NO_PRIVATES: Record<string, DmMessage[]> = {};

interface Row {
  pubkey: string;
  user: User;
  unread: number;
  latestAt: number;
  latestText: string | null;
}

/**
 * The conversations of `me` for one relation (follows / other / all), newest first, paged by 20
 * (`get_directmsg_contacts`), with unread counts; refreshed live when `directmsg_count` changes. Contacts known only
 * from NIP-17 messages are added on the All tab.
 */
export function ContactList({ me, relation, selected }: { me: string; relation: DmRelation; selected?: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const query = usePagedQuery(contactsKey(me, relation), (client, cursor, signal) =>
    fetchDmContacts(
      client,
      { user_pubkey: me, relation, limit: PAGE_SIZE, until: cursor?.until, offset: cursor?.offset },
      { signal },
    ),
  );
  const changes = useDmCountChanges();
  const seen = useRef(changes);
  useEffect(() => {
    if (seen.current === changes) return;
    seen.current = changes;
    void queryClient.invalidateQueries({ queryKey: ['dm-contacts', me] });
  }, [changes, me, queryClient]);
  const privates = useStore(privateMessages, (s) => (s.pubkey === me ? s.byContact : NO_PRIVATES));

  if (!query.page) return <SkeletonList label={t('common.loading')} count={4} />;
  const page = query.page;
  const rows: Row[] = page.dmContacts.map((c) => {
    const last = privates[c.pubkey]?.at(-1);
    return {
      pubkey: c.pubkey,
      user: page.users[c.pubkey] ?? emptyUser(c.pubkey),
      unread: c.dmInfo.cnt,
      latestAt: Math.max(c.dmInfo.latest_at, last?.createdAt ?? 0),
      latestText: last && last.createdAt >= c.dmInfo.latest_at ? last.text : null,
    };
  });
  if (relation === 'any') {
    const listed = new Set(rows.map((r) => r.pubkey));
    for (const [pubkey, list] of Object.entries(privates)) {
      const last = list.at(-1);
      if (listed.has(pubkey) || !last) continue;
      rows.push({ pubkey, user: emptyUser(pubkey), unread: 0, latestAt: last.createdAt, latestText: last.text });
    }
  }
  rows.sort((a, b) => b.latestAt - a.latestAt);
  if (rows.length === 0) return <EmptyState title={t('messages.noContacts')} />;
  return (
    <>
      <ul className={styles.contacts} aria-label={t('messages.contactsLabel')}>
        {rows.map((row) => {
          const npub = npubEncode(row.pubkey);
          return (
            <li key={row.pubkey}>
              <Link
                to={`/dms/${npub}`}
                className={styles.contact}
                aria-current={selected === row.pubkey ? 'page' : undefined}
                data-testid="dm-contact"
                data-pubkey={row.pubkey}
              >
                <Avatar src={row.user.picture} size="sm" pubkey={row.pubkey} />
                <span className={styles.contactText}>
                  <span className={styles.contactName}>
                    {userName(row.user)}
                    <MemberBadge pubkey={row.pubkey} />
                  </span>
                  {row.latestText ? <span className={styles.contactLatest}>{row.latestText}</span> : null}
                </span>
                {row.unread > 0 ? (
                  <span
                    className={styles.unread}
                    data-testid="dm-contact-unread"
                    title={t('messages.unreadCount', { count: row.unread })}
                  >
                    {row.unread}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {query.hasNextPage ? (
        <Button variant="secondary" size="sm" onClick={query.fetchNextPage} disabled={query.isFetchingNextPage}>
          {t('messages.moreContacts')}
        </Button>
      ) : null}
    </>
  );
}
