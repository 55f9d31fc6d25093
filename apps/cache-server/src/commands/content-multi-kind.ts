import { type CacheEvent, isHex, type NostrEvent } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import { loadEvents } from './content-common.ts';
import { kindsArg, parseSpec, runSpec } from './content-feeds.ts';
import { threadAnswer } from './content-threads.ts';
import type { CommandContext, CommandPayload, CommandRecord } from './context.ts';

/*
 * The mobile app's multi-kind variants (semantics §2.3): a mega feed and a thread view over a `kinds` array.
 */

/** Kinds a spec's `kind` name stands for in `latest` (photos, short videos, both). */
const NAMED_KINDS: Record<string, number[]> = { photos: [20], short_videos: [34236], media: [20, 34236] };

/**
 * multi_kind_mega_feed_directive {spec, kinds, limit, until, since, offset, user_pubkey}: mega_feed_directive with
 * every kind of `kinds` (not only the first); `latest` with `kind` photos / short_videos / media is the follows feed
 * of kind 20 / 34236 / both (a named kind is also the default `kinds` of other specs).
 */
async function multiKindMegaFeed(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  const spec = parseSpec(p.spec);
  const named = typeof spec.kind === 'string' ? NAMED_KINDS[spec.kind] : undefined;
  const given = kindsArg(p, kindsArg(spec, []));
  const kinds = spec.id === 'latest' && named ? named : given.length > 0 ? given : named;
  return runSpec(ctx, spec, kinds ? { ...p, kinds } : p, { multiKind: true });
}

/** The `e` tag a note names as its parent by marker: `reply`, else `root` (no positional fallback). */
export function markedParent(tags: readonly string[][]): string | undefined {
  const marked = (marker: string) => tags.find((t) => t[0] === 'e' && isHex(t[1], 64) && t[3] === marker)?.[1];
  return marked('reply') ?? marked('root');
}

/** Ancestors of a note, nearest first, walking `e` tags marked reply/root (at most 50 levels, stops on a cycle). */
export async function markedAncestors(store: Store, self: NostrEvent): Promise<string[]> {
  const out: string[] = [];
  let current: NostrEvent | undefined = self;
  while (current && out.length < 50) {
    const parent = markedParent(current.tags);
    if (!parent || parent === self.id || out.includes(parent)) break;
    out.push(parent);
    current = (await loadEvents(store, [parent])).get(parent);
  }
  return out;
}

/**
 * multi_kind_thread_view {event_id, kinds ([1]), limit, since, until, offset, user_pubkey, include_parent_posts}:
 * thread_view whose replies are of `kinds` and whose ancestors follow `e` tags marked reply/root.
 */
async function multiKindThreadView(ctx: CommandContext, p: CommandPayload): Promise<CacheEvent[]> {
  return threadAnswer(ctx, p, { replyKinds: kindsArg(p, [1]), ancestors: markedAncestors });
}

/** The multi-kind commands. */
export const contentMultiKindCommands: CommandRecord = {
  multi_kind_mega_feed_directive: multiKindMegaFeed,
  multi_kind_thread_view: multiKindThreadView,
};
