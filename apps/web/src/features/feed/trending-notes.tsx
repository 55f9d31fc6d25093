import { fetchScored } from '@tide/core/cache';
import { noteIdOf } from '@tide/core/model';
import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { useModeration } from '../moderation/use-moderation.ts';
import { userName } from '../note/note-author.tsx';
import styles from './home.module.css';
import { SidebarSkeleton } from './home-sidebar.tsx';

/** Scored selector of the home sidebar (protocol reference: `scored`). */
export const TRENDING_SELECTOR = 'trending_24h';
/** How many trending notes the sidebar lists (spec §9: scored notes 5). */
export const TRENDING_COUNT = 5;

/** The home sidebar's trending notes (`scored`, trending_24h): author and the start of the text, linking to the thread. */
export function TrendingNotes() {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const query = useCacheQuery(['scored', TRENDING_SELECTOR, viewer], (client, signal) =>
    fetchScored(client, { selector: TRENDING_SELECTOR, ...(viewer ? { user_pubkey: viewer } : {}) }, { signal }),
  );
  const moderation = useModeration('trending', query.data?.filteringReasons);
  if (query.status === 'pending') return <SidebarSkeleton />;
  if (query.status === 'error') return <p>{t('home.trendingFailed')}</p>;
  const notes = moderation.filterNotes(query.data.notes).slice(0, TRENDING_COUNT);
  if (!notes.length) return <p>{t('home.trendingEmpty')}</p>;
  return (
    <ul className={styles.trending} data-testid="trending">
      {notes.map((note) => (
        <li key={note.id}>
          <Link className={styles.trendingItem} to={`/e/${noteIdOf(note.id)}`}>
            <span className={styles.trendingAuthor}>{userName(note.user)}</span>
            <span className={styles.trendingText}>{note.content.slice(0, 160)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
