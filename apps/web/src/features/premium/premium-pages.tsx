import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { rememberMember } from '../../data/member-info.ts';
import { useT } from '../../i18n/intl.tsx';
import { stores, useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import type { MembershipApi } from './membership-client.ts';

/** Legend styles (spec §3). */
export const LEGEND_STYLES = [
  'GOLD',
  'AQUA',
  'SILVER',
  'PURPLE',
  'PURPLEHAZE',
  'TEAL',
  'BROWN',
  'BLUE',
  'SUNFIRE',
] as const;

/** Purchase history: every paid purchase, newest first. */
export function PurchaseHistory({ api }: { api: MembershipApi }) {
  const t = useT();
  const me = useSession((s) => s.publicKey);
  const query = useQuery({ queryKey: ['membership-history', me], queryFn: () => api.history(), enabled: !!me });
  if (query.status === 'pending') return <p role="status">{t('common.loading')}</p>;
  if (query.status === 'error') return <p role="alert">{t('premium.serviceError')}</p>;
  if (!query.data.length) return <p>{t('premium.historyEmpty')}</p>;
  return (
    <table data-testid="purchase-history">
      <thead>
        <tr>
          <th>{t('premium.historyDate')}</th>
          <th>{t('premium.historyProduct')}</th>
          <th>{t('premium.historyAmount')}</th>
        </tr>
      </thead>
      <tbody>
        {query.data.map((p) => (
          <tr key={p.membership_quote_id}>
            <td>{new Date(p.purchased_at * 1000).toLocaleDateString()}</td>
            <td>{p.product_label ?? p.product_id}</td>
            <td>${p.amount_usd}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A legend picks a style, custom badge colour and avatar glow; saved on the membership service. */
export function LegendStyleForm({ api }: { api: MembershipApi }) {
  const t = useT();
  const me = useSession((s) => s.publicKey);
  const [style, setStyle] = useState<string>('GOLD');
  const [badge, setBadge] = useState(true);
  const [glow, setGlow] = useState(true);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await api.customizeLegend({ style, custom_badge: badge, avatar_glow: glow });
      if (me) rememberMember(me, { tier: 'premium-legend', style, customBadge: badge, avatarGlow: glow });
      stores.toasts.getState().show({ kind: 'success', message: t('premium.styleSaved') });
    } catch {
      stores.toasts.getState().show({ kind: 'error', message: t('premium.styleFailed') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <fieldset>
        <legend>{t('premium.styleLabel')}</legend>
        {LEGEND_STYLES.map((s) => (
          <label key={s}>
            <input type="radio" name="legend-style" value={s} checked={style === s} onChange={() => setStyle(s)} />
            {s}
          </label>
        ))}
      </fieldset>
      <label>
        <input type="checkbox" checked={badge} onChange={(e) => setBadge(e.currentTarget.checked)} />
        {t('premium.customBadge')}
      </label>
      <label>
        <input type="checkbox" checked={glow} onChange={(e) => setGlow(e.currentTarget.checked)} />
        {t('premium.avatarGlow')}
      </label>
      <Button disabled={busy} onClick={() => void save()}>
        {t('premium.saveStyle')}
      </Button>
    </div>
  );
}
