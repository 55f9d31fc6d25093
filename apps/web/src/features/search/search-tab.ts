import { useState } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useSession } from '../../state/stores.ts';
import { fetchAdvancedPage, findUsers } from './search-queries.ts';

/** The search results' tabs. */
export type SearchTab = 'users' | 'content';

/**
 * The tab a search opens on: Content, unless Content came back empty while people match (a person's name), then
 * Users. Once the user picks a tab it stays picked for that term. Both lists share their queries with the tabs.
 */
export function useSearchTab(term: string): [SearchTab, (tab: SearchTab) => void] {
  const viewer = useSession((s) => s.publicKey);
  const [picked, setPicked] = useState<{ term: string; tab: SearchTab } | null>(null);
  const users = useCacheQuery(['search-users', term, viewer], (client, signal) =>
    findUsers(client, term, viewer, signal),
  );
  const content = usePagedQuery(['search-content', term, viewer], (client, cursor, signal) =>
    fetchAdvancedPage(client, term, false, cursor, viewer, signal),
  );
  const pick = (tab: SearchTab) => setPicked({ term, tab });
  if (picked?.term === term) return [picked.tab, pick];
  const contentEmpty = content.status === 'success' && (content.page?.notes.length ?? 0) === 0;
  const peopleFound = users.status === 'success' && users.data.pubkeys.length > 0;
  return [contentEmpty && peopleFound ? 'users' : 'content', pick];
}
