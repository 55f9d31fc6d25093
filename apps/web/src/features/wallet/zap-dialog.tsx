import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSettings } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { BeersIcon, CoffeeIcon, CrownIcon, RocketIcon, ThumbsUpIcon, WineIcon } from '../../ui/icons-more.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './wallet.module.css';
import { type ZapTarget, zap } from './zap-actions.ts';

/** The six presets' pictures (spec §9), by position. */
const PRESET_ICONS = [ThumbsUpIcon, RocketIcon, CoffeeIcon, BeersIcon, WineIcon, CrownIcon] as const;
/** The six presets' default amounts (spec §9). */
const PRESET_AMOUNTS = [21, 420, 1000, 5000, 10000, 100000];

/** Custom zap: the six presets (or any amount) and a message; zaps and closes on success, stays open on failure. */
export function ZapDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ZapTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const app = useSettings((s) => s.appSettings);
  const presets = PRESET_AMOUNTS.map((amount, i) => ({
    amount: app.zapConfig[i]?.amount ?? amount,
    message: app.zapConfig[i]?.message ?? '',
  }));
  const [amount, setAmount] = useState(String(app.zapDefault.amount));
  const [message, setMessage] = useState(app.zapDefault.message);
  const [busy, setBusy] = useState(false);
  const valid = /^\d+$/.test(amount.trim()) && Number(amount) > 0;
  const name = target.user.displayName || target.user.name || t('zap.someone');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    const ok = await zap(target, Number(amount), message.trim(), t);
    setBusy(false);
    if (ok) onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('zap.customTitle', { name })}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} className={styles.form} data-testid="zap-dialog">
        <div className={styles.presets}>
          {presets.map((p, i) => {
            const Icon = PRESET_ICONS[i]!;
            return (
              <Button
                key={PRESET_AMOUNTS[i]}
                variant={String(p.amount) === amount ? 'primary' : 'secondary'}
                aria-pressed={String(p.amount) === amount}
                onClick={() => {
                  setAmount(String(p.amount));
                  if (p.message) setMessage(p.message);
                }}
              >
                <Icon size={16} aria-hidden="true" /> {t('zap.preset', { amount: p.amount })}
              </Button>
            );
          })}
        </div>
        <TextField
          label={t('zap.amount')}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextField label={t('zap.message')} value={message} onChange={(e) => setMessage(e.target.value)} />
        <Button type="submit" disabled={!valid || busy} aria-busy={busy}>
          {t('zap.send', { amount: valid ? Number(amount) : 0 })}
        </Button>
      </form>
    </Dialog>
  );
}
