import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { numArg, synth } from './content-common.ts';
import type { CommandContext, CommandPayload, CommandRecord } from './context.ts';
import { exploreNow } from './explore-clock.ts';

/** Hashtags never listed as trending (semantics §1.6 explore_topics exclusions). */
const EXCLUDED = ['nsfw', 'sexpervertsyndicate'];

/**
 * The most used hashtags of the last `hours` (anchored like explore's windows) as 10000116 `[[hashtag, uses], …]`,
 * most used first (semantics §2.3 `trending_hashtags(_4h|_7d)`; uses stand in for the reference's rolling score).
 */
export async function trendingHashtags(ctx: CommandContext, p: CommandPayload, hours: number): Promise<CacheEvent[]> {
  const limit = numArg(p, 'limit', 50, 200);
  const rows = await ctx.store.db
    .selectFrom('event_hashtags')
    .select('hashtag')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', (await exploreNow(ctx)) - hours * 3600)
    .where('hashtag', 'not in', EXCLUDED)
    .groupBy('hashtag')
    .orderBy('n', 'desc')
    .orderBy('hashtag', 'asc')
    .limit(limit)
    .execute();
  return [
    synth(
      CacheKind.Hashtags,
      rows.map((r) => [r.hashtag, Number(r.n)]),
    ),
  ];
}

/** `trending_hashtags` (24 h), `trending_hashtags_4h` and `trending_hashtags_7d` {limit ≤200}. */
export const contentHashtagCommands: CommandRecord = {
  trending_hashtags: (ctx, p) => trendingHashtags(ctx, p, 24),
  trending_hashtags_4h: (ctx, p) => trendingHashtags(ctx, p, 4),
  trending_hashtags_7d: (ctx, p) => trendingHashtags(ctx, p, 24 * 7),
};
