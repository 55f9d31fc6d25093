import { type FormEvent, useState } from 'react';
import { useT } from '../../../i18n/intl.tsx';
import { session } from '../../../state/session.ts';
import { stores } from '../../../state/stores.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../../frames.module.css';

const PIN_PROBLEMS: Record<string, 'pin.tooShort' | 'pin.mismatch'> = {
  'PIN must be at least 4 characters': 'pin.tooShort',
  "PINs don't match": 'pin.mismatch',
};

/** Create, change or remove the PIN that encrypts the private key in this browser (a local key only). */
export function PinSettings() {
  const t = useT();
  const [hasPin, setHasPin] = useState(() => session.hasPin());
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const toast = (message: string) => stores.toasts.getState().show({ kind: 'success', message });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const problem = await session.setPin(pin, repeat);
    setBusy(false);
    if (problem) {
      const known = PIN_PROBLEMS[problem];
      setError(known ? t(known) : t('pin.saveFailed'));
      return;
    }
    setError(undefined);
    setPin('');
    setRepeat('');
    toast(hasPin ? t('settings.account.pinChanged') : t('settings.account.pinCreated'));
    setHasPin(true);
  }

  async function remove() {
    setBusy(true);
    const ok = await session.removePin();
    setBusy(false);
    if (!ok) return;
    setHasPin(false);
    toast(t('settings.account.pinRemoved'));
  }

  return (
    <form onSubmit={submit} noValidate>
      <h3>{hasPin ? t('settings.account.changePin') : t('pin.createTitle')}</h3>
      <p className={styles.muted}>{t('pin.createDescription')}</p>
      <TextField
        label={t('pin.label')}
        type="password"
        autoComplete="new-password"
        value={pin}
        error={error}
        onChange={(e) => setPin(e.currentTarget.value)}
      />
      <TextField
        label={t('pin.repeatLabel')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.currentTarget.value)}
      />
      <div className={styles.row} style={{ padding: 0 }}>
        <Button type="submit" disabled={busy}>
          {hasPin ? t('settings.account.changePin') : t('pin.create')}
        </Button>
        {hasPin && (
          <Button variant="secondary" disabled={busy} onClick={() => void remove()}>
            {t('settings.account.removePin')}
          </Button>
        )}
      </div>
    </form>
  );
}
