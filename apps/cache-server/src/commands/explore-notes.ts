import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { sql } from 'kysely';
import { enrichPosts, profilesOf } from './bundle.ts';
import { mediaInfo } from './content-bundle-parts.ts';
import { defaultAccount, numArg, pagingArgs, strArg, viewerOf } from './content-common.ts';
import { muteRulesOf } from './content-mutes.ts';
import { queryPosts } from './content-posts.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';
import { exploreNow, shiftCreatedAfter } from './explore-clock.ts';
import { rankedExploreNotes } from './explore-ranking.ts';
import { type ExploreField, exploreNotes, scopeAuthors, TRENDING_MIN_FOLLOWERS } from './explore-scored.ts';
import { queryPostsMuted } from './muted-posts.ts';
import { userNameEvents } from './people-common.ts';
import { hiddenPubkeys } from './people-moderation.ts';
import { precomputedScored, withoutMuted } from './scored-precomputed.ts';

const TIMEFRAMES: Record<string, { field: ExploreField; hours?: number; maxAgeDays?: number }> = {
  latest: { field: 'created_at' },
  trending: { field: 'score', hours: 24 },
  popular: { field: 'score' },
  mostzapped: { field: 'satszapped', maxAgeDays: 7 },
  mostzapped4h: { field: 'satszapped', hours: 4 },
};
const SCOPES = new Set(['global', 'network', 'tribe', 'follows']);

/**
 * Shared core of explore and the feeds that are explore variants (trending, most zapped, all notes); `kinds` are the
 * note kinds listed (default [1]).
 */
export async function exploreFeed(
  ctx: CommandContext,
  p: CommandPayload,
  timeframe: string,
  scope: string,
  opts: { hours?: number; limitMax?: number; kinds?: readonly number[] } = {},
): Promise<CacheEvent[]> {
  const tf = TIMEFRAMES[timeframe];
  if (!tf) throw new CommandError(`unknown timeframe: ${timeframe}`);
  if (!SCOPES.has(scope)) throw new CommandError(`unknown scope: ${scope}`);
  const now = ctx.now();
  const viewer = viewerOf(ctx, p) ?? defaultAccount();
  const paging = pagingArgs(p, now, 20, opts.limitMax ?? 50);
  const hours = opts.hours ?? tf.hours;
  const windowed = hours !== undefined || (timeframe !== 'popular' && timeframe !== 'latest');
  const anchor = windowed ? await exploreNow(ctx) : now;
  let createdAfter = windowed
    ? shiftCreatedAfter(numArg(p, 'created_after', 0), now, anchor)
    : numArg(p, 'created_after', 0);
  if (hours !== undefined) createdAfter = Math.max(createdAfter, anchor - hours * 3600);
  if (windowed) createdAfter = Math.max(createdAfter, anchor - 7 * 86_400);
  const authors = await scopeAuthors(ctx.store, scope, viewer);
  const rules = await muteRulesOf(ctx.store, viewer);
  const exclude = rules.pubkeys;
  const posts =
    tf.field === 'created_at'
      ? await queryPostsMuted(
          ctx.store,
          { authors, isReply: 0, kinds: opts.kinds ?? [1], muted: rules },
          { ...paging, since: Math.max(paging.since, createdAfter) },
        )
      : await rankedExploreNotes(ctx.store, `${timeframe}:${hours ?? ''}`, now, {
          field: tf.field,
          createdAfter,
          since: paging.since,
          until: numArg(p, 'until', 0) > 0 ? paging.until : Number.MAX_SAFE_INTEGER,
          limit: paging.limit,
          offset: paging.offset,
          authors,
          exclude,
          kinds: opts.kinds,
          // the global query's rule (semantics §1.6); network is global restricted to the viewer's network
          minFollowers: scope === 'global' || scope === 'network' ? TRENDING_MIN_FOLLOWERS : undefined,
        });
  return enrichPosts(ctx.store, posts, { viewer, orderBy: tf.field, muteRules: rules });
}

/** explore {timeframe, scope, limit ≤50, user_pubkey, since, until, offset, created_after} (semantics §1.6). */
async function explore(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  return exploreFeed(ctx, p, strArg(p, 'timeframe', 'trending'), strArg(p, 'scope', 'global'));
}

const GM = /\b(gm|good morning)\b/i;

/** Selector → window and ranking of `scored` (semantics §1.6). */
function selectorSpec(selector: string): { field: ExploreField; hours: number; gm?: boolean } {
  const m = /^(trending|gm_trending|classic_trending|mostzapped)_(24h|12h|4h|1h)$/.exec(selector);
  if (!m) throw new CommandError(`unknown selector: ${selector}`);
  const hours = Number.parseInt(m[2], 10);
  if (m[1] === 'mostzapped') return { field: 'satszapped', hours };
  return { field: 'score', hours, gm: m[1] === 'gm_trending' ? true : m[1] === 'trending' ? false : undefined };
}

/**
 * What a precomputed `scored` answer keeps of its bundle. The authors' names (10000158) and membership facts (10000168,
 * 10000169) are added at answer time instead (`scored`), so a purchase or rename shows at once, not at the refresh.
 */
const SCORED_KINDS = new Set<number>([0, 1, CacheKind.Mentions, CacheKind.MediaInfo]);

/**
 * scored {selector, user_pubkey}: trending/most-zapped notes of a window, one per author with ≥ 5 followers, no stats, no range;
 * precomputed for everyone (refreshed every 600 s, scored-precomputed.ts), then the viewer's mutes applied.
 */
async function scored(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const selector = strArg(p, 'selector', 'trending_24h');
  const spec = selectorSpec(selector);
  const viewer = viewerOf(ctx, p) ?? defaultAccount();
  const compute = async (): Promise<CacheEvent[]> => {
    const gm = spec.gm;
    const posts = await exploreNotes(ctx.store, {
      field: spec.field,
      createdAfter: (await exploreNow(ctx)) - spec.hours * 3600,
      since: 0,
      until: Number.MAX_SAFE_INTEGER,
      limit: 100,
      offset: 0,
      minFollowers: TRENDING_MIN_FOLLOWERS,
      textFilter: gm === undefined ? undefined : (text) => GM.test(text) === gm,
    });
    const bundle = await enrichPosts(ctx.store, posts, { viewer: null, range: false, topZaps: false });
    return bundle.filter((e) => SCORED_KINDS.has(e.kind));
  };
  const events = await precomputedScored(ctx.store, selector, ctx.now(), compute, (err) =>
    ctx.logger.warn({ err, selector }, 'scored refresh failed'),
  );
  // (a row precomputed by an older version may still hold names: those of now replace them)
  const kept = events.filter((e) => SCORED_KINDS.has(e.kind));
  const shown = withoutMuted(kept, await muteRulesOf(ctx.store, viewer));
  // the shown authors' names and membership facts as they are now (from the read cache when it holds them)
  const authors = [...new Set(shown.flatMap((e) => (e.kind === 0 && typeof e.pubkey === 'string' ? [e.pubkey] : [])))];
  return [...shown, ...(await userNameEvents(ctx.store, authors, ctx.now()))];
}

/**
 * scored_users_24h {user_pubkey}: authors with ≥ 5 followers by their best score24h in the last 24 h (limit 24), without users the
 * viewer's mutes or filter lists hide at trending scope: kind 0, their 10000119 media, 10000108 scores, 10000158 names and
 * 10000168 / 10000169 of the members among them.
 */
async function scoredUsers24h(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const viewer = viewerOf(ctx, p) ?? defaultAccount();
  const rows = await ctx.store.db
    .selectFrom('event_stats')
    .select(['author_pubkey'])
    .select((eb) => eb.fn.max('score24h').as('best'))
    .where('created_at', '>=', (await exploreNow(ctx)) - 86_400)
    .where('author_pubkey', '!=', '')
    .where('score24h', '>', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_stats as u')
          .select(sql.lit(1).as('one'))
          .whereRef('u.pubkey', '=', 'event_stats.author_pubkey')
          .where('u.followers_count', '>=', TRENDING_MIN_FOLLOWERS),
      ),
    )
    .groupBy('author_pubkey')
    .orderBy('best', 'desc')
    .limit(48)
    .execute();
  const hidden = await hiddenPubkeys(
    ctx.store,
    viewer,
    rows.map((r) => r.author_pubkey),
    'trending',
  );
  const kept = rows.filter((r) => !hidden.has(r.author_pubkey)).slice(0, 24);
  const pubkeys = kept.map((r) => r.author_pubkey);
  const profiles = await profilesOf(ctx.store, pubkeys);
  const out: CacheEvent[] = profiles.map((e) => ({ ...e }));
  out.push(
    ...(await mediaInfo(
      ctx.store,
      profiles.map((e) => e.id),
    )),
  );
  out.push({
    kind: CacheKind.UserScore,
    content: JSON.stringify(Object.fromEntries(kept.map((r) => [r.author_pubkey, Number(r.best)]))),
  });
  // names and membership facts (none for non-members; from the read cache when it holds them)
  out.push(...(await userNameEvents(ctx.store, pubkeys, ctx.now())));
  return out;
}

/** explore_media {limit, offset, until, since, user_pubkey}: recent notes with media. */
async function exploreMedia(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const viewer = viewerOf(ctx, p) ?? defaultAccount();
  const posts = await queryPosts(ctx.store, { media: true, kinds: [1], isReply: 0 }, pagingArgs(p, ctx.now(), 20, 100));
  return enrichPosts(ctx.store, posts, { viewer });
}

/** The explore note commands. */
export const exploreNoteCommands: CommandRecord = {
  explore,
  explore_global_trending_24h: (ctx, p) =>
    exploreFeed(ctx, { limit: 100, ...p }, 'trending', 'global', { limitMax: 100 }),
  explore_global_mostzapped_4h: (ctx, p) => exploreFeed(ctx, p, 'mostzapped4h', 'global'),
  scored,
  scored_users_24h: scoredUsers24h,
  explore_media: exploreMedia,
};
