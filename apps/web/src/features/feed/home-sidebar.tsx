import { Panel } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { SearchBox } from '../search/search-box.tsx';
import { TrendingNotes } from './trending-notes.tsx';

/** The home sidebar: search with user suggestions (empty term refused with the spec's message) and trending. */
export function HomeSidebar() {
  const t = useT();
  return (
    <>
      <SearchBox />
      <Panel title={t('home.trending')}>
        <TrendingNotes />
      </Panel>
    </>
  );
}

/** Three short lines holding the place of a sidebar list. */
export function SidebarSkeleton() {
  return (
    <div style={{ display: 'grid', gap: 10 }} aria-hidden="true">
      <Skeleton width="80%" />
      <Skeleton width="60%" />
      <Skeleton width="70%" />
    </div>
  );
}
