import { EmptyState, Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { SkeletonList } from '../../ui/skeleton.tsx';

/** Bookmarks: the signed-in user's saved notes and articles; guests are asked to sign in. */
export function BookmarksFrame() {
  const t = useT();
  const signedIn = useSession((s) => s.publicKey !== null);
  return (
    <Screen heading={t('bookmarks.heading')}>
      {signedIn ? (
        <SkeletonList label={t('common.loading')} />
      ) : (
        <EmptyState title={t('bookmarks.guestTitle')}>{t('bookmarks.guestBody')}</EmptyState>
      )}
    </Screen>
  );
}
