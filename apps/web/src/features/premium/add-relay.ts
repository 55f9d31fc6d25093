import { Kind, type Tag } from '@tide/core/nostr';
import type { Translate } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import {
  connectUserRelays,
  fetchLatestReplaceable,
  getUserRelays,
  publishEvent,
  relayListStore,
  relaysFromTags,
  relayTags,
  writeRelayUrls,
} from '../publish/index.ts';

/**
 * Adds `url` to the signed-in user's relay list (kind 10002): the newest list is fetched first and kept whole (its
 * other relays and tags), the relay is appended (`write` false: read only), and the list goes out through the one
 * publisher, whose toasts say how it went. True only after a relay's OK.
 */
export async function addRelayToList(url: string, write: boolean, t: Translate): Promise<boolean> {
  const me = stores.session.getState().publicKey;
  const toast = (kind: 'success' | 'error', message: string) => stores.toasts.getState().show({ kind, message });
  if (!me) return false;
  let base: { tags: Tag[]; content: string };
  try {
    const latest = await fetchLatestReplaceable(Kind.RelayList, me);
    // No list yet: the one the app uses (the caching service's flags or the default) is what the user has.
    base = latest ?? { tags: relayTags((await getUserRelays(true)).relays), content: '' };
  } catch {
    toast('error', t('premium.relay.listUnreachable'));
    return false;
  }
  if (relaysFromTags(base.tags).some((r) => r.url === url)) {
    toast('success', t('premium.relay.alreadyListed'));
    return true;
  }
  const tags: Tag[] = [...base.tags, write ? ['r', url] : ['r', url, 'read']];
  const before = writeRelayUrls(await getUserRelays().catch(() => ({ relays: [], declared: false, createdAt: 0 })));
  const targets = [...new Set([...before, ...(write ? [url] : [])])];
  const result = await publishEvent(
    { kind: Kind.RelayList, content: base.content, tags },
    {
      successMessage: t('premium.relay.added'),
      failureMessage: t('premium.relay.addFailed'),
      ...(targets.length ? { relays: targets } : {}),
    },
  );
  if (!result?.success) return false;
  relayListStore
    .getState()
    .setList(me, { relays: relaysFromTags(tags), declared: true, createdAt: result.event.created_at });
  // the pool opens the new relay (unless proxy mode suspends direct sockets) and the page shows its state
  void connectUserRelays().catch(() => undefined);
  return true;
}
