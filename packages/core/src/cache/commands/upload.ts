import type { NostrEvent } from '../../nostr/index.ts';
import { CacheKind } from '../../nostr/index.ts';
import type { RequestOptions } from '../cache-options.ts';
import { type CommandClient, requestEvents } from './command-helpers.ts';

/** `upload_chunk` (legacy socket upload): one signed kind-10000135 chunk; resolves when accepted (EOSE). */
export async function uploadChunk(
  client: CommandClient,
  params: { event_from_user: NostrEvent },
  options?: RequestOptions,
): Promise<void> {
  await requestEvents(client, 'upload_chunk', params, { purpose: 'up', ...options });
}

/** `upload_complete`: finishes an upload; resolves with the media URL (kind 10000121), or `''`. */
export async function uploadComplete(
  client: CommandClient,
  params: { event_from_user: NostrEvent },
  options?: RequestOptions,
): Promise<string> {
  const events = await requestEvents(client, 'upload_complete', params, options);
  return events.find((e) => e.kind === CacheKind.Uploaded)?.content ?? '';
}
