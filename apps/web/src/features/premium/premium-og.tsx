import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import styles from '../frames.module.css';
import { LegendAmountForm } from './legend-amount-form.tsx';
import type { MembershipApi } from './membership-client.ts';
import { PremiumNameForm } from './premium-name-form.tsx';
import { PremiumSubscribe } from './premium-subscribe.tsx';
import { useMembership } from './use-membership.ts';

/**
 * The OG path (`/premium/og`): someone without Premium becomes a Legend directly: find a name, choose the Legend
 * donation ($1000 or more), then pay the quote of `legend-premium` for that name, monitored until paid.
 */
export function PremiumOg({ api, onDone }: { api: MembershipApi; onDone: () => void }) {
  const t = useT();
  const me = useSession((s) => s.publicKey);
  const requireSignIn = useRequireSignIn();
  const status = useMembership(api);
  const [name, setName] = useState<string | null>(null);
  const [usd, setUsd] = useState<number | null>(null);
  const tier = status.data?.tier;

  if (tier === 'premium-legend')
    return (
      <p role="status">
        {t('premium.og.alreadyLegend')} <Link to="/premium/style">{t('premium.step.style')}</Link>
      </p>
    );
  if (tier === 'premium')
    return (
      <p role="status">
        {t('premium.og.alreadyMember')} <Link to="/premium/legend">{t('premium.step.legend')}</Link>
      </p>
    );
  if (name && usd)
    return <PremiumSubscribe api={api} name={name} legendUsd={usd} onBack={() => setUsd(null)} onDone={onDone} />;
  if (name)
    return (
      <div data-testid="og-amount">
        <p className={styles.muted}>{t('premium.og.nameChosen', { name })}</p>
        <LegendAmountForm onConfirm={setUsd} onBack={() => setName(null)} />
      </div>
    );
  return (
    <PremiumNameForm
      api={api}
      initial={status.data?.name ?? ''}
      submitLabel={t('common.next')}
      onPick={(picked) => {
        if (!me) {
          requireSignIn();
          return;
        }
        setName(picked);
      }}
    />
  );
}
