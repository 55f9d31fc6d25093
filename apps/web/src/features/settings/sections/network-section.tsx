import { useT } from '../../../i18n/intl.tsx';
import { DmRelaySettings } from '../../messages/index.ts';
import { CachePoolSettings } from './cache-pool-settings.tsx';
import { GuestNotice } from './guest-notice.tsx';
import { RelaySettings } from './relay-settings.tsx';

/** Network: the caching-service pool (localStorage cacheServers, the active one in cacheServer) the user's relays and their private message relays. */
export function NetworkSection() {
  const t = useT();
  return (
    <>
      <CachePoolSettings />
      <h3>{t('settings.network.relaysTitle')}</h3>
      <p>{t('settings.network.relaysBody')}</p>
      <GuestNotice />
      <RelaySettings />
      <DmRelaySettings />
    </>
  );
}
