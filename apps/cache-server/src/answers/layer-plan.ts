// The plan of a viewer's layer over a shared answer: the types viewer-layer.ts makes and viewer-layer-mutes.ts reads.

/** What a viewer's answer adds to the shared one: their note actions, a profile's filtering reason. */
export type LayerKind = 'bundle' | 'thread' | 'profile';

/**
 * How the command's selection applies a viewer's mute rules: not at all (only the bundle does: `bundle`), by leaving
 * out muted authors' rows before its one-note-per-author and paging (ranked explore: `authors`), or by content-posts'
 * SQL checks with a refill to `limit` (feeds, latest explore: `rows`). See viewer-layer-mutes.ts.
 */
export type SelectionMutes = 'bundle' | 'authors' | 'rows';

/** How a viewer's answer to a request is made from a shared one (see `layerPlan`). */
export interface LayerPlan {
  /** The viewer the request is answered for. */
  viewer: string;
  /** The payload of the shared answer (no `user_pubkey`, or NO_VIEWER's), computed on a connection with no user. */
  basePayload: Record<string, unknown>;
  kind: LayerKind;
  /** How the selection applies mute rules. */
  mutes: SelectionMutes;
  /** `rows` selections: the command's default and largest limit, and its bundle's options (for a wider base). */
  paging?: { defaultLimit: number; maxLimit: number; orderBy?: string };
}
