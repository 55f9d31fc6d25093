import { fetchScored } from '@tide/core/cache';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { SidebarSkeleton } from '../../ui/sidebar-skeleton.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteSnippetList } from '../note/note-snippet-list.tsx';

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
  return <NoteSnippetList notes={notes} testId="trending" />;
}
