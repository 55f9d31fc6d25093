import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { isValidNsec } from './nsec.ts';
import { CreatePinForm } from './pin-forms.tsx';

/** Props of {@link LoginDialog}. */
export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Sign in with a private key: the key is checked (nsec, decodes), then a PIN can protect it.
 * The key stays in this component's memory only; storing it and signing arrive with the signers (issue 3).
 */
export function LoginDialog({ open, onOpenChange }: LoginDialogProps) {
  const t = useT();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [step, setStep] = useState<'key' | 'pin'>('key');

  function submitKey(event: FormEvent) {
    event.preventDefault();
    if (!isValidNsec(key)) {
      setError(t('login.invalidKey'));
      return;
    }
    setError(undefined);
    setStep('pin');
  }

  function finish() {
    stores.toasts.getState().notAvailable(t('toast.notAvailable'));
    setKey('');
    onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={step === 'key' ? t('login.title') : t('pin.createTitle')}
      description={step === 'key' ? t('login.description') : t('pin.createDescription')}
      closeLabel={t('common.close')}
    >
      {step === 'key' ? (
        <form onSubmit={submitKey} noValidate>
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
            <Button type="submit">{t('login.submit')}</Button>
          </DialogActions>
        </form>
      ) : (
        <CreatePinForm onDone={finish} onSkip={finish} />
      )}
    </Dialog>
  );
}
