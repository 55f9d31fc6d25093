import type { Kysely, Transaction } from 'kysely';
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
  const { db, dialect, sessionDb } = await createDb(options);
  try {
    if (options.migrate !== false) {
      // Same-process openers of one SQLite file take turns (better-sqlite3 waits for locks synchronously).
      const key = dialect === 'sqlite' ? `sqlite:${options.sqlitePath ?? './data/tide.db'}` : '';
      await inTurn(key, () => migrateToLatest(sessionDb ?? db, dialect, options.pgSchema));
      // a migrating opener is the store's writer: planner statistics where missing or stale (read workers skip it)
      if (dialect === 'sqlite') await refreshSqliteStats(db);
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;
  const write = <T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('store is closed'));
    const run = tail.then(() => db.transaction().execute(fn));
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
