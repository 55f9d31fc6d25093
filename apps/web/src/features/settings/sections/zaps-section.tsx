import { fetchDefaultAppSettings } from '@tide/core/cache';
import { type FormEvent, useEffect, useState } from 'react';
import { FALLBACK_APP_SETTINGS, parseAppSettings, type ZapPresetSetting } from '../../../data/app-settings.ts';
import { useAppData } from '../../../data/data-context.tsx';
import { useT } from '../../../i18n/intl.tsx';
import { useSettings } from '../../../state/stores.ts';
import { Button } from '../../../ui/button.tsx';
import { BeersIcon, CoffeeIcon, CrownIcon, RocketIcon, ThumbsUpIcon, WineIcon } from '../../../ui/icons-more.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../../frames.module.css';
import { useSavedSettings } from '../sync/use-saved-settings.ts';
import { GuestNotice } from './guest-notice.tsx';

/** Default zap (spec §9): 42 sats "Onward". */
export const DEFAULT_ZAP_AMOUNT = FALLBACK_APP_SETTINGS.zapDefault.amount;

/** The six preset pictures (spec §9: thumbs up, rocket, coffee, beers, wine, crown) as SVG icons, by position. */
const PRESET_ICONS = [ThumbsUpIcon, RocketIcon, CoffeeIcon, BeersIcon, WineIcon, CrownIcon] as const;

/** The six presets' default amounts (spec §9), used until the service's defaults are known. */
const PRESET_AMOUNTS = [21, 420, 1000, 5000, 10000, 100000];

interface Draft {
  amount: string;
  message: string;
}

function draftsOf(zapDefault: { amount: number; message: string }, presets: ZapPresetSetting[]): Draft[] {
  const six = PRESET_AMOUNTS.map((amount, i) => presets[i] ?? { emoji: '', amount, message: '' });
  return [zapDefault, ...six].map((z) => ({ amount: String(z.amount), message: z.message }));
}

const isAmount = (value: string) => /^\d+$/.test(value.trim()) && Number(value) > 0;

/** Zaps: the default zap and the six presets, editable and saved to the account; restore brings the defaults back. */
export function ZapsSection() {
  const t = useT();
  const { client } = useAppData();
  const app = useSettings((s) => s.appSettings);
  const { raw, save } = useSavedSettings();
  const [drafts, setDrafts] = useState(() => draftsOf(app.zapDefault, app.zapConfig));
  const [error, setError] = useState(false);
  // A new load (sign-in, another device's settings) replaces the fields.
  useEffect(() => setDrafts(draftsOf(app.zapDefault, app.zapConfig)), [app]);

  const edit = (index: number, field: keyof Draft, value: string) =>
    setDrafts((current) => current.map((d, i) => (i === index ? { ...d, [field]: value } : d)));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!drafts.every((d) => isAmount(d.amount))) {
      setError(true);
      return;
    }
    setError(false);
    const [first, ...presets] = drafts.map((d) => ({ amount: Number(d.amount), message: d.message.trim() }));
    save({
      zapDefault: first,
      defaultZapAmount: first?.amount,
      zapConfig: presets.map((p, i) => ({ emoji: app.zapConfig[i]?.emoji ?? '', ...p })),
      zapOptions: presets.map((p) => p.amount),
    });
  }

  async function restore() {
    const defaults = parseAppSettings(await fetchDefaultAppSettings(client).catch(() => undefined));
    const presets = defaults.zapConfig.length === 6 ? defaults.zapConfig : app.zapConfig;
    save({
      zapDefault: defaults.zapDefault,
      defaultZapAmount: defaults.zapDefault.amount,
      zapConfig: presets,
      zapOptions: presets.map((p) => p.amount),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <GuestNotice />
      <h3>{t('settings.zaps.default')}</h3>
      <div className={styles.row} style={{ padding: 0 }}>
        <TextField
          label={t('settings.zaps.amount')}
          inputMode="numeric"
          value={drafts[0]?.amount ?? ''}
          error={error && !isAmount(drafts[0]?.amount ?? '') ? t('settings.zaps.invalidAmount') : undefined}
          onChange={(e) => edit(0, 'amount', e.currentTarget.value)}
        />
        <TextField
          label={t('settings.zaps.message')}
          value={drafts[0]?.message ?? ''}
          onChange={(e) => edit(0, 'message', e.currentTarget.value)}
        />
      </div>
      <h3>{t('settings.zaps.presets')}</h3>
      <ul className={styles.list}>
        {PRESET_ICONS.map((Icon, i) => {
          const index = i + 1;
          const draft = drafts[index] ?? { amount: '', message: '' };
          return (
            <li key={PRESET_AMOUNTS[i]} className={styles.listItem}>
              <Icon size={18} />
              <TextField
                label={t('settings.zaps.presetAmount', { index })}
                inputMode="numeric"
                value={draft.amount}
                error={error && !isAmount(draft.amount) ? t('settings.zaps.invalidAmount') : undefined}
                onChange={(e) => edit(index, 'amount', e.currentTarget.value)}
              />
              <TextField
                label={t('settings.zaps.presetMessage', { index })}
                value={draft.message}
                onChange={(e) => edit(index, 'message', e.currentTarget.value)}
              />
            </li>
          );
        })}
      </ul>
      <div className={styles.row} style={{ padding: 0 }}>
        <Button type="submit">{t('common.save')}</Button>
        <Button variant="secondary" disabled={!raw} onClick={() => void restore()}>
          {t('settings.zaps.restore')}
        </Button>
      </div>
    </form>
  );
}
