import { hidesSomething } from '../commands/bundle.ts';
import { noteActionsByEvent } from '../commands/bundle-events.ts';
import { viewerOf } from '../commands/content-common.ts';
import { parseSearchQuery } from '../commands/content-search-query.ts';
import type { SearchNode } from '../commands/content-search-terms.ts';
import { filterListGroup } from '../commands/people-moderation.ts';
import type { ReuseLimits } from '../reuse-rule.ts';
import type { Store } from '../store/index.ts';
import type { PackedAnswer } from './answer-frames.ts';
import { reasonFromFacts, ViewerFacts } from './viewer-facts.ts';

/**
 * A viewer nobody can sign for (x = 0 is not a secp256k1 point): no follows, mutes, lists, settings or actions. Commands
 * that answer a missing viewer as the default account (explore, search) take their viewer-less base answer for it.
 */
export const NO_VIEWER = '0'.repeat(64);

/** What a viewer's answer adds to the shared one: their note actions, a profile's filtering reason. */
type LayerKind = 'bundle' | 'thread' | 'profile';

/** How a viewer's answer to a request is made from a shared one (see `layerPlan`). */
export interface LayerPlan {
  /** The viewer the request is answered for. */
  viewer: string;
  /** The payload of the shared answer (no `user_pubkey`, or NO_VIEWER's), computed on a connection with no user. */
  basePayload: Record<string, unknown>;
  kind: LayerKind;
  /** The selection ignores mute rules (only the bundle applies them): viewers with rules may be layered too. */
  muteSafe: boolean;
}

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
 * the full path then. Valid only where ViewerLayers.eligible says so (mute rules); a thread also needs the
 * viewer to follow none of its flagged repliers (ViewerLayers.layer checks).
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
      return { viewer, basePayload: without(payload), kind: 'profile', muteSafe: true };
    case 'feed':
      return { viewer, basePayload: without(payload), kind: 'bundle', muteSafe: false };
    case 'thread_view':
      return { viewer, basePayload: without(payload), kind: 'thread', muteSafe: true };
    case 'explore':
      if (payload.scope !== undefined && payload.scope !== null && payload.scope !== 'global') return undefined;
      return { viewer, basePayload: without(payload, NO_VIEWER), kind: 'bundle', muteSafe: false };
    case 'explore_global_trending_24h':
    case 'explore_global_mostzapped_4h':
      return { viewer, basePayload: without(payload, NO_VIEWER), kind: 'bundle', muteSafe: false };
    case 'search':
    case 'advanced_search': {
      if (typeof payload.query !== 'string') return undefined;
      try {
        if (readsViewer(parseSearchQuery(payload.query, now).root)) return undefined;
      } catch {
        return undefined;
      }
      return { viewer, basePayload: without(payload, NO_VIEWER), kind: 'bundle', muteSafe: true };
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
 * `viewer-layer-differential.test.ts`). Viewers with mute rules (unless the selection ignores them and they hide nothing
 * in the shared bundle: threads, searches), or who wrote since the shared answer was made, get the full path.
 */
export class ViewerLayers {
  /** How viewers' requests were answered: with their own objects spliced in, as the shared answer, by the full path. */
  readonly counts = { spliced: 0, shared: 0, full: 0 };
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
  ) {
    this.facts = new ViewerFacts(store, limits, writtenAt);
    layersOfStore.set(store, this);
  }

  /** Notes that `answer` was computed from the store at change sequence `seq` or later. */
  stamp(answer: PackedAnswer, seq: number): void {
    this.madeAt.set(answer, seq);
  }

  /**
   * Whether the viewer's answer may be layered: no mute rules (kept by the reuse rule, forgotten when they write), or a
   * selection mute rules do not change (then `layer` checks they hide nothing in the shared bundle).
   */
  async eligible(plan: LayerPlan, seq: number, second: number): Promise<boolean> {
    return plan.muteSafe || (await this.facts.of(plan.viewer, seq, second).muteFree());
  }

  /**
   * The viewer's answer made from `base` (the answer to `plan.basePayload`), or undefined when it cannot be (the full
   * path then): the viewer wrote since it was made, it has no split to put actions in, or (threads) the viewer follows
   * one of its flagged repliers. Call after `eligible` said yes. `exact`: the answer cache knows `base` equals a fresh
   * computation now (no write since touched what it read), so a viewer's earlier write does not stand in the way.
   */
  async layer(
    plan: LayerPlan,
    payload: Record<string, unknown>,
    base: PackedAnswer,
    seq: number,
    second: number,
    exact = false,
  ): Promise<PackedAnswer | undefined> {
    const answer = await this.layerOf(plan, payload, base, seq, second, exact);
    if (!answer) this.counts.full += 1;
    else if (answer === base) this.counts.shared += 1;
    else this.counts.spliced += 1;
    return answer;
  }

  /** Notes a viewer's request answered by the full path without trying a layer (mute rules). */
  fullPath(): void {
    this.counts.full += 1;
  }

  private async layerOf(
    plan: LayerPlan,
    payload: Record<string, unknown>,
    base: PackedAnswer,
    seq: number,
    second: number,
    exact: boolean,
  ): Promise<PackedAnswer | undefined> {
    const facts = this.facts.of(plan.viewer, seq, second);
    const made = this.madeAt.get(base);
    const written = exact ? 0 : this.writtenAt(plan.viewer);
    if (made === undefined || made < written) return undefined;
    if (plan.kind === 'profile') {
      if (base.count === 0) return base;
      const pubkey = String(payload.pubkey);
      const reason = await reasonFromFacts(plan.viewer, pubkey, facts, (wanted) =>
        this.listedGroup(base, pubkey, wanted),
      );
      return reason ? undefined : base;
    }
    const split = base.split;
    if (!split || (split.seq ?? -1) < written) return undefined;
    if (!(await facts.muteFree()) && hidesSomething(await facts.muteRules(), split)) return undefined;
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
