import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useStore } from 'zustand';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { CheckIcon, LockIcon } from '../../ui/icons-more.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import styles from '../frames.module.css';
import { refreshRelayStatus, relayListStore, useUserRelays } from '../publish/index.ts';
import { addRelayToList } from './add-relay.ts';
import type { MembershipApi } from './membership-client.ts';
import { appPremiumRelay, fetchRelayInfo, type RelayInfo } from './premium-relay-info.ts';
import { useMembership } from './use-membership.ts';

/**
 * The premium relay page: its address and what it says of itself (NIP-11), whether it is in the user's relay list
 * (with "Add to my relays") and connected; members may write to it, others see why they cannot and how to join.
 */
export function PremiumRelay({
  api,
  relayUrl = appPremiumRelay(),
  fetchInfo = fetchRelayInfo,
}: {
  api: MembershipApi;
  relayUrl?: string | null;
  fetchInfo?: (url: string, signal?: AbortSignal) => Promise<RelayInfo>;
}) {
  const t = useT();
  const me = useSession((s) => s.publicKey);
  const requireSignIn = useRequireSignIn();
  const status = useMembership(api);
  const member = !!status.data && status.data.tier !== 'none';
  const info = useQuery({
    queryKey: ['relay-info', relayUrl],
    queryFn: ({ signal }) => fetchInfo(relayUrl ?? '', signal),
    enabled: !!relayUrl,
    staleTime: 60_000,
  });
  const list = useUserRelays();
  const listed = relayUrl ? list?.relays.find((r) => r.url === relayUrl) : undefined;
  const connection = useStore(relayListStore, (s) => (relayUrl ? s.status[relayUrl] : undefined));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (list) void refreshRelayStatus().catch(() => undefined);
  }, [list]);

  if (!relayUrl) return <p role="alert">{t('premium.relay.noAddress')}</p>;

  async function add() {
    if (!me) {
      requireSignIn();
      return;
    }
    if (!relayUrl) return;
    setBusy(true);
    try {
      await addRelayToList(relayUrl, member, t);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="premium-relay">
      <p>
        {t('premium.relay.address')} <code data-testid="premium-relay-url">{relayUrl}</code>
      </p>
      {info.status === 'pending' ? <p role="status">{t('common.loading')}</p> : null}
      {info.status === 'error' ? <p role="alert">{t('premium.relay.infoUnavailable')}</p> : null}
      {info.data ? (
        <dl className={styles.stats} data-testid="premium-relay-info">
          <dt>{t('premium.relay.name')}</dt>
          <dd>{info.data.name ?? '—'}</dd>
          <dt>{t('premium.relay.description')}</dt>
          <dd>{info.data.description ?? '—'}</dd>
          <dt>{t('premium.relay.software')}</dt>
          <dd>{info.data.software ?? '—'}</dd>
          <dt>{t('premium.relay.version')}</dt>
          <dd>{info.data.version ?? '—'}</dd>
        </dl>
      ) : null}
      {member ? (
        <p>
          <CheckIcon size={14} aria-hidden="true" /> {t('premium.relay.canWrite')}
        </p>
      ) : (
        <p data-testid="premium-relay-members-only">
          <LockIcon size={14} aria-hidden="true" /> {t('premium.relay.membersOnly')}{' '}
          <Link to="/premium/name">{t('premium.relay.getPremium')}</Link>
        </p>
      )}
      {me ? (
        <p data-testid="premium-relay-listed">
          {list === null
            ? t('common.loading')
            : listed
              ? t('premium.relay.inYourRelays')
              : t('premium.relay.notInYourRelays')}
          {listed && connection
            ? ` · ${t(connection === 'connected' ? 'premium.relay.connected' : 'premium.relay.notConnected')}`
            : ''}
        </p>
      ) : null}
      {listed ? null : (
        <Button disabled={busy || (!!me && list === null)} aria-busy={busy} onClick={() => void add()}>
          {t('premium.relay.add')}
        </Button>
      )}
    </div>
  );
}
