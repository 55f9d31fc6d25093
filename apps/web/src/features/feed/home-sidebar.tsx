import { useT } from '../../i18n/intl.tsx';
import { Panel } from '../../ui/screen.tsx';
import { PremiumReminderSlot } from '../premium-reminder/index.ts';
import { SearchBox } from '../search/search-box.tsx';
import { TrendingNotes } from './trending-notes.tsx';

/**
 * The home sidebar: the premium reminder (signed-in non-members, spec §4), search with user suggestions (empty term
 * refused with the spec's message) and trending.
 */
export function HomeSidebar() {
  const t = useT();
  return (
    <>
      <PremiumReminderSlot />
      <SearchBox />
      <Panel title={t('home.trending')}>
        <TrendingNotes />
      </Panel>
    </>
  );
}
