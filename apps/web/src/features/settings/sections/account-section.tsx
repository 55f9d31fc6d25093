import { useT } from '../../../i18n/intl.tsx';
import { GuestNotice } from './guest-notice.tsx';

/** Account: public key, private key backup and sign-out (for a signed-in user). */
export function AccountSection() {
  const t = useT();
  return (
    <>
      <p>{t('settings.account.body')}</p>
      <GuestNotice />
    </>
  );
}
