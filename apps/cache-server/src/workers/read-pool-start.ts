import type { Logger } from 'pino';
import type { ReuseLimits } from '../reuse-rule.ts';
import type { OpenStoreOptions, Store } from '../store/index.ts';
import { ReadPool } from './read-pool.ts';

/** Where read workers open their own connections: the server's SQLite file or PostgreSQL database (schema). */
export function readWorkerStore(options: OpenStoreOptions, store: Store, ownsStore: boolean): OpenStoreOptions | null {
  if (!ownsStore) return null;
  if (store.dialect === 'postgres' && options.databaseUrl) {
    const { databaseUrl, pgSchema, pgMax, pgStatementTimeoutMs } = options;
    const timeout = pgStatementTimeoutMs === undefined ? {} : { pgStatementTimeoutMs };
    return { databaseUrl, ...(pgSchema ? { pgSchema } : {}), ...(pgMax ? { pgMax } : {}), ...timeout };
  }
  if (store.dialect === 'sqlite' && options.sqlitePath && options.sqlitePath !== ':memory:') {
    return { sqlitePath: options.sqlitePath };
  }
  return null;
}

/**
 * Starts `count` read workers on the server's store (a SQLite file, or PostgreSQL: each worker its own pool), or
 * none when the count is 0 or the store cannot be opened again (a store handed in, an in-memory one).
 */
export async function startReadPool(
  count: number,
  options: OpenStoreOptions,
  store: Store,
  ownsStore: boolean,
  settings: { logger: Logger; shareBundles: boolean; reuse: ReuseLimits },
): Promise<ReadPool | undefined> {
  const where = count > 0 ? readWorkerStore(options, store, ownsStore) : null;
  if (!where) return undefined;
  const { logger, shareBundles, reuse } = settings;
  return ReadPool.start(count, { store: where, logLevel: logger.level, shareBundles, reuse }, logger);
}
