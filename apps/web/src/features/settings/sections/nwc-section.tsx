import { useT } from '../../../i18n/intl.tsx';
import { Button } from '../../../ui/button.tsx';
import { useRequireSignIn } from '../../account/require-sign-in.ts';
import { GuestNotice } from './guest-notice.tsx';

/** Connected wallets (Nostr Wallet Connect): the list and the active wallet used for zaps. */
export function NwcSection() {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  return (
    <>
      <p>{t('settings.nwc.body')}</p>
      <GuestNotice />
      <Button onClick={() => requireSignIn()}>{t('settings.nwc.connect')}</Button>
    </>
  );
}
