import type { CacheEvent, NostrEvent } from '@tide/core/nostr';

// Stored rows as events and the wire's result objects: the leaf both content-common.ts and bundle-events.ts build on.

/** A stored signed event that can also travel as a cache result object. */
export type StoredEvent = NostrEvent & CacheEvent;

/** A stored row (tags as JSON text) as a Nostr event. */
export function toEvent(row: {
  id: string;
  pubkey: string;
  kind: number;
  created_at: number;
  tags: string;
  content: string;
  sig: string;
}): StoredEvent {
  return {
    id: row.id,
    pubkey: row.pubkey,
    kind: Number(row.kind),
    created_at: Number(row.created_at),
    tags: JSON.parse(row.tags) as string[][],
    content: row.content,
    sig: row.sig,
  };
}

/** A signed event as a wire result object. */
export function asCacheEvent(e: NostrEvent): CacheEvent {
  return { ...e };
}

/** A synthetic result object with JSON content. */
export function synth(kind: number, content: unknown, extra: Record<string, unknown> = {}): CacheEvent {
  return { kind, content: JSON.stringify(content), ...extra };
}
