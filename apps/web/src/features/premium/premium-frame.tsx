import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { rememberMember } from '../../data/member-info.ts';
import { useT } from '../../i18n/intl.tsx';
import { stores, useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { Panel, Screen } from '../../ui/screen.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import styles from '../frames.module.css';
import { ContentBackup } from './content-backup.tsx';
import { MediaManagement } from './media-management.tsx';
import { type MembershipApi, membershipApi } from './membership-client.ts';
import { PremiumNameForm } from './premium-name-form.tsx';
import { LegendStyleForm, PurchaseHistory } from './premium-pages.tsx';
import { PREMIUM_STEPS } from './premium-steps.ts';
import { PremiumSubscribe } from './premium-subscribe.tsx';
import { RecoverFollows } from './recover-follows.tsx';

/** Legend minimum donation in dollars (spec §9). */
export const LEGEND_MIN_USD = 1000;

/** Premium: the general page, or one step of the flow (`/premium/:step`). */
export function PremiumFrame({ step, api = membershipApi }: { step?: string; api?: MembershipApi }) {
  const t = useT();
  const page = step ? PREMIUM_STEPS[step] : undefined;
  return (
    <Screen
      heading={t('premium.heading')}
      title={page ? t(page.heading) : undefined}
      sidebarLabel={t('layout.sidebar')}
      sidebar={
        <Panel title={t('premium.leaderboards')}>
          <ul className={styles.list}>
            <li>
              <Link to="/premiums">{t('premiums.heading')}</Link>
            </li>
            <li>
              <Link to="/legends">{t('legends.heading')}</Link>
            </li>
          </ul>
        </Panel>
      }
    >
      {page && step ? (
        <section className={styles.prose}>
          <h2>{t(page.heading)}</h2>
          <p>{t(page.body)}</p>
          <PremiumStep step={step} api={api} />
        </section>
      ) : (
        <PremiumOverview api={api} />
      )}
    </Screen>
  );
}

/** The signed-in user's membership (looked up once per account; refreshed after a purchase or rename). */
function useMembership(api: MembershipApi) {
  const me = useSession((s) => s.publicKey);
  const canSign = useSession((s) => s.canSign);
  const query = useQuery({
    queryKey: ['membership', me],
    queryFn: () => api.status(),
    enabled: !!me && canSign,
    staleTime: 60_000,
  });
  const tier = query.data?.tier;
  useEffect(() => {
    if (me && tier) rememberMember(me, tier === 'none' ? null : { tier });
  }, [me, tier]);
  return query;
}

function PremiumStep({ step, api }: { step: string; api: MembershipApi }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const me = useSession((s) => s.publicKey);
  const requireSignIn = useRequireSignIn();
  const status = useMembership(api);
  const [legendUsd, setLegendUsd] = useState(String(LEGEND_MIN_USD));
  const [legendConfirmed, setLegendConfirmed] = useState<number | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['membership'] });
  const done = () => {
    refresh();
    navigate('/premium');
  };

  if (step === 'name')
    return (
      <PremiumNameForm
        api={api}
        submitLabel={t('common.next')}
        onPick={(name) => {
          if (!me) {
            requireSignIn();
            return;
          }
          navigate(`/premium/subscribe?name=${encodeURIComponent(name)}`);
        }}
      />
    );
  if (!me) return <Button onClick={() => requireSignIn()}>{t('premium.continue')}</Button>;
  const currentName = status.data?.name ?? '';
  if (step === 'subscribe') {
    const name = params.get('name') ?? currentName;
    if (!name) return <Link to="/premium/name">{t('premium.findName')}</Link>;
    return <PremiumSubscribe api={api} name={name} onBack={() => navigate('/premium/name')} onDone={done} />;
  }
  if (step === 'rename')
    return (
      <PremiumNameForm
        api={api}
        initial={currentName}
        submitLabel={t('premium.changeName')}
        onPick={async (name) => {
          try {
            await api.changeName(name);
            stores.toasts.getState().show({ kind: 'success', message: t('premium.nameChanged') });
            done();
          } catch {
            stores.toasts.getState().show({ kind: 'error', message: t('premium.renameFailed') });
          }
        }}
      />
    );
  if (step === 'legend') {
    if (legendConfirmed)
      return (
        <PremiumSubscribe
          api={api}
          name={currentName || params.get('name') || ''}
          legendUsd={legendConfirmed}
          onBack={() => setLegendConfirmed(null)}
          onDone={done}
        />
      );
    const amount = Number(legendUsd);
    const tooLow = !(amount >= LEGEND_MIN_USD);
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!tooLow) setLegendConfirmed(amount);
        }}
      >
        <TextField
          label={t('premium.legendAmount')}
          inputMode="numeric"
          value={legendUsd}
          error={tooLow ? t('premium.legendMinimum') : undefined}
          onChange={(e) => setLegendUsd(e.currentTarget.value)}
        />
        <Button type="submit" disabled={tooLow}>
          {t('common.next')}
        </Button>
      </form>
    );
  }
  if (step === 'history') return <PurchaseHistory api={api} />;
  if (step === 'recover') return <RecoverFollows />;
  if (step === 'backup') return <ContentBackup />;
  if (step === 'media') return <MediaManagement />;
  if (step === 'style') return <LegendStyleForm api={api} />;
  return <p>{t('premium.comingSoon')}</p>;
}

function PremiumOverview({ api }: { api: MembershipApi }) {
  const t = useT();
  const status = useMembership(api);
  const member = status.data && status.data.tier !== 'none' ? status.data : null;
  return (
    <section className={styles.prose}>
      <h2>{t('premium.overviewTitle')}</h2>
      {member ? (
        <div data-testid="premium-status">
          <p>
            {member.tier === 'premium-legend' ? t('premium.tierLegend') : t('premium.tierPremium')}{' '}
            <strong>{member.nostr_address ?? member.name}</strong>
          </p>
          {member.expires_on ? (
            <p>{t('premium.expires', { date: new Date(member.expires_on * 1000).toLocaleDateString() })}</p>
          ) : null}
          <ul className={styles.list}>
            <li>
              <Link to="/premium/rename">{t('premium.step.rename')}</Link>
            </li>
            <li>
              <Link to="/premium/subscribe">{t('premium.extend')}</Link>
            </li>
            <li>
              {member.tier === 'premium-legend' ? (
                <Link to="/premium/style">{t('premium.step.style')}</Link>
              ) : (
                <Link to="/premium/legend">{t('premium.step.legend')}</Link>
              )}
            </li>
            <li>
              <Link to="/premium/history">{t('premium.step.history')}</Link>
            </li>
            <li>
              <Link to="/premium/recover">{t('premium.step.recover')}</Link>
            </li>
            <li>
              <Link to="/premium/media">{t('premium.step.media')}</Link>
            </li>
            <li>
              <Link to="/premium/backup">{t('premium.step.backup')}</Link>
            </li>
          </ul>
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
      {member ? null : (
        <p>
          <Link to="/premium/name">{t('premium.findName')}</Link>
        </p>
      )}
    </section>
  );
}
