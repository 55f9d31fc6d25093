import type { Page } from '../../model/index.ts';
import { emptyPage } from '../../model/index.ts';
import type { NostrEvent } from '../../nostr/index.ts';
import { CacheKind } from '../../nostr/index.ts';
import type { CacheClient } from '../cache-client.ts';
import type { RequestOptions } from '../cache-options.ts';
import { type CommandClient, emptyOnNotice, type PageOptions, requestEvents, requestPage } from './command-helpers.ts';

/** Which contacts to list. */
export type DmRelation = 'follows' | 'other' | 'any';

/** `get_directmsg_contacts`: conversations with unread counts (10000118) and profiles; empty on NOTICE. */
export function fetchDmContacts(
  client: CommandClient,
  params: { user_pubkey: string; relation: DmRelation; limit?: number; until?: number; offset?: number },
  options?: PageOptions,
): Promise<Page> {
  return emptyOnNotice(requestPage(client, 'get_directmsg_contacts', params, options), emptyPage);
}

/** `get_directmsgs`: kind-4 messages between two users (older with `until`, newer with `since`); empty on NOTICE. */
export function fetchDirectMessages(
  client: CommandClient,
  params: { receiver: string; sender: string; limit?: number; since?: number; until?: number; offset?: number },
  options?: PageOptions,
): Promise<Page> {
  const payload = { limit: 20, offset: 0, ...params };
  return emptyOnNotice(requestPage(client, 'get_directmsgs', payload, options), emptyPage);
}

/** `directmsg_count` (live): total unread DMs (`cnt` on the pushed object); returns the function that sends CLOSE. */
export function subscribeDmCount(client: CacheClient, pubkey: string, onCount: (count: number) => void): () => void {
  return client.subscribe(
    'directmsg_count',
    { pubkey },
    (event) => {
      if (event.kind === CacheKind.MessageStats) onCount(typeof event.cnt === 'number' ? event.cnt : 0);
    },
    { closeExtra: () => ({ cache: ['directmsg_count'] }) },
  );
}

/** `reset_directmsg_count`: marks one conversation read. */
export async function resetDmCount(
  client: CommandClient,
  params: { event_from_user: NostrEvent; sender: string },
  options?: RequestOptions,
): Promise<void> {
  await requestEvents(client, 'reset_directmsg_count', params, options);
}

/** `reset_directmsg_counts`: marks every conversation read. */
export async function resetDmCounts(
  client: CommandClient,
  params: { event_from_user: NostrEvent },
  options?: RequestOptions,
): Promise<void> {
  await requestEvents(client, 'reset_directmsg_counts', params, options);
}
