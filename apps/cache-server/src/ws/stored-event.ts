import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import type { Selectable } from 'kysely';
import type { EventsTable } from '../store/index.ts';

/** Turns a stored `events` row back into the signed event. */
export function rowToEvent(row: Selectable<EventsTable>): NostrEvent {
  return {
    id: row.id,
    pubkey: row.pubkey,
    created_at: Number(row.created_at),
    kind: Number(row.kind),
    tags: JSON.parse(row.tags) as string[][],
    content: row.content,
    sig: row.sig,
  };
}

/** A signed event as a wire object of the caching service. */
export function toCacheEvent(event: NostrEvent): CacheEvent {
  return { ...event };
}
