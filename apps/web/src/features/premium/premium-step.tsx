import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { stores, useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import { ContentBackup } from './content-backup.tsx';
import { LegendAmountForm } from './legend-amount-form.tsx';
import { MediaManagement } from './media-management.tsx';
import type { MembershipApi } from './membership-client.ts';
import { PremiumManage } from './premium-manage.tsx';
import { PremiumNameForm } from './premium-name-form.tsx';
import { PremiumOg } from './premium-og.tsx';
import { LegendStyleForm, PurchaseHistory } from './premium-pages.tsx';
import { PremiumRelay } from './premium-relay.tsx';
import { PremiumSubscribe } from './premium-subscribe.tsx';
import { PremiumSupport } from './premium-support.tsx';
import { RecoverFollows } from './recover-follows.tsx';
import { useMembership } from './use-membership.ts';

/** One step of the premium flow (`/premium/:step`); pages open to everyone come before the sign-in gate. */
export function PremiumStep({ step, api }: { step: string; api: MembershipApi }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const me = useSession((s) => s.publicKey);
  const requireSignIn = useRequireSignIn();
  const status = useMembership(api);
  const [legendUsd, setLegendUsd] = useState<number | null>(null);
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: ['membership'] });
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
  if (step === 'relay') return <PremiumRelay api={api} />;
  if (step === 'support') return <PremiumSupport api={api} />;
  if (step === 'og') return <PremiumOg api={api} onDone={done} />;
  if (!me) return <Button onClick={() => requireSignIn()}>{t('premium.continue')}</Button>;
  const member = status.data && status.data.tier !== 'none' ? status.data : null;
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
    // Without a membership (and so without a name) becoming a Legend is the OG path: a name first.
    if (status.isSuccess && !member) return <PremiumOg api={api} onDone={done} />;
    if (legendUsd)
      return (
        <PremiumSubscribe
          api={api}
          name={currentName}
          legendUsd={legendUsd}
          onBack={() => setLegendUsd(null)}
          onDone={done}
        />
      );
    return <LegendAmountForm onConfirm={setLegendUsd} />;
  }
  if (step === 'manage') return <PremiumManage member={member} loading={status.isPending} />;
  if (step === 'history') return <PurchaseHistory api={api} />;
  if (step === 'recover') return <RecoverFollows />;
  if (step === 'backup') return <ContentBackup />;
  if (step === 'media') return <MediaManagement />;
  if (step === 'style') return <LegendStyleForm api={api} />;
  return <p>{t('premium.comingSoon')}</p>;
}
