import type { FeedDescriptor } from '../../../data/app-settings.ts';
import { useAppData } from '../../../data/data-context.tsx';
import { useT } from '../../../i18n/intl.tsx';
import { Button } from '../../../ui/button.tsx';
import { addFeedToList } from './add-feed.ts';
import type { FeedListKind } from './feed-list.ts';

/** "Add to home feeds" / "Add to reads feeds" for a feed shown elsewhere (Explore, feed tests), with the spec's toasts. */
export function AddFeedButton({ kind, feed }: { kind: FeedListKind; feed: Omit<FeedDescriptor, 'enabled'> }) {
  const t = useT();
  const data = useAppData();
  const add = () =>
    void addFeedToList(
      kind,
      feed,
      {
        added: t(kind === 'home' ? 'settings.feeds.addedHome' : 'settings.feeds.addedReads'),
        failed: t('settings.saveFailed'),
        signIn: t('auth.required'),
      },
      data,
    );
  return (
    <Button variant="secondary" onClick={add}>
      {t(kind === 'home' ? 'settings.feeds.addToHome' : 'settings.feeds.addToReads')}
    </Button>
  );
}
