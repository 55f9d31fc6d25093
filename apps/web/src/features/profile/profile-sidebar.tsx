import { profileLink } from '@tide/core/format';
import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Panel } from '../../ui/screen.tsx';
import { MemberBadge } from '../member-badge/index.ts';
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
            <Avatar src={e.picture} size="micro" pubkey={e.pubkey} /> {e.name}
            <MemberBadge pubkey={e.pubkey} />
          </Link>
        ))}
      </div>
    </Panel>
  );
}

/** Whether the profile follows the viewer, and the viewer's follows who follow it (not asked for guests or yourself). */
function useViewerRelation(pubkey: string, viewer: string | null) {
  const asked = Boolean(viewer && viewer !== pubkey);
  const follows = useCacheQuery(
    ['profile-follows-you', pubkey, viewer],
    (client, signal) => loadFollowsViewer(client, pubkey, viewer ?? '', signal),
    { enabled: asked },
  );
  const common = useCacheQuery(
    ['profile-followed-by', pubkey, viewer],
    (client, signal) => loadCommonFollowers(client, pubkey, viewer ?? '', signal),
    { enabled: asked },
  );
  return { follows, common, settled: !asked || (!follows.isPending && !common.isPending) };
}

/** "Follows you" and the viewer's follows who follow this profile (see useViewerRelation). */
function ViewerRelation({ relation }: { relation: ReturnType<typeof useViewerRelation> }) {
  const t = useT();
  const { follows, common } = relation;
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
                  <Avatar src={u.picture} size="micro" pubkey={u.pubkey} /> {userName(u)}
                  <MemberBadge pubkey={u.pubkey} />
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
  const relation = useViewerRelation(pubkey, viewer);
  const reads = useCacheQuery(['profile-sidebar-reads', pubkey], (client, signal) =>
    loadSidebarReads(client, pubkey, signal),
  );
  const popular = useCacheQuery(['profile-popular-notes', pubkey, viewer], (client, signal) =>
    loadPopularNotes(client, pubkey, viewer, signal),
  );
  return (
    <>
      {/* panels show top to bottom, each once those above it have settled: nothing moves under a pointer */}
      <ViewerRelation relation={relation} />
      {relation.settled && popular.data?.length ? (
        <Panel title={t('profile.popularNotes')}>
          <NoteSnippetList notes={popular.data} testId="profile-popular-notes" />
        </Panel>
      ) : null}
      {relation.settled && !popular.isPending && reads.data?.length ? (
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
