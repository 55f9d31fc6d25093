import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions } from '../../ui/dialog.tsx';
import { downloadFile } from '../../ui/download-file.ts';
import { DownloadIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './create-account.module.css';
import { checkNewPin } from './validation.ts';

/** Props of {@link SaveKeyDialog}. */
export interface SaveKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nsec: string;
  /** The file name of the download (`tide-<name>-private-key.txt`). */
  fileName: string;
  busy: boolean;
  error?: string;
  /** Create the account, with the PIN when one was given. */
  onFinish: (pin?: string) => void;
}

/**
 * Before finishing create account: the new private key, hidden until asked (it only reaches the page then), with
 * copy and download as a file; the user confirms they saved it; an optional PIN protects it in this browser.
 */
export function SaveKeyDialog({ open, onOpenChange, nsec, fileName, busy, error, onFinish }: SaveKeyDialogProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const [saved, setSaved] = useState(false);
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [pinProblem, setPinProblem] = useState<'short' | 'mismatch' | undefined>();

  async function copy() {
    try {
      await navigator.clipboard.writeText(nsec);
      stores.toasts.getState().show({ kind: 'success', message: t('createAccount.keyCopied') });
    } catch {
      stores.toasts.getState().show({ kind: 'error', message: t('createAccount.keyCopyFailed') });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!saved) return;
    if (pin || repeat) {
      const problem = checkNewPin(pin, repeat);
      setPinProblem(problem);
      if (problem) return;
      onFinish(pin);
      return;
    }
    setPinProblem(undefined);
    onFinish();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('createAccount.keyTitle')}
      description={t('createAccount.keyDescription')}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <p className={styles.progress}>{t('createAccount.keyLabel')}</p>
        <p className={styles.keyBox} data-testid="new-nsec">
          {shown ? nsec : `${nsec.slice(0, 5)}${'•'.repeat(24)}`}
        </p>
        <div className={styles.keyActions}>
          <Button variant="secondary" size="sm" aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? t('createAccount.keyHide') : t('createAccount.keyShow')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {t('createAccount.keyCopy')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => downloadFile(`${nsec}\n`, fileName)}>
            <DownloadIcon size={16} /> {t('createAccount.keyDownload')}
          </Button>
        </div>
        <label className={styles.confirm}>
          <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} />
          <span>{t('createAccount.keySaved')}</span>
        </label>
        <fieldset className={styles.pinFields}>
          <legend>{t('createAccount.pinTitle')}</legend>
          <p className={styles.progress}>{t('createAccount.pinHint')}</p>
          <TextField
            label={t('pin.label')}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            value={pin}
            error={pinProblem === 'short' ? t('pin.tooShort') : undefined}
            onChange={(e) => setPin(e.currentTarget.value)}
          />
          <TextField
            label={t('pin.repeatLabel')}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            value={repeat}
            error={pinProblem === 'mismatch' ? t('pin.mismatch') : undefined}
            onChange={(e) => setRepeat(e.currentTarget.value)}
          />
        </fieldset>
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        <DialogActions>
          <Button type="submit" disabled={!saved || busy}>
            {busy ? t('createAccount.creating') : t('createAccount.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
