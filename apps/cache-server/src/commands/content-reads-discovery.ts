import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind, Kind, naddrEncode } from '@tide/core/nostr';
import { synth } from './content-common.ts';
import type { CommandContext, CommandRecord } from './context.ts';

/** get_recommended_reads → 10000145 {reads: [[naddr, title], …]}: the three most liked recent articles (clients decode the naddr). */
async function recommendedReads(ctx: CommandContext): Promise<CacheEvent[]> {
  const rows = await ctx.store.db
    .selectFrom('reads')
    .select(['title', 'pubkey', 'identifier'])
    .where('published_at', '>=', ctx.now() - 30 * 86_400)
    .orderBy('likes', 'desc')
    .orderBy('published_at', 'desc')
    .limit(3)
    .execute();
  const reads = rows.map((r) => [
    naddrEncode({ kind: Kind.LongForm, pubkey: r.pubkey, identifier: r.identifier }),
    r.title,
  ]);
  return [synth(CacheKind.RecommendedReads, { reads })];
}

/** get_reads_topics → 10000146: the most used article topics (JSON array). */
async function readsTopics(ctx: CommandContext): Promise<CacheEvent[]> {
  const rows = await ctx.store.db
    .selectFrom('reads_topics')
    .select('topic')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('topic')
    .orderBy('n', 'desc')
    .orderBy('topic', 'asc')
    .limit(30)
    .execute();
  return [
    synth(
      CacheKind.ReadsTopics,
      rows.map((r) => r.topic),
    ),
  ];
}

/** get_featured_authors → 10000148: authors of the most liked articles (JSON array of pubkeys). */
async function featuredAuthors(ctx: CommandContext): Promise<CacheEvent[]> {
  const rows = await ctx.store.db
    .selectFrom('reads')
    .select('pubkey')
    .select((eb) => eb.fn.sum<number>('likes').as('n'))
    .groupBy('pubkey')
    .orderBy('n', 'desc')
    .orderBy('pubkey', 'asc')
    .limit(10)
    .execute();
  return [
    synth(
      CacheKind.FeaturedAuthors,
      rows.map((r) => r.pubkey),
    ),
  ];
}

/** What the reads screen suggests: recommended reads, topics, featured authors. */
export const contentReadsDiscoveryCommands: CommandRecord = {
  get_recommended_reads: recommendedReads,
  get_reads_topics: readsTopics,
  get_featured_authors: featuredAuthors,
};
