import { type CommandClient, fetchDefaultFeeds, fetchMegaFeed } from '@tide/core/cache';
import type { Signer } from '@tide/core/signers';
import { type FeedDescriptor, parseFeedDescriptors } from '../../data/app-settings.ts';
import { FUTURE_BATCH, type FutureWindow } from '../../data/use-future-notes.ts';
import { fetchUserFeeds } from '../../data/user-settings.ts';

/**
 * The home feeds, enabled ones only: with a `signer`, the user's own (settings subkey user-home-feeds); otherwise, or
 * when they have none or cannot be read, `get_home_feeds` (the default account's feeds).
 */
export async function loadHomeFeeds(
  client: CommandClient,
  signal?: AbortSignal,
  signer?: Signer | null,
): Promise<FeedDescriptor[]> {
  if (signer) {
    const own = await fetchUserFeeds(client, signer, 'home', signal).catch(() => []);
    if (own.length) return own;
  }
  return parseFeedDescriptors(await fetchDefaultFeeds(client, 'home', { signal })).filter((f) => f.enabled);
}

/**
 * Future notes of a home feed: the newest 100 at or after `window.since` (below `until`, skipping `offset` ties, for a
 * gap). No offset without `until`: the service skips offset items from the newest end, so boundary ties come back
 * and the page assembler drops them as already loaded.
 */
export function fetchHomeFuture(client: CommandClient, spec: string, window: FutureWindow, userPubkey: string | null) {
  return fetchMegaFeed(
    client,
    {
      spec,
      limit: FUTURE_BATCH,
      since: window.since,
      ...(window.until !== undefined ? { until: window.until, offset: window.offset } : {}),
      ...(userPubkey ? { user_pubkey: userPubkey } : {}),
    },
    { purpose: 'home_future' },
  );
}
