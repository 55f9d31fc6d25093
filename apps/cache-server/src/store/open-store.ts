import { type Kysely, sql, type Transaction } from 'kysely';
import { createDb, type DbConfig, type StoreDialect } from './create-db.ts';
import { migrateToLatest } from './migrations.ts';
import type { Database } from './schema.ts';
import { refreshSqliteStats } from './sqlite-stats.ts';

/** A migrated database ready for queries, with a single-writer gate for ingest transactions. */
export interface Store {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** Runs `fn` in a transaction; writes through here never overlap (one writer at a time). */
  write<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** Closes the connection(s); further use throws. */
  close(): Promise<void>;
}

/** Options of openStore: where the data lives, and whether to run migrations (default true). */
export interface OpenStoreOptions extends DbConfig {
  migrate?: boolean;
}

const turns = new Map<string, Promise<unknown>>();

/** Runs `fn` after earlier calls with the same key have settled ('' runs at once). */
async function inTurn<T>(key: string, fn: () => Promise<T>): Promise<T> {
  if (!key) return fn();
  const run = (turns.get(key) ?? Promise.resolve()).then(fn, fn);
  turns.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}

/** Opens (and by default migrates) the store on SQLite (default `./data/tide.db`) or PostgreSQL (`databaseUrl`). */
export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  const { db, dialect, openSession, statementTimeoutMs = 0 } = await createDb(options);
  try {
    if (options.migrate !== false) {
      // Same-process openers of one SQLite file take turns (better-sqlite3 waits for locks synchronously).
      const key = dialect === 'sqlite' ? `sqlite:${options.sqlitePath ?? './data/tide.db'}` : '';
      // PostgreSQL: one session, without the serving connections' statement timeout (a migration may take minutes)
      const session = openSession?.();
      try {
        await inTurn(key, () => migrateToLatest(session?.db ?? db, dialect, options.pgSchema));
      } finally {
        await session?.end();
      }
      // a migrating opener is the store's writer: planner statistics where missing or stale (read workers skip it)
      if (dialect === 'sqlite') await refreshSqliteStats(db);
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;
  // write transactions (ingest, the seed) are not bound by the serving connections' statement timeout
  const inWrite =
    statementTimeoutMs > 0
      ? async <T>(trx: Transaction<Database>, fn: (trx: Transaction<Database>) => Promise<T>) => {
          await sql`set local statement_timeout = 0`.execute(trx);
          return fn(trx);
        }
      : <T>(trx: Transaction<Database>, fn: (trx: Transaction<Database>) => Promise<T>) => fn(trx);
  const write = <T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('store is closed'));
    const run = tail.then(() => db.transaction().execute((trx) => inWrite(trx, fn)));
    tail = run.catch(() => undefined);
    return run;
  };
  return {
    db,
    dialect,
    write,
    close: async () => {
      if (closed) return;
      closed = true;
      await tail;
      await db.destroy();
    },
  };
}
