import { useQuery } from '@tanstack/react-query';
import { premiumContentCall } from '@tide/core/cache';
import type { NostrEvent } from '@tide/core/nostr';
import { useState } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { signed } from './membership-client.ts';

/** One kept version of the follow list. */
export interface FollowListVersion {
  event: NostrEvent;
  follows: number;
}

/** The kept kind 3 versions of an answer of `membership_recovery_contact_lists`, newest first. */
export function followListVersions(events: readonly { kind: number }[]): FollowListVersion[] {
  return (events.filter((e) => e.kind === 3) as NostrEvent[])
    .map((event) => ({ event, follows: event.tags.filter((t) => t[0] === 'p').length }))
    .sort((a, b) => b.event.created_at - a.event.created_at);
}

/** Recover follow list: choose a kept version and restore it (published as the new kind 3 through the publisher). */
export function RecoverFollows() {
  const t = useT();
  const { commands } = useAppData();
  const me = useSession((s) => s.publicKey);
  const [restoring, setRestoring] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['membership-recovery', me],
    enabled: !!me,
    queryFn: async () =>
      followListVersions(await premiumContentCall(commands, 'membership_recovery_contact_lists', await signed({}))),
  });
  async function restore(version: FollowListVersion) {
    setRestoring(version.event.id);
    try {
      const { publishEvent } = await import('../publish/index.ts');
      const result = await publishEvent(
        { kind: 3, content: version.event.content, tags: version.event.tags },
        { successMessage: t('premium.followsRestored'), failureMessage: t('premium.followsRestoreFailed') },
      );
      if (result?.success) await query.refetch();
    } finally {
      setRestoring(null);
    }
  }
  if (query.status === 'pending') return <p role="status">{t('common.loading')}</p>;
  if (query.status === 'error') return <p role="alert">{t('premium.serviceError')}</p>;
  if (!query.data.length) return <p>{t('premium.noFollowVersions')}</p>;
  return (
    <ol data-testid="follow-versions">
      {query.data.map((v) => (
        <li key={v.event.id} data-follows={v.follows}>
          {t('premium.followVersion', {
            date: new Date(v.event.created_at * 1000).toLocaleString(),
            count: v.follows,
          })}{' '}
          <Button size="sm" variant="secondary" disabled={restoring !== null} onClick={() => void restore(v)}>
            {t('premium.restore')}
          </Button>
        </li>
      ))}
    </ol>
  );
}
