import { Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { HomeSidebar } from './home-sidebar.tsx';

/** Home: the selected feed's notes (loading skeletons until the feed hooks arrive) and the search sidebar. */
export function HomeFrame() {
  const t = useT();
  return (
    <Screen heading={t('home.heading')} sidebar={<HomeSidebar />} sidebarLabel={t('layout.sidebar')}>
      <SkeletonList label={t('home.loading')} />
    </Screen>
  );
}
