import { npubEncode } from '@tide/core/nostr';
import { useState } from 'react';
import { useT } from '../../../i18n/intl.tsx';
import { session } from '../../../state/session.ts';
import { useSession } from '../../../state/stores.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import styles from '../../frames.module.css';
import { copyText } from './copy-text.ts';
import { GuestNotice } from './guest-notice.tsx';
import { PinSettings } from './pin-settings.tsx';

/** Account: the public key with copy, the private key shown and copied after a confirmation, the PIN, logout. */
export function AccountSection() {
  const t = useT();
  const publicKey = useSession((s) => s.publicKey);
  const method = useSession((s) => s.method);
  const canSign = useSession((s) => s.canSign);
  const [confirming, setConfirming] = useState(false);
  const [nsec, setNsec] = useState<string | null>(null);
  const npub = publicKey ? npubEncode(publicKey) : null;
  const localKey = method === 'nsec' && canSign;
  return (
    <>
      <p>{t('settings.account.body')}</p>
      <GuestNotice />
      {npub && (
        <>
          <h3>{t('settings.account.publicKey')}</h3>
          <p>
            <code data-testid="account-npub">{npub}</code>
          </p>
          <Button
            variant="secondary"
            onClick={() => void copyText(npub, t('settings.account.npubCopied'), t('settings.account.copyFailed'))}
          >
            {t('settings.account.copyNpub')}
          </Button>
        </>
      )}
      {localKey && (
        <>
          <h3>{t('settings.account.privateKey')}</h3>
          {nsec ? (
            <>
              <p>
                <code data-testid="account-nsec">{nsec}</code>
              </p>
              <div className={styles.row} style={{ padding: 0 }}>
                <Button
                  onClick={() =>
                    void copyText(nsec, t('settings.account.nsecCopied'), t('settings.account.copyFailed'))
                  }
                >
                  {t('settings.account.copyNsec')}
                </Button>
                <Button variant="secondary" onClick={() => setNsec(null)}>
                  {t('settings.account.hideNsec')}
                </Button>
              </div>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('settings.account.showNsec')}
            </Button>
          )}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('settings.account.showNsecTitle')}
            message={t('settings.account.showNsecWarning')}
            confirmLabel={t('settings.account.showNsec')}
            cancelLabel={t('common.cancel')}
            closeLabel={t('common.close')}
            danger
            onConfirm={() => setNsec(session.revealNsec())}
          />
          <PinSettings />
        </>
      )}
      {publicKey && (
        <>
          <h3>{t('account.logout')}</h3>
          <Button variant="danger" onClick={() => session.logout()}>
            {t('account.logout')}
          </Button>
        </>
      )}
    </>
  );
}
