import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchCreatorPaidTiers } from '@tide/core/cache';
import type { NostrEvent } from '@tide/core/nostr';
import { useState } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions } from '../../ui/dialog.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';

/** One paid tier of a creator (kind 37001). */
export interface CreatorTier {
  event: NostrEvent;
  title: string;
  description: string;
  /** [amount, currency, cadence] of each price. */
  prices: string[][];
}

/** The tiers of a `creator_paid_tiers` answer (37001 events), in the order of the tier list (17000) when it has one. */
export function creatorTiers(events: readonly { kind: number }[]): CreatorTier[] {
  const tiers = (events.filter((e) => e.kind === 37001) as NostrEvent[]).map((event) => ({
    event,
    title: event.tags.find((t) => t[0] === 'title')?.[1] ?? '',
    description: event.content,
    prices: event.tags.filter((t) => t[0] === 'amount').map((t) => t.slice(1)),
  }));
  const list = events.find((e) => e.kind === 17000) as NostrEvent | undefined;
  if (!list) return tiers;
  const order = list.tags.filter((t) => t[0] === 'a').map((t) => t[1]);
  const coord = (e: NostrEvent) => `37001:${e.pubkey}:${e.tags.find((t) => t[0] === 'd')?.[1] ?? ''}`;
  return [...tiers].sort((a, b) => order.indexOf(coord(a.event)) - order.indexOf(coord(b.event)));
}

/** The subscription (kind 7001) a subscriber publishes for a tier. */
export function subscribeTemplate(author: string, tier: CreatorTier) {
  const d = tier.event.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  const price = tier.prices[0];
  return {
    kind: 7001,
    content: '',
    tags: [
      ['p', author],
      ['e', tier.event.id],
      ['a', `37001:${author}:${d}`],
      ...(price ? [['amount', ...price]] : []),
    ],
  };
}

/** The unsubscribe (kind 7002) of a subscription event. */
export function unsubscribeTemplate(author: string, subscriptionId: string) {
  return {
    kind: 7002,
    content: '',
    tags: [
      ['p', author],
      ['e', subscriptionId],
    ],
  };
}

/**
 * The viewer's standing subscription to `author` among their 7001 / 7002 events: the id of the newest 7001 naming
 * the author that no 7002 names (e tag), else null.
 */
export function activeSubscription(events: readonly NostrEvent[], author: string): string | null {
  const names = (e: NostrEvent, tag: string, value: string) => e.tags.some((t) => t[0] === tag && t[1] === value);
  const ended = new Set(
    events.filter((e) => e.kind === 7002).flatMap((e) => e.tags.filter((t) => t[0] === 'e').map((t) => t[1])),
  );
  const live = events
    .filter((e) => e.kind === 7001 && names(e, 'p', author) && !ended.has(e.id))
    .sort((a, b) => b.created_at - a.created_at);
  return live[0]?.id ?? null;
}

/** The viewer's 7001 / 7002 events about `author` on their write relays (where the app publishes them). */
async function readSubscription(me: string, author: string): Promise<string | null> {
  const [{ getUserRelays, writeRelayUrls }, { fallbackPool }] = await Promise.all([
    import('../publish/index.ts'),
    import('../../data/relay-fallback.ts'),
  ]);
  const relays = writeRelayUrls(await getUserRelays());
  if (!relays.length) return null;
  const events = await fallbackPool().query(relays, [{ kinds: [7001, 7002], authors: [me], '#p': [author] }]);
  return activeSubscription(
    events.filter((e) => e.pubkey === me),
    author,
  );
}

/** "Subscribe" on a creator with paid tiers: the dialog of tiers; subscribing publishes 7001, unsubscribing 7002. */
export function AuthorSubscribe({ pubkey }: { pubkey: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { commands } = useAppData();
  const me = useSession((s) => s.publicKey);
  const requireSignIn = useRequireSignIn();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const tiers = useQuery({
    queryKey: ['creator-tiers', pubkey],
    queryFn: async () => creatorTiers(await fetchCreatorPaidTiers(commands, { pubkey })),
  });
  const standing = useQuery({
    queryKey: ['author-subscription', me, pubkey],
    queryFn: () => readSubscription(me as string, pubkey),
    enabled: !!me && me !== pubkey && !!tiers.data?.length,
  });
  const subscription = standing.data ?? null;
  // After a publish the relays' answer is known: it is kept as the query's data (also for the next visit).
  const setSubscription = (id: string | null) => queryClient.setQueryData(['author-subscription', me, pubkey], id);
  if (!tiers.data?.length || me === pubkey) return null;

  async function publish(template: { kind: number; content: string; tags: string[][] }, message: string) {
    setBusy(true);
    try {
      const { publishEvent } = await import('../publish/index.ts');
      return await publishEvent(template, { successMessage: message, failureMessage: t('premium.subscribeFailed') });
    } finally {
      setBusy(false);
    }
  }
  async function subscribe(tier: CreatorTier) {
    // The dialog closes first so the publisher's feedback (toast, sign-in prompt) is not behind it.
    setOpen(false);
    const result = await publish(subscribeTemplate(pubkey, tier), t('premium.subscribed'));
    if (result?.success) setSubscription(result.event.id);
  }
  async function unsubscribe() {
    if (!subscription) return;
    const result = await publish(unsubscribeTemplate(pubkey, subscription), t('premium.unsubscribed'));
    if (result?.success) setSubscription(null);
  }

  if (subscription)
    return (
      <Button variant="secondary" disabled={busy} onClick={() => void unsubscribe()}>
        {t('premium.unsubscribe')}
      </Button>
    );
  return (
    <>
      <Button disabled={busy || standing.isLoading} onClick={() => (me ? setOpen(true) : requireSignIn())}>
        {t('premium.subscribe')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('premium.authorTiers')} closeLabel={t('common.close')}>
        <ul data-testid="creator-tiers">
          {tiers.data.map((tier) => (
            <li key={tier.event.id}>
              <strong>{tier.title}</strong>
              <p>{tier.description}</p>
              {tier.prices.map((p) => (
                <p key={p.join(':')}>
                  {t('premium.tierPrice', { amount: p[0] ?? '', currency: p[1] ?? '', cadence: p[2] ?? '' })}
                </p>
              ))}
              <Button disabled={busy} onClick={() => void subscribe(tier)}>
                {t('premium.subscribeTier', { title: tier.title })}
              </Button>
            </li>
          ))}
        </ul>
        <DialogActions>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
