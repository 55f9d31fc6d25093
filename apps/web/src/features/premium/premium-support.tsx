import { useQuery } from '@tanstack/react-query';
import { fetchUserInfos } from '@tide/core/cache';
import { profileLink } from '@tide/core/format';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { PremiumIcon, ZapIcon } from '../../ui/icons.tsx';
import { CrownIcon } from '../../ui/icons-more.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import { userName } from '../note/note-author.tsx';
import type { MembershipApi } from './membership-client.ts';
import styles from './premium.module.css';
import { appPremiumRelay, fetchRelayInfo, type RelayInfo } from './premium-relay-info.ts';
import { useMembership } from './use-membership.ts';

// The wallet code (LNURL, NWC, dialog) loads only when the zap dialog opens.
const ZapDialog = lazy(() => import('../wallet/index.ts').then((m) => ({ default: m.ZapDialog })));

/** The operator named by the caching service's relay document (NIP-11 `pubkey`), and their profile. */
function useOperator(fetchInfo: (url: string, signal?: AbortSignal) => Promise<RelayInfo>) {
  const relay = appPremiumRelay();
  const info = useQuery({
    queryKey: ['relay-info', relay],
    queryFn: ({ signal }) => fetchInfo(relay ?? '', signal),
    enabled: !!relay,
    staleTime: 60_000,
  });
  const pubkey = info.data?.pubkey;
  const profile = useCacheQuery(
    ['support-operator', pubkey],
    (client, signal) => fetchUserInfos(client, { pubkeys: [pubkey ?? ''] }, { signal }),
    { enabled: !!pubkey },
  );
  return { pubkey, user: pubkey ? profile.data?.users[pubkey] : undefined };
}

/**
 * Support: extend the subscription (members) or get Premium, become a Legend, and tip the people running the
 * service when its relay document names them (zap with the wallet, or their profile).
 */
export function PremiumSupport({
  api,
  fetchInfo = fetchRelayInfo,
}: {
  api: MembershipApi;
  fetchInfo?: (url: string, signal?: AbortSignal) => Promise<RelayInfo>;
}) {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  const status = useMembership(api);
  const tier = status.data?.tier ?? 'none';
  const name = status.data?.name;
  const operator = useOperator(fetchInfo);
  const [zapOpen, setZapOpen] = useState(false);
  const canZap = !!operator.user && !!(operator.user.lud16 || operator.user.lud06);
  return (
    <ul className={styles.cards} data-testid="premium-support">
      <li className={styles.card}>
        <h3>
          <PremiumIcon size={16} aria-hidden="true" /> {t('premium.support.extendTitle')}
        </h3>
        <p>{t('premium.support.extendBody')}</p>
        {tier === 'premium' && name ? (
          <Link to={`/premium/subscribe?name=${encodeURIComponent(name)}`}>{t('premium.extend')}</Link>
        ) : tier === 'premium-legend' ? (
          <p>{t('premium.support.legendForGood')}</p>
        ) : (
          <Link to={name ? `/premium/subscribe?name=${encodeURIComponent(name)}` : '/premium/name'}>
            {t('premium.support.getPremium')}
          </Link>
        )}
      </li>
      {tier === 'premium-legend' ? null : (
        <li className={styles.card}>
          <h3>
            <CrownIcon size={16} aria-hidden="true" /> {t('premium.step.legend')}
          </h3>
          <p>{t('premium.body.legend')}</p>
          <Link to={tier === 'premium' ? '/premium/legend' : '/premium/og'}>{t('premium.support.becomeLegend')}</Link>
        </li>
      )}
      {operator.pubkey ? (
        <li className={styles.card} data-testid="premium-support-tip">
          <h3>
            <ZapIcon size={16} aria-hidden="true" /> {t('premium.support.tipTitle')}
          </h3>
          <p>
            {t('premium.support.tipBody')}{' '}
            <Link to={profileLink(operator.pubkey)}>
              {operator.user ? userName(operator.user) : t('premium.support.operatorProfile')}
            </Link>
          </p>
          {canZap && operator.user ? (
            <>
              <Button onClick={() => (requireSignIn() ? setZapOpen(true) : undefined)}>
                {t('premium.support.zap')}
              </Button>
              {zapOpen ? (
                <Suspense fallback={null}>
                  <ZapDialog
                    target={{ pubkey: operator.pubkey, user: operator.user }}
                    open={zapOpen}
                    onOpenChange={setZapOpen}
                  />
                </Suspense>
              ) : null}
            </>
          ) : null}
        </li>
      ) : null}
    </ul>
  );
}
