import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { sql } from 'kysely';
import { enrichPosts, feedRange, userExtras } from './bundle.ts';
import { defaultAccount, followsOf, hexArg, numArg, synth, viewerOf } from './content-common.ts';
import type { CommandContext, CommandPayload, CommandRecord } from './context.ts';
import { exploreNow, shiftCreatedAfter } from './explore-clock.ts';
import { zapListAnswer } from './zap-list-answer.ts';

const WEEK = 7 * 86_400;

/**
 * explore_people {limit (≤50), offset, since/until (bounds on increase), user_pubkey}: users whose follower count
 * grew most in the last 7 days (new follows seen in contact lists), excluding the viewer's follows and users without
 * an `about`. 10000157 `{pubkey: {increase, ratio, count}}`, user infos, RANGE order_by `increase` (elements = pubkeys).
 */
async function explorePeople(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const viewer = viewerOf(ctx, p) ?? defaultAccount();
  const limit = numArg(p, 'limit', 10, 50);
  const offset = numArg(p, 'offset', 0);
  const until = numArg(p, 'until', 0) || 1e9;
  const since = numArg(p, 'since', 0);
  const skip = new Set([...(await followsOf(ctx.store, viewer)), viewer]);
  const anchor = await exploreNow(ctx);
  const rows = await ctx.store.db
    .selectFrom('pubkey_followers as f')
    .innerJoin('user_stats as u', 'u.pubkey', 'f.pubkey')
    .select(['f.pubkey', 'u.followers_count'])
    .select((eb) => eb.fn.countAll<number>().as('increase'))
    .where('f.created_at', '>=', anchor - WEEK)
    .groupBy(['f.pubkey', 'u.followers_count'])
    .having((eb) => eb.fn.countAll(), '<=', until)
    .having((eb) => eb.fn.countAll(), '>=', Math.max(1, since))
    .orderBy('increase', 'desc')
    .orderBy('f.pubkey', 'desc')
    .limit((limit + offset) * 3 + skip.size + 20)
    .execute();
  const candidates = rows.filter((r) => !skip.has(r.pubkey));
  const profiles = await ctx.store.db
    .selectFrom('replaceable_events as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select(['e.pubkey', 'e.content'])
    .where('r.kind', '=', 0)
    .where('r.identifier', '=', '')
    .where('r.pubkey', 'in', candidates.length > 0 ? candidates.map((c) => c.pubkey) : [''])
    .execute();
  const withAbout = new Set(
    profiles
      .filter((pr) => {
        try {
          const about = (JSON.parse(pr.content) as { about?: unknown }).about;
          return typeof about === 'string' && about.trim() !== '';
        } catch {
          return false;
        }
      })
      .map((pr) => pr.pubkey),
  );
  const chosen = candidates.filter((c) => withAbout.has(c.pubkey)).slice(offset, offset + limit);
  const increases = Object.fromEntries(
    chosen.map((c) => {
      const count = Number(c.followers_count);
      const increase = Number(c.increase);
      const before = Math.max(1, count - increase);
      return [c.pubkey, { increase, ratio: Math.round((increase / before) * 1000) / 1000, count }];
    }),
  );
  return [
    synth(CacheKind.UserFollowerIncrease, increases),
    ...(await userExtras(
      ctx.store,
      chosen.map((c) => c.pubkey),
    )),
    synth(CacheKind.UserFollowerCounts, Object.fromEntries(chosen.map((c) => [c.pubkey, Number(c.followers_count)]))),
    feedRange(
      'increase',
      chosen.map((c) => ({ id: c.pubkey, value: Number(c.increase) })),
    ),
  ];
}

/**
 * explore_zaps {limit (≤50), offset, since/until (bounds on amount), created_after (default now − 24 h)}: the
 * biggest recent zaps: receipts, 10000129 objects, the zapped notes' bundle, RANGE order_by `amount_sats`.
 */
async function exploreZaps(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const anchor = await exploreNow(ctx);
  const createdAfter = shiftCreatedAfter(numArg(p, 'created_after', 0), ctx.now(), anchor) || anchor - 86_400;
  const rows = await ctx.store.db
    .selectFrom('zap_receipts')
    .select(['receipt_id', 'created_at', 'sender', 'receiver', 'amount_sats', 'target_event_id'])
    .where('created_at', '>=', createdAfter)
    .where('target_event_id', '!=', '')
    .where('amount_sats', '<=', numArg(p, 'until', 0) || 1e11)
    .where('amount_sats', '>=', numArg(p, 'since', 0))
    .orderBy('amount_sats', 'desc')
    .orderBy('receipt_id', 'desc')
    .limit(numArg(p, 'limit', 20, 50))
    .offset(numArg(p, 'offset', 0))
    .execute();
  const targets = rows.map((r) => ({ id: r.target_event_id, value: Number(r.created_at) }));
  const bundle = await enrichPosts(ctx.store, targets, { viewer: viewerOf(ctx, p), range: false, topZaps: false });
  return zapListAnswer(ctx.store, rows, bundle);
}

/** explore_topics → 10000160 `{hashtag: count}`: the 200 most used hashtags of the last 24 hours. */
async function exploreTopics(ctx: CommandContext): Promise<CacheEvent[]> {
  const rows = await ctx.store.db
    .selectFrom('event_hashtags')
    .select('hashtag')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', (await exploreNow(ctx)) - 86_400)
    .where('hashtag', 'not in', ['nsfw'])
    .groupBy('hashtag')
    .orderBy('n', 'desc')
    .orderBy('hashtag', 'asc')
    .limit(200)
    .execute();
  return [synth(CacheKind.NoteTopicStat, Object.fromEntries(rows.map((r) => [r.hashtag, Number(r.n)])))];
}

/**
 * explore_legend_counts {pubkey} → 10000102 (top-level pubkey) `{your_follows, your_inner_network (follows ∪
 * followers), your_outer_network (follows ∪ follows of follows), all_users}`.
 */
async function exploreLegendCounts(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const follows = await followsOf(ctx.store, pubkey);
  const followers = await ctx.store.db
    .selectFrom('pubkey_followers')
    .select('follower_pubkey')
    .where('pubkey', '=', pubkey)
    .execute();
  const inner = new Set([...follows, ...followers.map((f) => f.follower_pubkey)]);
  const outer = new Set(follows);
  for (let i = 0; i < follows.length; i += 400) {
    const rows = await ctx.store.db
      .selectFrom('pubkey_followers')
      .select('pubkey')
      .where('follower_pubkey', 'in', follows.slice(i, i + 400))
      .execute();
    for (const r of rows) outer.add(r.pubkey);
  }
  const all = await ctx.store.db.selectFrom('user_stats').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return [
    synth(
      CacheKind.LegendStats,
      {
        your_follows: follows.length,
        your_inner_network: inner.size,
        your_outer_network: outer.size,
        all_users: Number(all?.n ?? 0),
      },
      { pubkey },
    ),
  ];
}

/** The explore people/zaps/topics commands. */
export const explorePeopleCommands: CommandRecord = {
  explore_people: explorePeople,
  explore_zaps: exploreZaps,
  explore_topics: exploreTopics,
  explore_legend_counts: exploreLegendCounts,
};
