/** `orderby:` values and the stats `min…:`/`max…:` bound (protocol §4.3). */
export const ORDER_STATS = ['score', 'likes', 'replies', 'reposts', 'zaps', 'satszapped', 'interactions'] as const;
/** One `orderby:` value. */
export type OrderStat = (typeof ORDER_STATS)[number];

/** Comparison of a `min…:` (>=) or `max…:` (<=) operator. */
export type Cmp = '>=' | '<=';

/** One condition of an advanced-search query (semantics §1.7). */
export type SearchLeaf =
  | { type: 'text'; tokens: string[] }
  | { type: 'hashtag'; tag: string }
  | { type: 'since' | 'until'; at: number }
  | { type: 'from' | 'to' | 'mention' | 'zappedby' | 'following'; pubkey: string }
  | { type: 'fromPack'; pubkey: string; identifier: string }
  | { type: 'fromName'; name: string }
  | { type: 'kind' | 'repliestokind'; kind: number }
  | { type: 'root' }
  | { type: 'event'; id: string }
  | { type: 'address'; kind: number; pubkey: string; identifier: string }
  | { type: 'filter'; filter: string }
  | { type: 'url'; word: string }
  | { type: 'orientation'; vertical: boolean }
  | { type: 'duration' | 'words'; cmp: Cmp; value: number }
  | { type: 'maxchars' | 'longreplies'; value: number }
  | { type: 'stat'; stat: OrderStat; cmp: Cmp; value: number }
  | { type: 'sentiment'; sentiment: string }
  | { type: 'lang'; lang: string }
  | { type: 'scope'; scope: string }
  | { type: 'feature'; feature: 'summary' | 'bookmarked-by-follows' }
  | { type: 'ref'; tag: 'e' | 'p'; value: string }
  /** Modifiers, valid only at the top level: they change the order or page size, not which notes match. */
  | { type: 'orderby'; stat: OrderStat }
  | { type: 'pas' };

/** A query's condition tree: leaves joined by AND / OR, any part negated. */
export type SearchNode =
  | SearchLeaf
  | { type: 'and'; nodes: SearchNode[] }
  | { type: 'or'; nodes: SearchNode[] }
  | { type: 'not'; node: SearchNode };
