import { profileLink } from '@tide/core/format';
import { Link } from 'react-router';
import { Panel } from '../../app/screen.tsx';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { userName } from '../note/note-author.tsx';
import { NoteSnippetList } from '../note/note-snippet-list.tsx';
import styles from './profile.module.css';
import type { ProfileHistoryEntry } from './profile-history.ts';
import {
  loadCommonFollowers,
  loadFollowsViewer,
  loadPopularNotes,
  loadSidebarReads,
} from './profile-sidebar-queries.ts';

/** The viewer's recently viewed profiles (most recent first). */
export function RecentProfiles({ entries }: { entries: ProfileHistoryEntry[] }) {
  const t = useT();
  return (
    <Panel title={t('profile.recent')}>
      <div className={styles.recent} data-testid="recent-profiles">
        {entries.map((e) => (
          <Link key={e.pubkey} to={`/p/${e.pubkey}`} className={styles.names}>
            <Avatar src={e.picture} size="micro" /> {e.name}
          </Link>
        ))}
      </div>
    </Panel>
  );
}

/** "Follows you" and the viewer's follows who follow this profile; nothing for guests or on your own profile. */
function ViewerRelation({ pubkey, viewer }: { pubkey: string; viewer: string }) {
  const t = useT();
  const follows = useCacheQuery(['profile-follows-you', pubkey, viewer], (client, signal) =>
    loadFollowsViewer(client, pubkey, viewer, signal),
  );
  const common = useCacheQuery(['profile-followed-by', pubkey, viewer], (client, signal) =>
    loadCommonFollowers(client, pubkey, viewer, signal),
  );
  return (
    <>
      {follows.data ? (
        <p className={styles.followsYou} data-testid="profile-follows-you">
          {t('profile.followsYou')}
        </p>
      ) : null}
      {common.data?.length ? (
        <Panel title={t('profile.followedBy')}>
          <ul className={styles.sidebarList} data-testid="profile-followed-by">
            {common.data.map((u) => (
              <li key={u.pubkey}>
                <Link to={profileLink(u.pubkey)} className={styles.names}>
                  <Avatar src={u.picture} size="micro" /> {userName(u)}
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </>
  );
}

/** The profile's sidebar: follow status and common followers (with a viewer), popular notes, two articles, recent profiles. */
export function ProfileSidebar({ pubkey, history }: { pubkey: string; history: ProfileHistoryEntry[] }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const reads = useCacheQuery(['profile-sidebar-reads', pubkey], (client, signal) =>
    loadSidebarReads(client, pubkey, signal),
  );
  const popular = useCacheQuery(['profile-popular-notes', pubkey, viewer], (client, signal) =>
    loadPopularNotes(client, pubkey, viewer, signal),
  );
  return (
    <>
      {viewer && viewer !== pubkey ? <ViewerRelation pubkey={pubkey} viewer={viewer} /> : null}
      {popular.data?.length ? (
        <Panel title={t('profile.popularNotes')}>
          <NoteSnippetList notes={popular.data} testId="profile-popular-notes" />
        </Panel>
      ) : null}
      {/* the articles wait for the popular notes above them, so a link never moves under a pointer as they arrive */}
      {reads.data?.length && !popular.isPending ? (
        <Panel title={t('profile.sidebarReads')}>
          <ul className={styles.sidebarList} data-testid="profile-sidebar-reads">
            {reads.data.map((a) => (
              <li key={a.id}>
                <Link to={`/a/${a.naddr}`} className={styles.sidebarRead}>
                  {a.title || t('reads.untitled')}
                </Link>
                {a.summary ? <span className={styles.muted}>{a.summary}</span> : null}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      <RecentProfiles entries={history} />
    </>
  );
}
