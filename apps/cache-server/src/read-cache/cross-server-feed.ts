import type { Logger } from 'pino';
import type { Store } from '../store/index.ts';
import { startPgChangeFeed } from './pg-change-feed.ts';
import { SqliteWriteWatch } from './sqlite-write-watch.ts';

/** How often a SQLite store is checked for other connections' commits (ms). */
export const SQLITE_WATCH_MS = 1000;

/**
 * Starts what tells the read cache of `store` about writes other processes make: on PostgreSQL the change feed of
 * the servers on the same schema (when its URL is known), on SQLite the data_version watch. Returns the function that
 * stops it (undefined when none runs: the read cache then starts empty every maxAgeMs).
 */
export async function startCrossServerFeed(
  store: Store,
  options: { databaseUrl?: string; pgSchema?: string; maxAgeMs: number; logger?: Logger },
): Promise<(() => Promise<void>) | undefined> {
  if (store.dialect === 'sqlite') {
    const watch = new SqliteWriteWatch(store, SQLITE_WATCH_MS);
    await watch.start();
    return async () => watch.stop();
  }
  if (!options.databaseUrl) return undefined;
  const feed = await startPgChangeFeed(store, {
    url: options.databaseUrl,
    schema: options.pgSchema ?? 'public',
    maxAgeMs: options.maxAgeMs,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return feed ? () => feed.stop() : undefined;
}
