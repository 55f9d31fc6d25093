import { useT } from '../../../i18n/intl.tsx';
import { Button } from '../../../ui/button.tsx';
import { SkeletonList } from '../../../ui/skeleton.tsx';
import { useRequireSignIn } from '../../account/require-sign-in.ts';
import { GuestNotice } from './guest-notice.tsx';

/** Home or Reads feeds: which feeds show and in which order; restoring defaults erases custom feeds. */
export function FeedsSection({ kind }: { kind: 'home' | 'reads' }) {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  return (
    <>
      <p>{kind === 'home' ? t('settings.feeds.homeBody') : t('settings.feeds.readsBody')}</p>
      <GuestNotice />
      <SkeletonList label={t('common.loading')} count={2} />
      <Button variant="secondary" onClick={() => requireSignIn()}>
        {t('settings.feeds.restore')}
      </Button>
    </>
  );
}
