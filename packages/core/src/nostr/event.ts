/** A Nostr tag: an array whose first item names it (NIP-01). */
export type Tag = string[];

/** An event before it is signed: what an author fills in. */
export interface EventTemplate {
  kind: number;
  content: string;
  created_at: number;
  tags: Tag[];
}

/** An event with its author but no id or signature yet. */
export interface UnsignedEvent extends EventTemplate {
  pubkey: string;
}

/** A signed Nostr event (NIP-01). */
export interface NostrEvent extends UnsignedEvent {
  id: string;
  sig: string;
}

/**
 * An object on the caching-service wire: a real signed event, or a synthetic one (kind ≥ 10,000,000) that carries
 * only some of the fields and may hold extra properties (see the protocol reference §2).
 */
export interface CacheEvent {
  kind: number;
  content?: string;
  id?: string;
  pubkey?: string;
  created_at?: number;
  tags?: Tag[];
  sig?: string;
  [extra: string]: unknown;
}
