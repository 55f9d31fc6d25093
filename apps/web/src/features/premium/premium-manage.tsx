import { Link } from 'react-router';
import type { MessageId } from '../../i18n/intl.tsx';
import { useT } from '../../i18n/intl.tsx';
import styles from '../frames.module.css';
import type { MemberStatus } from './membership-client.ts';

/** A manage action: where it goes and its label. */
interface ManageAction {
  to: string;
  label: MessageId;
}

/** Every action a member has (rename, extend, legend or legend style, history, relay, media, recovery, backup, support). */
export function manageActions(member: MemberStatus): ManageAction[] {
  const legend = member.tier === 'premium-legend';
  const name = member.name ? `?name=${encodeURIComponent(member.name)}` : '';
  return [
    { to: '/premium/rename', label: 'premium.step.rename' },
    ...(legend ? [] : [{ to: `/premium/subscribe${name}`, label: 'premium.extend' as const }]),
    legend
      ? { to: '/premium/style', label: 'premium.step.style' }
      : { to: '/premium/legend', label: 'premium.step.legend' },
    { to: '/premium/history', label: 'premium.step.history' },
    { to: '/premium/relay', label: 'premium.step.relay' },
    { to: '/premium/media', label: 'premium.step.media' },
    { to: '/premium/recover', label: 'premium.step.recover' },
    { to: '/premium/backup', label: 'premium.step.backup' },
    { to: '/premium/support', label: 'premium.step.support' },
  ];
}

/** Manage Premium (`/premium/manage`): every action of a member; others are sent to find a name. */
export function PremiumManage({ member, loading }: { member: MemberStatus | null; loading: boolean }) {
  const t = useT();
  if (loading) return <p role="status">{t('common.loading')}</p>;
  if (!member)
    return (
      <p>
        {t('premium.manage.notMember')} <Link to="/premium/name">{t('premium.findName')}</Link>
      </p>
    );
  return (
    <ul className={styles.list} data-testid="premium-manage">
      {manageActions(member).map((a) => (
        <li key={a.to}>
          <Link to={a.to}>{t(a.label)}</Link>
        </li>
      ))}
    </ul>
  );
}
