import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { DEFAULT_REUSE_LIMITS, type ReuseLimits, reusable } from '../reuse-rule.ts';
import type { Store } from '../store/index.ts';

/**
 * The viewer-independent part of a post bundle, split where the viewer's 10000115 note actions go: `head` (posts,
 * referenced events, users, zaps, stats), then the actions on `actionIds` (in that order), then `tail` (media,
 * links, words, relay hints, range).
 */
export interface BundleParts {
  head: CacheEvent[];
  tail: CacheEvent[];
  /** The packer's memo for answers made from this part (see AnswerLayout). */
  memo?: Record<string, unknown>;
  /** Ids of every event of the bundle in the order their actions are listed. */
  actionIds: string[];
  /** The store's change sequence when a shared part was computed (set by SharedBundles; absent when not shared). */
  seq?: number;
  /** The posts listed (what a viewer's mute rules could hide). */
  top?: readonly NostrEvent[];
  /** Authors of the referenced events (a viewer's muted authors are left out of those). */
  referencedAuthors?: readonly string[];
}

/**
 * Marks an answer made of a shared head, a per-viewer middle and a shared tail (the objects themselves, in order), so
 * the answer packer can serialise and deflate the shared parts once (`memo`, kept with the shared part) instead of
 * per viewer. A packer must check the answer still holds exactly these objects (a handler may have changed it).
 */
export const ANSWER_LAYOUT: unique symbol = Symbol('answer layout');

/** The layout of an answer marked with ANSWER_LAYOUT. */
export interface AnswerLayout {
  head: readonly CacheEvent[];
  middle: readonly CacheEvent[];
  tail: readonly CacheEvent[];
  /** Filled by the packer, shared by every answer made from the same shared part. */
  memo: Record<string, unknown>;
  /** Ids of the events whose viewer actions make the middle, in the middle's order (absent: not a bundle). */
  actionIds?: readonly string[];
  /** The store's change sequence the shared head and tail were computed at (absent: unknown). */
  seq?: number;
  /** The shared part's posts and referenced authors (what a viewer's mute rules could hide; see BundleParts). */
  top?: readonly NostrEvent[];
  referencedAuthors?: readonly string[];
}

/** `events` marked with their layout (see ANSWER_LAYOUT). */
export function withLayout(events: CacheEvent[], layout: AnswerLayout): CacheEvent[] {
  Object.defineProperty(events, ANSWER_LAYOUT, { value: layout, enumerable: false });
  return events;
}

/** The layout `events` were marked with, if any. */
export function layoutOf(events: readonly CacheEvent[]): AnswerLayout | undefined {
  return (events as { [ANSWER_LAYOUT]?: AnswerLayout })[ANSWER_LAYOUT];
}

/** What a server tells the bundle sharing about its store: its change sequence and who wrote since when. */
export interface ShareClock {
  /** The store's change sequence (bumped by every accepted write). */
  sequence(): number;
  /** The server clock's second. */
  second(): number;
  /** The first sequence at which `pubkey`'s latest accepted event was in the store (0: none seen). */
  writtenAt(pubkey: string): number;
}

interface Entry {
  seq: number;
  second: number;
  at: number;
  parts: Promise<BundleParts>;
}

/** How often (ms) parts no viewer can use any more are let go. */
const SWEEP_MS = 1000;
/** Parts held at most (least recently used go first); unusable ones are let go within a second. */
const MAX_ENTRIES = 500;

/**
 * Bundle parts shared by every viewer without mute rules on one store, by the answer cache's reuse rule
 * (`reuse-rule.ts`: exact while the store is unchanged, up to `maxAgeMs`; after a change at most `ttlMs` within the
 * clock second), never for a viewer who wrote since (they see their own events at once). Only servers turn it on
 * (`shareBundles`); elsewhere nothing is shared.
 */
export class SharedBundles {
  private readonly entries = new Map<string, Entry>();
  private sweptAt = 0;

  constructor(
    private readonly clock: ShareClock,
    private readonly limits: ReuseLimits = DEFAULT_REUSE_LIMITS,
  ) {}

  /** The shared parts for `key`, as seen by `viewer` ('' for a guest), computing them with `compute` on a miss. */
  parts(key: string, viewer: string, compute: () => Promise<BundleParts>): Promise<BundleParts> {
    const seq = this.clock.sequence();
    const second = this.clock.second();
    const now = Date.now();
    if (now - this.sweptAt >= SWEEP_MS) this.sweep(seq, second, now);
    const hit = this.entries.get(key);
    if (hit && this.usable(hit, viewer, seq, second, now)) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.parts;
    }
    if (hit) this.entries.delete(key);
    const entry: Entry = {
      seq,
      second,
      at: now,
      parts: compute().then((parts) => {
        parts.seq = seq;
        return parts;
      }),
    };
    this.entries.set(key, entry);
    entry.parts.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const old of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(old);
    }
    return entry.parts;
  }

  /** Forgets every part. */
  clear(): void {
    this.entries.clear();
  }

  /** Number of parts held. */
  get size(): number {
    return this.entries.size;
  }

  /** Lets go of the parts no viewer can use any more (by the reuse rule). */
  private sweep(seq: number, second: number, now: number): void {
    this.sweptAt = now;
    for (const [key, entry] of this.entries) if (!this.usable(entry, '', seq, second, now)) this.entries.delete(key);
  }

  private usable(entry: Entry, viewer: string, seq: number, second: number, now: number): boolean {
    if (viewer !== '' && entry.seq < this.clock.writtenAt(viewer)) return false;
    // unchanged store: still exact for what ingest writes; the maximum age bounds what is written beside it (link previews)
    return reusable(entry, now, second, seq, this.limits);
  }
}

const shared = new WeakMap<Store, { bundles: SharedBundles; clocks: Set<ShareClock> }>();

/**
 * Turns on bundle sharing for `store` with `clock` and the server's reuse `limits` (a server does this for the store
 * it serves; several servers on one store share one cache whose sequence is the sum of theirs, with the first one's
 * limits); returns the function that turns it off again.
 */
export function shareBundles(store: Store, clock: ShareClock, limits: ReuseLimits = DEFAULT_REUSE_LIMITS): () => void {
  let found = shared.get(store);
  if (!found) {
    const clocks = new Set<ShareClock>();
    const combined: ShareClock = {
      sequence: () => {
        let sum = 0;
        for (const c of clocks) sum += c.sequence();
        return sum;
      },
      second: () => {
        for (const c of clocks) return c.second();
        return Math.floor(Date.now() / 1000);
      },
      writtenAt: (pubkey) => {
        if (clocks.size === 1) for (const c of clocks) return c.writtenAt(pubkey);
        // several servers: their sequences do not compare; a writer gets nothing shared
        for (const c of clocks) if (c.writtenAt(pubkey) > 0) return Number.POSITIVE_INFINITY;
        return 0;
      },
    };
    found = { bundles: new SharedBundles(combined, limits), clocks };
    shared.set(store, found);
  }
  const entry = found;
  // the combined sequence restarts its meaning whenever the set of servers changes
  entry.bundles.clear();
  entry.clocks.add(clock);
  return () => {
    entry.bundles.clear();
    entry.clocks.delete(clock);
    if (entry.clocks.size === 0 && shared.get(store) === entry) shared.delete(store);
  };
}

/** The bundle sharing of `store`, if a server turned it on. */
export function sharedBundlesOf(store: Store): SharedBundles | undefined {
  return shared.get(store)?.bundles;
}

/** The cache key of a bundle request's viewer-independent part. */
export function bundleKey(posts: ReadonlyArray<{ id: string; value: number }>, options: object): string {
  let key = JSON.stringify(options);
  for (const p of posts) key += `|${p.id}:${p.value}`;
  return key;
}
