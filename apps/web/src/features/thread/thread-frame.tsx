import { Panel, Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { SidebarSkeleton } from '../feed/home-sidebar.tsx';

/** Props of {@link ThreadFrame}. */
export interface ThreadFrameProps {
  /** note/nevent/naddr/hex id, or a vanity identifier with `vanityName`. */
  id: string;
  vanityName?: string;
  /** The author's name once known; the title reads "Note by {name}". */
  authorName?: string;
}

/** Thread: the note and its replies (loading), sidebars "Replying to this Note" and "People in this Note". */
export function ThreadFrame({ id, vanityName, authorName }: ThreadFrameProps) {
  const t = useT();
  return (
    <Screen
      heading={t('thread.heading')}
      title={authorName ? t('thread.titleBy', { name: authorName }) : t('thread.title')}
      sidebarLabel={t('layout.sidebar')}
      sidebar={
        <>
          <Panel title={t('thread.replyingTo')}>
            <SidebarSkeleton />
          </Panel>
          <Panel title={t('thread.people')}>
            <SidebarSkeleton />
          </Panel>
        </>
      }
    >
      <div data-thread-ref={vanityName ? `${vanityName}/${id}` : id}>
        <SkeletonList label={t('thread.loading')} count={3} />
      </div>
    </Screen>
  );
}
