import { contactListOf, fetchList, requestEvents } from '@tide/core/cache';
import { allowListEntries, filterListEntries, followedPubkeys, muteEntries } from '@tide/core/edits';
import type { CacheEvent } from '@tide/core/nostr';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useSession } from '../../state/stores.ts';
import { loadMuteLists } from '../moderation/use-moderation.ts';
import { ALLOW_LIST_KEY, CONTACTS_KEY, FILTER_LISTS_KEY, MUTE_LISTS_KEY } from './people-keys.ts';

/** The viewer's own list event of `kind` (and `d`) among a list answer's events. */
function ownList(
  events: readonly CacheEvent[] | undefined,
  viewer: string | null,
  kind: number,
): CacheEvent | undefined {
  return (events ?? [])
    .filter((e) => e.kind === kind && e.pubkey === viewer)
    .sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0))[0];
}

/** Whom the viewer follows (null while unknown or for guests). */
export function useFollowing(): Set<string> | null {
  const viewer = useSession((s) => s.publicKey);
  const query = useCacheQuery(
    CONTACTS_KEY(viewer),
    async (client, signal) => {
      const events = await requestEvents(
        client,
        'contact_list',
        { pubkey: viewer ?? '', extended_response: false },
        { signal },
      );
      return followedPubkeys(contactListOf(events)?.tags ?? []);
    },
    { enabled: viewer !== null, staleTime: 60_000 },
  );
  return query.data ? new Set(query.data) : null;
}

/** The viewer's own mute list entries (users, words, hashtags, threads); null while loading. */
export function useOwnMutes(): { status: 'pending' | 'error' | 'success'; entries: ReturnType<typeof muteEntries> } {
  const viewer = useSession((s) => s.publicKey);
  const lists = useCacheQuery(MUTE_LISTS_KEY(viewer), (client, signal) => loadMuteLists(client, viewer ?? '', signal), {
    enabled: viewer !== null,
    staleTime: 60_000,
  });
  return { status: lists.status, entries: muteEntries(ownList(lists.data, viewer, 10000)?.tags ?? []) };
}

/** The mute lists the viewer follows (30000 `d=mutelists`) with their scopes. */
export function useFilterLists() {
  const viewer = useSession((s) => s.publicKey);
  const query = useCacheQuery(
    FILTER_LISTS_KEY(viewer),
    (client, signal) => fetchList(client, 'mutelists', { pubkey: viewer ?? '', extended_response: false }, { signal }),
    { enabled: viewer !== null, staleTime: 60_000 },
  );
  return { status: query.status, entries: filterListEntries(ownList(query.data, viewer, 30000)?.tags ?? []) };
}

/** The accounts on the viewer's allow list (30000 `d=allowlist`). */
export function useAllowList() {
  const viewer = useSession((s) => s.publicKey);
  const query = useCacheQuery(
    ALLOW_LIST_KEY(viewer),
    (client, signal) => fetchList(client, 'allowlist', { pubkey: viewer ?? '', extended_response: false }, { signal }),
    { enabled: viewer !== null, staleTime: 60_000 },
  );
  return { status: query.status, entries: allowListEntries(ownList(query.data, viewer, 30000)?.tags ?? []) };
}
