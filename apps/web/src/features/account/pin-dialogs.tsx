import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EnterPinForm } from './pin-forms.tsx';

/** Props of {@link EnterPinDialog}. */
export interface EnterPinDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Tries to unlock the stored key; resolves false when the PIN is wrong. */
  unlock: (pin: string) => Promise<boolean>;
  /** Erases the stored key after the user confirmed (spec §4: forgot PIN). */
  forget: () => void;
}

/** Enter PIN to unlock the stored key; "Forgot PIN?" asks for confirmation before erasing it. */
export function EnterPinDialog({ open, onOpenChange, unlock, forget }: EnterPinDialogProps) {
  const t = useT();
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  async function submit(pin: string) {
    if (await unlock(pin)) {
      setError(undefined);
      onOpenChange(false);
    } else {
      setError(t('pin.wrong'));
    }
  }

  if (confirming) {
    return (
      <ConfirmDialog
        open
        onOpenChange={(next) => {
          if (!next) setConfirming(false);
        }}
        title={t('pin.forgotTitle')}
        message={t('pin.forgotMessage')}
        confirmLabel={t('pin.forgotConfirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        danger
        onConfirm={() => {
          forget();
          onOpenChange(false);
        }}
      />
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('pin.enterTitle')} closeLabel={t('common.close')}>
      <EnterPinForm onSubmit={submit} onForgot={() => setConfirming(true)} error={error} />
    </Dialog>
  );
}
