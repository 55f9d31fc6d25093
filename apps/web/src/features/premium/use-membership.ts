import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { rememberMember } from '../../data/member-info.ts';
import { useSession } from '../../state/stores.ts';
import type { MembershipApi } from './membership-client.ts';

/** The signed-in user's membership (looked up once per account; refreshed after a purchase or rename). */
export function useMembership(api: MembershipApi) {
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
