import { sql } from 'kysely';
import type { Store } from '../store/index.ts';
import {
  type CrossServerFeed,
  crossServerFeedOf,
  EVERYTHING_CHANGED,
  publishPeerChanges,
  setCrossServerFeed,
} from './change-feed.ts';
import { readCacheOf } from './read-cache.ts';

/**
 * Watches a SQLite store for commits by other connections (another process on the file): SQLite's `data_version`
 * changes exactly when one committed since the last look from this connection (this process's own writes go through
 * the store's one connection and are reported by ingest's change sets). When it changed, the read cache starts empty
 * and `onPeerChanges` listeners hear "everything changed" (the answer cache: every answer counts as touched, served
 * stale only while its recomputation runs within the clock second); so neither waits for `maxAgeMs` to see such
 * writes: they show within `pollMs`.
 */
export class SqliteWriteWatch implements CrossServerFeed {
  private version: number | undefined;
  private lookedAt = Number.NEGATIVE_INFINITY;
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    private readonly store: Store,
    private readonly pollMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Looks once, then every `pollMs` (unless `timer` is false: tests call `look()`). */
  async start(timer = true): Promise<void> {
    await this.look();
    setCrossServerFeed(this.store, this);
    if (timer) {
      this.timer = setInterval(() => void this.look(), this.pollMs);
      this.timer.unref?.();
    }
  }

  /** True while the last look is recent: another connection's commit would have been seen. */
  healthy(): boolean {
    return this.now() - this.lookedAt <= 3 * this.pollMs;
  }

  /** Reads `data_version`; a change since the last look empties the read cache and is published as everything. */
  async look(): Promise<void> {
    try {
      const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(this.store.db);
      const version = Number(rows[0]?.data_version);
      const changed = this.version !== undefined && version !== this.version;
      this.version = version;
      if (changed) {
        readCacheOf(this.store)?.clear();
        publishPeerChanges(this.store, EVERYTHING_CHANGED);
      }
      this.lookedAt = this.now();
    } catch {
      // closed or busy: not healthy until a look succeeds (the read cache then keeps starting empty every maxAgeMs)
    }
  }

  /** Stops watching. */
  stop(): void {
    clearInterval(this.timer);
    if (crossServerFeedOf(this.store) === this) setCrossServerFeed(this.store, undefined);
  }
}
