import type { User } from '@tide/core/model';
import { useT } from '../../i18n/intl.tsx';
import { Panel } from '../../ui/screen.tsx';
import { SidebarSkeleton } from '../../ui/sidebar-skeleton.tsx';
import { AuthorAvatar, UserName } from '../note/note-author.tsx';
import styles from './thread.module.css';

/** One person in a thread sidebar: avatar, name (profile link) and about. */
export function PersonRow({ user, verifiedName }: { user: User; verifiedName?: string }) {
  return (
    <div className={styles.person} data-testid="thread-person">
      <AuthorAvatar user={user} verifiedName={verifiedName} />
      <div className={styles.personText}>
        <UserName user={user} verifiedName={verifiedName} />
        {user.about ? <p className={styles.about}>{user.about}</p> : null}
      </div>
    </div>
  );
}

/** Sidebars "Replying to this Note" (the primary author) and "People in this Note" (everyone else involved). */
export function ThreadSidebar({
  author,
  people,
  verifiedNames,
  loading,
}: {
  author?: User;
  people: User[];
  verifiedNames: Record<string, string>;
  loading: boolean;
}) {
  const t = useT();
  return (
    <>
      <Panel title={t('thread.replyingTo')}>
        {loading ? (
          <SidebarSkeleton />
        ) : author ? (
          <PersonRow user={author} verifiedName={verifiedNames[author.pubkey]} />
        ) : null}
      </Panel>
      <Panel title={t('thread.people')}>
        {loading ? (
          <SidebarSkeleton />
        ) : (
          <div data-testid="thread-people">
            {people.map((u) => (
              <PersonRow key={u.pubkey} user={u} verifiedName={verifiedNames[u.pubkey]} />
            ))}
          </div>
        )}
      </Panel>
    </>
  );
}
