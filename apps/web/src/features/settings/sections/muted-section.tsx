import { useT } from '../../../i18n/intl.tsx';
import { GuestNotice } from './guest-notice.tsx';

/** Muted accounts: people whose notes are hidden, from the user's mute list. */
export function MutedSection() {
  const t = useT();
  return (
    <>
      <p>{t('settings.muted.body')}</p>
      <GuestNotice />
    </>
  );
}
