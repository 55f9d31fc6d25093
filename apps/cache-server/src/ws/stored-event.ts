import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import type { Selectable } from 'kysely';
import { asCacheEvent, toEvent } from '../commands/content-common.ts';
import type { EventsTable } from '../store/index.ts';

/** Turns a stored `events` row back into the signed event (the commands' `toEvent`). */
export function rowToEvent(row: Selectable<EventsTable>): NostrEvent {
  return toEvent(row);
}

/** A signed event as a wire object of the caching service (the commands' `asCacheEvent`). */
export function toCacheEvent(event: NostrEvent): CacheEvent {
  return asCacheEvent(event);
}
