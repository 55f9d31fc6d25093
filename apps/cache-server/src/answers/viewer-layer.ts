import { hidesSomething } from '../commands/bundle.ts';
import { noteActionsByEvent } from '../commands/bundle-events.ts';
import { viewerOf } from '../commands/content-common.ts';
import { provideMuteRules } from '../commands/content-mutes.ts';
import { parseSearchQuery } from '../commands/content-search-query.ts';
import type { SearchNode } from '../commands/content-search-terms.ts';
import { filterListGroup } from '../commands/people-moderation.ts';
import type { ReuseLimits } from '../reuse-rule.ts';
import type { Store } from '../store/index.ts';
import type { PackedAnswer } from './answer-frames.ts';
import type { LayerPlan } from './layer-plan.ts';
import { type ChangeListener, type Facts, reasonFromFacts, ViewerFacts } from './viewer-facts.ts';
import { type BaseOf, postsOf, prefetchMuteFacts, sameSelection, widenedAnswer } from './viewer-layer-mutes.ts';

export type { LayerPlan, SelectionMutes } from './layer-plan.ts';

/** layerOf's answer when a viewer's mute rules change a `rows` selection: try a wider shared one. */
const WIDER = Symbol('wider');

/**
 * A viewer nobody can sign for (x = 0 is not a secp256k1 point): no follows, mutes, lists, settings or actions. Commands
 * that answer a missing viewer as the default account (explore, search) take their viewer-less base answer for it.
 */
export const NO_VIEWER = '0'.repeat(64);

function without(payload: Record<string, unknown>, viewer?: string): Record<string, unknown> {
  const { user_pubkey: _, ...rest } = payload;
  return viewer ? { ...rest, user_pubkey: viewer } : rest;
}

/** True when a search tree reads the viewer (scopes, bookmarks of their follows). */
function readsViewer(node: SearchNode | null): boolean {
  if (!node) return false;
  if (node.type === 'and' || node.type === 'or') return node.nodes.some(readsViewer);
  if (node.type === 'not') return readsViewer(node.node);
  return node.type === 'scope' || node.type === 'feature';
}

/**
 * How to answer `command` for the request's viewer from a viewer-less answer, or undefined when its selection depends
 * on the viewer (home feeds, non-global explore scopes, searches with scopes), it has no viewer or a malformed one:
 * the full path then. ViewerLayers.layer checks the rest: mute rules, and for a thread that the viewer follows none of
 * its flagged repliers.
 */
export function layerPlan(
  command: string,
  payload: Record<string, unknown>,
  userPubkey: string | null,
  now: number,
): LayerPlan | undefined {
  let viewer: string | null;
  try {
    viewer = viewerOf({ connection: { id: 0, userPubkey, protocol: {} } }, payload);
  } catch {
    return undefined;
  }
  if (!viewer || viewer === NO_VIEWER) return undefined;
  switch (command) {
    case 'user_profile':
      return { viewer, basePayload: without(payload), kind: 'profile', mutes: 'bundle' };
    case 'feed': {
      const notes = payload.notes ?? 'follows';
      // replies, bookmarks and media select without the viewer's mutes (content-feeds.ts); follows and authored with
      const mutes = notes === 'follows' || notes === 'authored' ? 'rows' : 'bundle';
      const paging = { defaultLimit: 20, maxLimit: 1000 };
      return { viewer, basePayload: without(payload), kind: 'bundle', mutes, paging };
    }
    case 'thread_view':
      return { viewer, basePayload: without(payload), kind: 'thread', mutes: 'bundle' };
    case 'explore': {
      if (payload.scope !== undefined && payload.scope !== null && payload.scope !== 'global') return undefined;
      const latest = payload.timeframe === 'latest';
      const paging = { defaultLimit: 20, maxLimit: 50, orderBy: 'created_at' };
      const basePayload = without(payload, NO_VIEWER);
      return latest
        ? { viewer, basePayload, kind: 'bundle', mutes: 'rows', paging }
        : { viewer, basePayload, kind: 'bundle', mutes: 'authors' };
    }
    case 'explore_global_trending_24h':
    case 'explore_global_mostzapped_4h':
      return { viewer, basePayload: without(payload, NO_VIEWER), kind: 'bundle', mutes: 'authors' };
    case 'search':
    case 'advanced_search': {
      if (typeof payload.query !== 'string') return undefined;
      try {
        if (readsViewer(parseSearchQuery(payload.query, now).root)) return undefined;
      } catch {
        return undefined;
      }
      return { viewer, basePayload: without(payload, NO_VIEWER), kind: 'bundle', mutes: 'bundle' };
    }
    default:
      return undefined;
  }
}

const layersOfStore = new WeakMap<Store, ViewerLayers>();

/** The viewer layers a server made for `store` (for tests and stats). */
export function viewerLayersOf(store: Store): ViewerLayers | undefined {
  return layersOfStore.get(store);
}

/**
 * Makes viewers' answers from shared (viewer-less) ones plus what differs for the viewer: their 10000115 actions on the
 * bundle's events (one indexed query, spliced between the shared head and tail already serialised and deflated), a
 * profile's 10000131 filtering reason. Exact: a layered answer equals the full path's (same objects, order and frames;
 * `viewer-layer-differential.test.ts`). Viewers with mute rules are layered where their selection provably equals the
 * shared one (or a wider shared one filtered by their rules, viewer-layer-mutes.ts) and the rules hide nothing in the
 * shared bundle; those rules changing more, or a viewer who wrote since the shared answer was made, get the full path.
 */
export class ViewerLayers {
  /**
   * How viewers' requests were answered: with their own objects spliced in, as the shared answer, by the full path;
   * `widened` counts the spliced ones read off a wider shared selection (viewers with mute rules).
   */
  readonly counts = { spliced: 0, shared: 0, full: 0, widened: 0 };
  private readonly facts: ViewerFacts;
  private readonly madeAt = new WeakMap<PackedAnswer, number>();
  private readonly flagged = new WeakMap<PackedAnswer, Promise<string[]>>();
  /** A profile's first filter-list group among the wanted ones, by base answer and wanted groups. */
  private readonly listed = new WeakMap<PackedAnswer, Map<string, Promise<string | undefined>>>();

  constructor(
    private readonly store: Store,
    limits: ReuseLimits,
    /** The first change sequence at which `pubkey`'s latest accepted event was in the store (0: none seen). */
    private readonly writtenAt: (pubkey: string) => number,
    /**
     * The server's change sequence and clock second, and whether it still serves: its facts then give mute rules;
     * `changes` subscribes to its change keys (facts no change touched are then kept across others' writes).
     */
    clock?: { sequence(): number; second(): number; live(): boolean; changes?: (listener: ChangeListener) => void },
  ) {
    this.facts = new ViewerFacts(store, limits, writtenAt, clock?.changes);
    layersOfStore.set(store, this);
    if (clock) {
      provideMuteRules(store, (viewer) =>
        clock.live() ? this.facts.of(viewer, clock.sequence(), clock.second()).muteRules() : undefined,
      );
    }
  }

  /** Notes that `answer` was computed from the store at change sequence `seq` or later. */
  stamp(answer: PackedAnswer, seq: number): void {
    this.madeAt.set(answer, seq);
  }

  /**
   * The viewer's answer made from the shared answer to `plan.basePayload` (`baseOf`), or undefined when it cannot be
   * (the full path then): the viewer wrote since it was made (unless the answer cache knows it is exact now), it has no
   * split to put actions in, their mute rules change its selection or hide something in its bundle (a `rows` selection
   * then tries a wider shared one, viewer-layer-mutes.ts), or (threads) the viewer follows one of its flagged repliers.
   */
  async layer(
    plan: LayerPlan,
    payload: Record<string, unknown>,
    baseOf: BaseOf,
    seq: number,
    second: number,
  ): Promise<PackedAnswer | undefined> {
    const facts = this.facts.of(plan.viewer, seq, second);
    const base = await baseOf(plan.basePayload);
    prefetchMuteFacts(this.store, plan, base.answer);
    let answer = await this.layerOf(plan, payload, base, facts);
    if (answer === WIDER) {
      const rules = await facts.muteRules();
      const actionsOf = async (ids: readonly string[]) =>
        (await facts.actions()) ?? (await noteActionsByEvent(this.store, plan.viewer, ids));
      const usable = (b: { answer: PackedAnswer; exact: boolean }) => this.usable(plan.viewer, b.answer, b.exact);
      answer = await widenedAnswer(this.store, plan, payload, rules, baseOf, usable, actionsOf);
      if (answer) this.counts.widened += 1;
    }
    if (!answer) this.counts.full += 1;
    else if (answer === base.answer) this.counts.shared += 1;
    else this.counts.spliced += 1;
    return answer;
  }

  /** Whether `base` may be used for `viewer`: made at or after their latest write, or known exact now. */
  private usable(viewer: string, base: PackedAnswer, exact: boolean): boolean {
    const made = this.madeAt.get(base);
    return made !== undefined && made >= (exact ? 0 : this.writtenAt(viewer));
  }

  private async layerOf(
    plan: LayerPlan,
    payload: Record<string, unknown>,
    { answer: base, exact }: { answer: PackedAnswer; exact: boolean },
    facts: Facts,
  ): Promise<PackedAnswer | typeof WIDER | undefined> {
    if (!this.usable(plan.viewer, base, exact)) return undefined;
    if (plan.kind === 'profile') {
      if (base.count === 0) return base;
      const pubkey = String(payload.pubkey);
      const reason = await reasonFromFacts(plan.viewer, pubkey, facts, (wanted) =>
        this.listedGroup(base, pubkey, wanted),
      );
      return reason ? undefined : base;
    }
    const muteFree = await facts.muteFree();
    if (plan.mutes !== 'bundle') {
      const posts = postsOf(base);
      if (posts?.length === 0) return base; // no posts: the same answer for every viewer
      const rules = muteFree ? undefined : await facts.muteRules();
      if (rules && !(posts && (await sameSelection(this.store, plan, payload, posts, rules)))) {
        return plan.mutes === 'rows' ? WIDER : undefined;
      }
    }
    const split = base.split;
    if (!split || (split.seq ?? -1) < (exact ? 0 : this.writtenAt(plan.viewer))) return undefined;
    if (!muteFree && hidesSomething(await facts.muteRules(), split)) return undefined;
    if (plan.kind === 'thread' && (await this.followsFlagged(plan.viewer, String(payload.event_id), base))) {
      return undefined;
    }
    if (split.actionIds.length === 0) return base;
    const byId = (await facts.actions()) ?? (await noteActionsByEvent(this.store, plan.viewer, split.actionIds));
    if (byId.size === 0) return base;
    return base.withMiddle(split.actionIds.flatMap((id) => byId.get(id) ?? []));
  }

  /** The first group of `pubkey` among `wanted` on the filter list (as filteringReason reads it), once per base. */
  private listedGroup(base: PackedAnswer, pubkey: string, wanted: string[]): Promise<string | undefined> {
    let byWanted = this.listed.get(base);
    if (!byWanted) {
      byWanted = new Map();
      this.listed.set(base, byWanted);
    }
    const key = wanted.join(',');
    let group = byWanted.get(key);
    if (!group) {
      group = filterListGroup(this.store, pubkey, wanted);
      byWanted.set(key, group);
    }
    return group;
  }

  /** Whether `viewer` follows a replier of the thread flagged as spam (whose replies only their followers see). */
  private async followsFlagged(viewer: string, eventId: string, base: PackedAnswer): Promise<boolean> {
    let flagged = this.flagged.get(base);
    if (!flagged) {
      flagged = this.store.db
        .selectFrom('event_replies as r')
        .select('r.reply_pubkey')
        .distinct()
        .where('r.parent_id', '=', eventId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('filter_list as fl')
              .select('fl.target')
              .whereRef('fl.target', '=', 'r.reply_pubkey')
              .where('fl.grp', '=', 'spam')
              .where('fl.blocked', '=', 1),
          ),
        )
        .execute()
        .then((rows) => rows.map((r) => r.reply_pubkey));
      this.flagged.set(base, flagged);
    }
    const repliers = await flagged;
    if (repliers.length === 0) return false;
    const row = await this.store.db
      .selectFrom('pubkey_followers')
      .select('pubkey')
      .where('follower_pubkey', '=', viewer)
      .where('pubkey', 'in', repliers)
      .executeTakeFirst();
    return row !== undefined;
  }
}
