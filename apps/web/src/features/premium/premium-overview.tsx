import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../frames.module.css';
import type { MemberStatus, MembershipApi } from './membership-client.ts';
import { useMembership } from './use-membership.ts';

const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString();

/**
 * Renew a lapsed membership: to the subscription step with the old name when it is still free for the user, else
 * to find a new name (with a toast saying why).
 */
function RenewButton({ api, status }: { api: MembershipApi; status: MemberStatus }) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function renew() {
    const name = status.name;
    if (!name) {
      navigate('/premium/name');
      return;
    }
    setBusy(true);
    try {
      if (await api.nameAvailable(name)) navigate(`/premium/subscribe?name=${encodeURIComponent(name)}`);
      else {
        stores.toasts.getState().show({ kind: 'info', message: t('premium.renewNameTaken', { name }) });
        navigate('/premium/name');
      }
    } catch {
      stores.toasts.getState().show({ kind: 'error', message: t('premium.serviceError') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button disabled={busy} aria-busy={busy} onClick={() => void renew()}>
      {t('premium.renew')}
    </Button>
  );
}

/** The general page: the member's status with Manage, a lapsed membership with Renew, else the plans. */
export function PremiumOverview({ api }: { api: MembershipApi }) {
  const t = useT();
  const status = useMembership(api);
  const member = status.data && status.data.tier !== 'none' ? status.data : null;
  const expired = !member && status.data?.expired_on ? status.data : null;
  return (
    <section className={styles.prose}>
      <h2>{t('premium.overviewTitle')}</h2>
      {member ? (
        <div data-testid="premium-status">
          <p>
            {member.tier === 'premium-legend' ? t('premium.tierLegend') : t('premium.tierPremium')}{' '}
            <strong>{member.nostr_address ?? member.name}</strong>
          </p>
          {member.expires_on ? <p>{t('premium.expires', { date: day(member.expires_on) })}</p> : null}
          <ul className={styles.list}>
            <li>
              <Link to="/premium/manage">{t('premium.step.manage')}</Link>
            </li>
            <li>
              {member.tier === 'premium-legend' ? (
                <Link to="/premium/style">{t('premium.step.style')}</Link>
              ) : (
                <Link to="/premium/legend">{t('premium.step.legend')}</Link>
              )}
            </li>
          </ul>
        </div>
      ) : expired?.expired_on ? (
        <div data-testid="premium-expired">
          <p role="status">
            {expired.name
              ? t('premium.expiredNamed', { name: expired.name, date: day(expired.expired_on) })
              : t('premium.expired', { date: day(expired.expired_on) })}
          </p>
          <RenewButton api={api} status={expired} />
        </div>
      ) : (
        <>
          <p>{t('premium.overviewBody')}</p>
          <ul>
            <li>{t('premium.plan3')}</li>
            <li>{t('premium.plan12')}</li>
          </ul>
        </>
      )}
      <ul>
        <li>{t('premium.benefit.storage')}</li>
        <li>{t('premium.benefit.uploads')}</li>
        <li>{t('premium.benefit.relay')}</li>
        <li>{t('premium.benefit.backup')}</li>
      </ul>
      <p>{t('premium.legendNote')}</p>
      {member || expired ? null : (
        <ul className={styles.list}>
          <li>
            <Link to="/premium/name">{t('premium.findName')}</Link>
          </li>
          <li>
            <Link to="/premium/og">{t('premium.og.link')}</Link>
          </li>
        </ul>
      )}
      <p>
        <Link to="/premium/relay">{t('premium.step.relay')}</Link> ·{' '}
        <Link to="/premium/support">{t('premium.step.support')}</Link>
      </p>
    </section>
  );
}
