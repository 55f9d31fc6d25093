import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { LEGEND_MIN_USD } from './premium-steps.ts';

/** The Legend donation in dollars ($1000 or more, spec §9); Next confirms it, Back (when given) returns. */
export function LegendAmountForm({ onConfirm, onBack }: { onConfirm: (usd: number) => void; onBack?: () => void }) {
  const t = useT();
  const [usd, setUsd] = useState(String(LEGEND_MIN_USD));
  const amount = Number(usd);
  const tooLow = !(amount >= LEGEND_MIN_USD);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooLow) onConfirm(amount);
      }}
    >
      <TextField
        label={t('premium.legendAmount')}
        inputMode="numeric"
        value={usd}
        error={tooLow ? t('premium.legendMinimum') : undefined}
        onChange={(e) => setUsd(e.currentTarget.value)}
      />
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          {t('common.back')}
        </Button>
      ) : null}
      <Button type="submit" disabled={tooLow}>
        {t('common.next')}
      </Button>
    </form>
  );
}
