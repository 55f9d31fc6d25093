import { subscribeNetStats } from '@tide/core/cache';
import type { NetStats } from '@tide/core/model';
import { useEffect, useState } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { useSession } from '../../state/stores.ts';

/** Live network counters from the `net_stats` subscription (re-sent by the client after a reconnect; closed on unmount and while the app sleeps). */
export function useNetStats(): NetStats | undefined {
  const { client } = useAppData();
  const [stats, setStats] = useState<NetStats | undefined>();
  const asleep = useSession((s) => s.activity === 'sleep');
  useEffect(() => {
    if (asleep) return;
    return subscribeNetStats(client, setStats);
  }, [client, asleep]);
  return stats;
}
