import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Panel, Screen } from '../../ui/screen.tsx';
import styles from '../frames.module.css';
import { type MembershipApi, membershipApi } from './membership-client.ts';
import { PremiumOverview } from './premium-overview.tsx';
import { PremiumStep } from './premium-step.tsx';
import { PREMIUM_STEPS } from './premium-steps.ts';

/** Legend minimum donation in dollars (spec §9). */
export { LEGEND_MIN_USD } from './premium-steps.ts';

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
