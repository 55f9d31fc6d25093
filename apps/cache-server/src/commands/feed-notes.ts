import type { CacheEvent } from '@tide/core/nostr';
import { enrichPosts } from './bundle.ts';
import { boolArg, hexArg, pagingArgs, strArg, viewerOf } from './content-common.ts';
import { muteRulesOf } from './content-mutes.ts';
import { bookmarkedPosts, queryPosts } from './content-posts.ts';
import { type CommandContext, CommandError, type CommandPayload } from './context.ts';
import { firstWindow, learnWindow } from './feed-windows.ts';
import { queryPostsMuted } from './muted-posts.ts';

/** The payload's `kinds` (non-negative integers), else `fallback`; anything else is a NOTICE. */
export function kindsArg(p: CommandPayload, fallback: number[]): number[] {
  const v = p.kinds;
  if (v === undefined || v === null) return fallback;
  if (!Array.isArray(v) || !v.every((k) => Number.isInteger(k) && k >= 0)) throw new CommandError('invalid kinds');
  return v as number[];
}

/**
 * feed {pubkey, notes: follows|authored|replies|bookmarks|user_media_thumbnails, include_replies, kinds, limit ≤1000,
 * since, until, offset, user_pubkey} (semantics §2.3): a bundle ordered by created_at.
 */
export async function feed(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const pubkey = hexArg(p, 'pubkey');
  const notes = strArg(p, 'notes', 'follows');
  const includeReplies = boolArg(p, 'include_replies', false);
  const paging = pagingArgs(p, ctx.now(), 20, 1000);
  const viewer = viewerOf(ctx, p);
  const muted = await muteRulesOf(ctx.store, viewer);
  let posts: Awaited<ReturnType<typeof queryPosts>>;
  if (notes === 'follows') {
    const kinds = kindsArg(p, [1, 6]);
    const key = `${pubkey}|${includeReplies}|${kinds.join(',')}`;
    const fromDays = firstWindow(ctx.store, key);
    posts = await queryPostsMuted(
      ctx.store,
      { followedBy: pubkey, isReply: includeReplies ? undefined : 0, kinds, muted, fromDays },
      paging,
    );
    learnWindow(ctx.store, key, posts, paging.until, paging.limit);
  } else if (notes === 'authored') {
    posts = await queryPostsMuted(
      ctx.store,
      { author: pubkey, isReply: includeReplies ? undefined : 0, kinds: kindsArg(p, [1, 6]), muted },
      paging,
    );
  } else if (notes === 'replies') {
    posts = await queryPosts(ctx.store, { author: pubkey, isReply: 1, kinds: kindsArg(p, [1]) }, paging);
  } else if (notes === 'bookmarks') {
    posts = await bookmarkedPosts(ctx.store, pubkey, kindsArg(p, [1]), paging);
  } else if (notes === 'user_media_thumbnails') {
    posts = await queryPosts(ctx.store, { author: pubkey, media: true, kinds: [1] }, paging);
  } else {
    throw new CommandError(`unknown notes: ${notes}`);
  }
  return enrichPosts(ctx.store, posts, { viewer, muteRules: muted });
}
