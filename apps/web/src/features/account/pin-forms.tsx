import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { DialogActions } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { checkNewPin } from './validation.ts';

/** Props of {@link CreatePinForm}. */
export interface CreatePinFormProps {
  onDone: (pin: string) => void;
  onSkip: () => void;
  /** True while the key is being stored: both buttons wait. */
  busy?: boolean;
  /** Shown when the key could not be stored with the PIN. */
  error?: string;
}

/** Create PIN: two entries, at least 4 characters, must match (spec §5). */
export function CreatePinForm({ onDone, onSkip, busy = false, error }: CreatePinFormProps) {
  const t = useT();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<'short' | 'mismatch' | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkNewPin(pin, repeat);
    setProblem(found);
    if (!found) onDone(pin);
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label={t('pin.label')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={pin}
        error={problem === 'short' ? t('pin.tooShort') : error}
        onChange={(e) => setPin(e.currentTarget.value)}
      />
      <TextField
        label={t('pin.repeatLabel')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={repeat}
        error={problem === 'mismatch' ? t('pin.mismatch') : undefined}
        onChange={(e) => setRepeat(e.currentTarget.value)}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onSkip} disabled={busy}>
          {t('pin.skip')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('pin.create')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Props of {@link EnterPinForm}. */
export interface EnterPinFormProps {
  onSubmit: (pin: string) => void;
  onForgot: () => void;
  /** Shown when the PIN did not unlock the key. */
  error?: string;
}

/** Enter PIN: one entry to unlock a stored key, with the forgot-PIN way out. */
export function EnterPinForm({ onSubmit, onForgot, error }: EnterPinFormProps) {
  const t = useT();
  const [pin, setPin] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(pin);
      }}
      noValidate
    >
      <TextField
        label={t('pin.label')}
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        value={pin}
        error={error}
        onChange={(e) => setPin(e.currentTarget.value)}
      />
      <DialogActions>
        <Button variant="ghost" onClick={onForgot}>
          {t('pin.forgot')}
        </Button>
        <Button type="submit">{t('pin.unlock')}</Button>
      </DialogActions>
    </form>
  );
}
