import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { isValidNsec } from './nsec.ts';
import { CreatePinForm } from './pin-forms.tsx';

// The remote signer step (NIP-46, QR code) loads only when chosen.
const RemoteSignerForm = lazy(() => import('./remote-signer-form.tsx'));

/** Props of {@link LoginDialog}. */
export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Step = 'key' | 'pin' | 'npub' | 'remote';

/**
 * Sign in (spec §2 Login, §4 signer lookup): a private key (checked, then optionally protected by a PIN), the signer
 * extension (offered once the lookup finds one), or browse-only with a public key. The typed key lives in this
 * component's state until the session takes it; it never reaches the page text.
 */
export function LoginDialog({ open, onOpenChange }: LoginDialogProps) {
  const t = useT();
  const [key, setKey] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [step, setStep] = useState<Step>('key');
  const [busy, setBusy] = useState(false);
  const [extension, setExtension] = useState(false);

  useEffect(() => {
    let live = true;
    void session.findExtension().then((found) => {
      if (live) setExtension(found);
    });
    return () => {
      live = false;
    };
  }, []);

  function go(next: Step) {
    setError(undefined);
    setStep(next);
  }

  function submitKey(event: FormEvent) {
    event.preventDefault();
    if (!isValidNsec(key)) {
      setError(t('login.invalidKey'));
      return;
    }
    go('pin');
  }

  async function run(signIn: () => Promise<unknown>, failure: string, back: Step) {
    setBusy(true);
    try {
      await signIn();
      setKey('');
      onOpenChange(false);
    } catch {
      setError(failure);
      setStep(back);
    } finally {
      setBusy(false);
    }
  }

  // A PIN that cannot protect the key here (no WebCrypto outside a secure context) leaves the PIN step open, so
  // the user can continue without one.
  const finishKey = (pin?: string) =>
    pin === undefined
      ? run(() => session.signInWithNsec(key), t('login.invalidKey'), 'key')
      : run(() => session.signInWithNsec(key, pin), t('pin.saveFailed'), 'pin');

  async function submitPublicKey(event: FormEvent) {
    event.preventDefault();
    await run(
      async () => {
        if (!(await session.signInWithPublicKey(publicKey))) throw new Error('invalid public key');
      },
      t('login.invalidPublicKey'),
      'npub',
    );
  }

  const title = {
    key: t('login.title'),
    pin: t('pin.createTitle'),
    npub: t('login.npubTitle'),
    remote: t('login.remoteTitle'),
  }[step];
  const description = {
    key: t('login.description'),
    pin: t('login.pinDescription'),
    npub: t('login.npubDescription'),
    remote: t('login.remoteDescription'),
  }[step];

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closeLabel={t('common.close')}
    >
      {step === 'key' ? (
        <form onSubmit={submitKey} noValidate aria-busy={busy}>
          <TextField
            label={t('login.keyLabel')}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={key}
            error={error}
            onChange={(e) => setKey(e.currentTarget.value)}
          />
          <DialogActions>
            <Button variant="ghost" onClick={() => go('npub')} disabled={busy}>
              {t('login.npubLink')}
            </Button>
            <Button variant="ghost" onClick={() => go('remote')} disabled={busy}>
              {t('login.remoteLink')}
            </Button>
            {extension ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void run(() => session.signInWithExtension(), t('login.extensionFailed'), 'key')}
              >
                {t('login.extension')}
              </Button>
            ) : null}
            <Button type="submit" disabled={busy}>
              {t('login.submit')}
            </Button>
          </DialogActions>
        </form>
      ) : step === 'remote' ? (
        <Suspense fallback={<p role="status">{t('login.remoteConnecting')}</p>}>
          <RemoteSignerForm onDone={() => onOpenChange(false)} onBack={() => go('key')} />
        </Suspense>
      ) : step === 'pin' ? (
        <CreatePinForm
          onDone={(pin) => void finishKey(pin)}
          onSkip={() => void finishKey()}
          busy={busy}
          error={error}
        />
      ) : (
        <form onSubmit={submitPublicKey} noValidate aria-busy={busy}>
          <TextField
            label={t('login.npubLabel')}
            autoComplete="off"
            spellCheck={false}
            value={publicKey}
            error={error}
            onChange={(e) => setPublicKey(e.currentTarget.value)}
          />
          <DialogActions>
            <Button variant="ghost" onClick={() => go('key')} disabled={busy}>
              {t('login.back')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('login.npubSubmit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
