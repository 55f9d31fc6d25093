import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { sharedBundle } from '../commands/bundle.ts';
import { numArg } from '../commands/content-common.ts';
import type { MuteRules } from '../commands/content-mutes.ts';
import { postMuteFacts, sqlMuted, unmutedPage } from '../commands/mute-facts.ts';
import type { Store } from '../store/index.ts';
import { PackedAnswer } from './answer-frames.ts';
import type { LayerPlan } from './layer-plan.ts';

/*
 * Viewers with mute rules, on selections that apply them (feeds of follows / authored notes and latest explore leave
 * out rows in SQL and refill to `limit`; ranked explore leaves out muted authors before one note per author): their
 * selection is read off a shared one instead of being run per viewer. Exact: it is used only where it provably equals
 * what the command would select for them; the bundle is then the shared part for those posts (`sharedBundle`, the
 * one enrichPosts takes for them) with their actions. Anything else takes the full path.
 */

/** A wider shared selection reads this many times the rows the viewer's page needs (offset + limit). */
export const WIDEN = 2;

/** The viewer-less answer to a payload (from the answer cache) and whether the cache knows it is exact now. */
export type BaseOf = (payload: Record<string, unknown>) => Promise<{ answer: PackedAnswer; exact: boolean }>;

/** The posts a viewer-less bundle answer lists, in order: [] for an answer of no posts, undefined when unknown. */
export function postsOf(answer: PackedAnswer): readonly NostrEvent[] | undefined {
  if (answer.split) return answer.split.top;
  // a bundle of no posts is its FeedRange alone (any bundle of posts has a split, or two objects or more)
  return answer.count === 1 ? [] : undefined;
}

function offsetOf(payload: Record<string, unknown>): number | undefined {
  try {
    return numArg(payload, 'offset', 0, 100_000);
  } catch {
    return undefined;
  }
}

/** Stores on which a viewer with mute rules asked for a `rows` selection; shared answers prefetched, per store. */
const prefetchedOf = new WeakMap<Store, WeakSet<PackedAnswer>>();

/** Notes that a viewer with mute rules asks for `rows` selections on `store` (prefetchMuteFacts then reads facts). */
export function noteRowsMuter(store: Store): void {
  if (!prefetchedOf.has(store)) prefetchedOf.set(store, new WeakSet());
}

/**
 * Starts reading the mute facts of a `rows` selection's shared posts (not awaited; `postMuteFacts` reads only the ones
 * it lacks, once per shared answer) once viewers with mute rules ask for such selections on this store: the next such
 * viewer of that page then finds them, or joins the read, instead of queueing its own round trip behind other misses.
 */
export function prefetchMuteFacts(store: Store, plan: LayerPlan, answer: PackedAnswer): void {
  const done = prefetchedOf.get(store);
  if (!done || plan.mutes !== 'rows' || done.has(answer)) return;
  done.add(answer);
  const posts = postsOf(answer);
  if (!posts?.length) return;
  postMuteFacts(
    store,
    posts.map((e) => e.id),
  ).catch(() => undefined); // a failed read is read again by the viewer who needs it
}

/** True when the selection's mute checks (SQL ones for `rows`, muted authors for `authors`) leave out none of `posts`. */
async function noneLeftOut(
  store: Store,
  mutes: LayerPlan['mutes'],
  posts: readonly NostrEvent[],
  rules: MuteRules,
): Promise<boolean> {
  if (mutes === 'bundle') return true;
  if (mutes === 'authors') return posts.every((e) => !rules.pubkeys.has(e.pubkey));
  const facts = await postMuteFacts(
    store,
    posts.map((e) => e.id),
  );
  return posts.every((e) => {
    const f = facts.get(e.id);
    return f !== undefined && !sqlMuted(rules, e, f);
  });
}

/**
 * True when the viewer's selection is the shared answer's `posts`: there are none (nothing to leave out, at any
 * offset), or the request starts at offset 0 and the selection's mute checks leave out none of them (the viewer's
 * selection is then the same prefix of the same order).
 */
export async function sameSelection(
  store: Store,
  plan: LayerPlan,
  payload: Record<string, unknown>,
  posts: readonly NostrEvent[],
  rules: MuteRules,
): Promise<boolean> {
  if (posts.length === 0) return true;
  if (plan.mutes === 'rows') noteRowsMuter(store);
  if (offsetOf(payload) !== 0) return false;
  return noneLeftOut(store, plan.mutes, posts, rules);
}

/**
 * A `rows` viewer's answer from a wider shared selection of the same request (offset 0, WIDEN × (offset + limit)
 * rows): its posts the SQL checks keep, from the viewer's offset, when at least offset + limit are kept or the wider
 * selection held every row there is; then the shared bundle of those posts with the viewer's actions. Undefined when
 * that cannot be done exactly (too much left out, no wider limit allowed, the shared base unusable for the viewer, the
 * rules hide something in the bundle).
 */
export async function widenedAnswer(
  store: Store,
  plan: LayerPlan,
  payload: Record<string, unknown>,
  rules: MuteRules,
  baseOf: BaseOf,
  usable: (base: { answer: PackedAnswer; exact: boolean }) => boolean,
  actionsOf: (ids: readonly string[]) => Promise<ReadonlyMap<string, CacheEvent>>,
): Promise<PackedAnswer | undefined> {
  const paging = plan.paging;
  if (plan.mutes !== 'rows' || !paging) return undefined;
  let need: number;
  let offset: number;
  try {
    offset = numArg(payload, 'offset', 0, 100_000);
    need = offset + numArg(payload, 'limit', paging.defaultLimit, paging.maxLimit);
  } catch {
    return undefined;
  }
  const wide = Math.min(paging.maxLimit, need * WIDEN);
  if (wide <= need) return undefined;
  const base = await baseOf({ ...plan.basePayload, limit: wide, offset: 0 });
  const posts = usable(base) ? postsOf(base.answer) : undefined;
  if (!posts) return undefined;
  const kept = await unmutedPage(store, rules, posts, wide, offset, need);
  if (!kept) return undefined;
  const page = kept.map((e) => ({ id: e.id, value: e.created_at }));
  const opts = { viewer: plan.viewer, muteRules: rules, orderBy: paging.orderBy };
  const events = await sharedBundle(store, page, opts, actionsOf);
  return events ? PackedAnswer.pack(events) : undefined;
}
