import { humanizeNumber } from '@tide/core/format';
import { emptyUser } from '@tide/core/model';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { AuthorAvatar, UserName, userName } from '../note/note-author.tsx';
import { NoteList } from '../note/note-list.tsx';
import { FollowAllButton, FollowButton } from '../people/index.ts';
import { ArticleList } from '../reads/article-list.tsx';
import { DraftTitleList } from '../reads/draft-title-list.tsx';
import styles from './profile.module.css';
import { ProfileMediaGrid } from './profile-media-grid.tsx';
import { fetchProfileTabPage, loadProfilePeople, loadProfileRelays, type PagedTab } from './profile-queries.ts';

/** People shown per step in the contacts and followers tabs (spec §9: contacts 20). */
export const PEOPLE_PAGE = 20;

function Failed() {
  const t = useT();
  return (
    <p className={styles.message} role="alert">
      {t('profile.loadFailed')}
    </p>
  );
}

function Empty() {
  const t = useT();
  return (
    <p className={styles.message} data-testid="profile-tab-empty">
      {t('profile.tabEmpty')}
    </p>
  );
}

/** A paged tab (notes, replies, media, reads, drafts, zaps): 20 per page, more on scroll or button. */
export function PagedTabPanel({ tab, pubkey }: { tab: PagedTab; pubkey: string }) {
  const t = useT();
  const location = useLocation();
  const viewer = useSession((s) => s.publicKey);
  const feed = usePagedQuery(['profile-tab', tab, pubkey, viewer], (client, cursor, signal) =>
    fetchProfileTabPage(client, tab, pubkey, cursor, viewer, signal),
  );
  if (feed.status === 'pending') return <SkeletonList label={t('common.loading')} count={3} />;
  if (feed.status === 'error' || !feed.page) return <Failed />;
  const { page } = feed;
  const more = feed.isFetchingNextPage ? (
    <SkeletonList count={2} label={t('common.loading')} />
  ) : feed.hasNextPage ? (
    <Button variant="secondary" className={styles.more} onClick={feed.fetchNextPage} data-testid="profile-more">
      {t('profile.more')}
    </Button>
  ) : null;
  if (tab === 'reads') {
    if (!page.reads.length) return <Empty />;
    return <ArticleList articles={page.reads} onEndReached={feed.fetchNextPage} footer={more} />;
  }
  if (tab === 'drafts') {
    if (!page.drafts.length) return <Empty />;
    return (
      <div data-testid="profile-drafts">
        <DraftTitleList drafts={page.drafts} owner={pubkey} />
        {more}
      </div>
    );
  }
  if (tab === 'zaps') {
    if (!page.zaps.length) return <Empty />;
    return (
      <div data-testid="profile-zaps">
        {page.zaps.map((z) => {
          const receiver = page.users[z.receiver] ?? emptyUser(z.receiver);
          return (
            <div key={z.id} className={styles.row} data-testid="profile-zap">
              <AuthorAvatar user={receiver} verifiedName={page.verifiedNames[z.receiver]} />
              <div className={styles.rowText}>
                <UserName user={receiver} verifiedName={page.verifiedNames[z.receiver]} />
                {z.message ? <div className={styles.muted}>{z.message}</div> : null}
              </div>
              <strong>{t('profile.zapSats', { sats: humanizeNumber(z.amount) })}</strong>
            </div>
          );
        })}
        {more}
      </div>
    );
  }
  if (!page.notes.length) return <Empty />;
  if (tab === 'media') {
    return (
      <ProfileMediaGrid
        notes={page.notes}
        page={page}
        onEndReached={feed.fetchNextPage}
        restoreKey={`profile:media:${pubkey}:${location.key}`}
        footer={more}
      />
    );
  }
  return (
    <NoteList
      notes={page.notes}
      page={page}
      onEndReached={feed.fetchNextPage}
      restoreKey={`profile:${tab}:${pubkey}:${location.key}`}
      footer={more}
    />
  );
}

/** The contacts (following) or followers tab: people most followed first, 20 more at a time. */
export function PeopleTabPanel({ tab, pubkey }: { tab: 'contacts' | 'followers'; pubkey: string }) {
  const t = useT();
  const [shown, setShown] = useState(PEOPLE_PAGE);
  const query = useCacheQuery(['profile-people', tab, pubkey], (client, signal) =>
    loadProfilePeople(client, tab, pubkey, signal),
  );
  if (query.status === 'pending') return <SkeletonList label={t('common.loading')} count={3} />;
  if (query.status === 'error') return <Failed />;
  const { users, followers } = query.data;
  if (!users.length) return <Empty />;
  return (
    <div data-testid={`profile-${tab}`}>
      <div className={styles.row}>
        <FollowAllButton pubkeys={users.map((u) => u.pubkey)} />
      </div>
      {users.slice(0, shown).map((u) => (
        <div key={u.pubkey} className={styles.row} data-testid="profile-person">
          <AuthorAvatar user={u} />
          <div className={styles.rowText}>
            <UserName user={u} />
          </div>
          <span className={styles.muted}>
            {t('profile.followerCount', { count: humanizeNumber(followers[u.pubkey] ?? 0) })}
          </span>
          <FollowButton pubkey={u.pubkey} name={userName(u)} size="sm" />
        </div>
      ))}
      {users.length > shown ? (
        <Button
          variant="secondary"
          className={styles.more}
          onClick={() => setShown((n) => n + PEOPLE_PAGE)}
          data-testid="profile-more"
        >
          {t('profile.more')}
        </Button>
      ) : null}
    </div>
  );
}

/** The relays tab: each relay with its read / write use. */
export function RelaysTabPanel({ pubkey }: { pubkey: string }) {
  const t = useT();
  const query = useCacheQuery(['profile-relays', pubkey], (client, signal) =>
    loadProfileRelays(client, pubkey, signal),
  );
  if (query.status === 'pending') return <SkeletonList label={t('common.loading')} count={2} />;
  if (query.status === 'error') return <Failed />;
  if (!query.data.length) return <Empty />;
  return (
    <ul data-testid="profile-relays" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {query.data.map((r) => (
        <li key={r.url} className={styles.row}>
          <span className={styles.rowText}>{r.url}</span>
          <span className={styles.muted}>
            {r.read && r.write
              ? t('profile.relayReadWrite')
              : r.read
                ? t('profile.relayRead')
                : t('profile.relayWrite')}
          </span>
        </li>
      ))}
    </ul>
  );
}
