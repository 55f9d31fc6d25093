import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { MembershipApi } from './membership-client.ts';
import { isPremiumNameLongEnough } from './premium-steps.ts';

/** Availability of the typed name: unknown while typing/short, then what the service said. */
type Availability = 'idle' | 'checking' | 'available' | 'unavailable' | 'error';

/** Debounce of the live availability check. */
export const NAME_CHECK_DELAY_MS = 300;

/** Find a name (also used to rename): 3 characters minimum, live availability; `onPick` gets an available name. */
export function PremiumNameForm({
  api,
  initial = '',
  submitLabel,
  onPick,
}: {
  api: MembershipApi;
  initial?: string;
  submitLabel: string;
  onPick: (name: string) => void | Promise<void>;
}) {
  const t = useT();
  const [name, setName] = useState(initial);
  const [tooShort, setTooShort] = useState(false);
  const [availability, setAvailability] = useState<Availability>('idle');
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim().toLowerCase();

  useEffect(() => {
    if (!isPremiumNameLongEnough(trimmed)) {
      setAvailability('idle');
      return;
    }
    let cancelled = false;
    setAvailability('checking');
    const timer = setTimeout(() => {
      api.nameAvailable(trimmed).then(
        (ok) => !cancelled && setAvailability(ok ? 'available' : 'unavailable'),
        () => !cancelled && setAvailability('error'),
      );
    }, NAME_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, trimmed]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isPremiumNameLongEnough(trimmed)) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    if (availability !== 'available') return;
    setBusy(true);
    try {
      await onPick(trimmed);
    } finally {
      setBusy(false);
    }
  }

  const error = tooShort
    ? t('premium.nameTooShort')
    : availability === 'unavailable'
      ? t('premium.nameUnavailable')
      : availability === 'error'
        ? t('premium.serviceError')
        : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('premium.nameLabel')}
        value={name}
        error={error}
        hint={availability === 'available' ? t('premium.nameAvailable') : undefined}
        autoComplete="off"
        onChange={(e) => {
          setName(e.currentTarget.value);
          setTooShort(false);
        }}
      />
      <Button type="submit" disabled={busy || availability === 'checking' || availability === 'unavailable'}>
        {submitLabel}
      </Button>
    </form>
  );
}
