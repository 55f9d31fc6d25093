import type { CacheEvent, NostrEvent } from '@tide/core/nostr';

/** The mute lists query's data with the viewer's own kind 10000 replaced by `event` (subscribed lists kept). */
export function withOwnMuteList(events: readonly CacheEvent[] | undefined, event: NostrEvent): CacheEvent[] {
  return [...(events ?? []).filter((e) => !(e.kind === 10000 && e.pubkey === event.pubkey)), { ...event }];
}
