import type { MessageId } from '../i18n/intl.tsx';
import { useT } from '../i18n/intl.tsx';
import { useSession } from '../state/stores.ts';
import styles from './nav.module.css';

const STATUS_TEXT = {
  idle: 'status.idle',
  connecting: 'status.connecting',
  connected: 'status.connected',
  reconnecting: 'status.reconnecting',
  disconnected: 'status.disconnected',
} as const satisfies Record<string, MessageId>;

/**
 * One quiet line saying whether the caching service is reached (nothing connects until a screen needs data). While
 * the app sleeps (spec §4: no activity for 5 minutes) the socket is closed on purpose, which is not "unreachable".
 */
export function CacheStatusLine() {
  const t = useT();
  const status = useSession((s) => s.cacheStatus);
  const asleep = useSession((s) => s.activity === 'sleep');
  const resting = asleep && status !== 'connected';
  return (
    <p className={styles.status} role="status" data-cache-status={resting ? 'asleep' : status}>
      {t(resting ? 'status.asleep' : STATUS_TEXT[status])}
    </p>
  );
}
