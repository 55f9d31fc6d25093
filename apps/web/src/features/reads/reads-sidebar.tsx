import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Panel } from '../../ui/screen.tsx';
import { SidebarSkeleton } from '../../ui/sidebar-skeleton.tsx';
import { AuthorAvatar, UserName } from '../note/note-author.tsx';
import styles from './reads.module.css';
import { loadReadsSidebar } from './reads-queries.ts';

/** The reads sidebar: top picks (`get_recommended_reads`), topics and a featured author. */
export function ReadsSidebar() {
  const t = useT();
  const query = useCacheQuery(['reads-sidebar'], (client, signal) => loadReadsSidebar(client, signal), {
    staleTime: 60_000,
  });
  const data = query.data;
  const featuredUser = data?.featured ? data.featured.page.users[data.featured.pubkey] : undefined;
  return (
    <>
      <Panel title={t('reads.topPicks')}>
        {data ? (
          <div data-testid="reads-top-picks">
            {data.topPicks.reads.map((a) => (
              <Link key={a.id} to={`/a/${a.naddr}`} className={styles.pick}>
                <Avatar src={a.user.picture} size="micro" pubkey={a.user.pubkey} /> {a.title || t('reads.untitled')}
              </Link>
            ))}
          </div>
        ) : (
          <SidebarSkeleton />
        )}
      </Panel>
      <Panel title={t('reads.topics')}>
        {data ? (
          <div className={styles.topics} data-testid="reads-topics">
            {data.topics.map((topic) => (
              <Link key={topic} to={`/reads/${encodeURIComponent(topic)}`} className={styles.topic}>
                {topic}
              </Link>
            ))}
          </div>
        ) : (
          <SidebarSkeleton />
        )}
      </Panel>
      <Panel title={t('reads.featuredAuthor')}>
        {featuredUser ? (
          <div className={styles.cardMeta} data-testid="reads-featured-author">
            <AuthorAvatar user={featuredUser} />
            <UserName user={featuredUser} />
            <span className={styles.cardSummary}>{featuredUser.about}</span>
          </div>
        ) : data ? null : (
          <SidebarSkeleton />
        )}
      </Panel>
    </>
  );
}
