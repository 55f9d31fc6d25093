import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import postgres from 'postgres';
import { PipelinedPostgresDialect } from './pg-dialect.ts';
import type { Database } from './schema.ts';
import { queryLogProfile } from './sql-profile.ts';
import { cachePreparedStatements, FifoSqliteDialect } from './sqlite-driver.ts';

/** Which SQL engine a store runs on. */
export type StoreDialect = 'sqlite' | 'postgres';

/** Where the database lives: a SQLite file (or ':memory:') or a PostgreSQL URL (optionally one schema in it). */
export interface DbConfig {
  sqlitePath?: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (created if missing); default `public`. */
  pgSchema?: string;
  /** PostgreSQL pool size (default 10). */
  pgMax?: number;
  /**
   * PostgreSQL statement timeout of the pool's connections in ms (default PG_STATEMENT_TIMEOUT_MS; 0: none): a hung
   * or runaway read fails instead of holding its request forever. Write transactions (`Store.write`: ingest, the
   * seed), the migrations' session and `analyzeStore` run without it.
   */
  pgStatementTimeoutMs?: number;
}

/**
 * Default statement timeout of the serving connections (ms): far above any read's time on a cold 1M store (the
 * slowest answers there take ~1-2 s with their queueing), so it only ends what would otherwise hang.
 */
export const PG_STATEMENT_TIMEOUT_MS = 10_000;

/** A Kysely instance plus its dialect name. */
export interface CreatedDb {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /**
   * PostgreSQL: opens a database whose every Kysely connection is one session (the migrations' advisory lock needs
   * one), on a pool of its own without the statement timeout; `end` closes that pool.
   */
  openSession?: () => { db: Kysely<Database>; end: () => Promise<void> };
  /** PostgreSQL: the statement timeout of `db`'s connections in ms (0: none). */
  statementTimeoutMs?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Page cache per connection, in KiB (SQLite takes pages as it needs them): ingest touches pages of every index of
 * a big store; 256 MiB instead of 64 took 13% off the ingest CPU per event on a 1.3 GB store (mmap did not help).
 */
export const SQLITE_CACHE_KIB = 262_144;

/**
 * WAL pages after which a commit copies the WAL back into the database (SQLite's default is 1,000). A bulk ingest
 * transaction writes far more (~36,000 pages per 2,000 events on a 400 MB store), so the default checkpointed after
 * every commit; checkpointing every few commits copies a page dirtied by several of them once: the 100k ingest wrote
 * 75 -> 50 KB per event and its process CPU fell 588 -> 531 us per event. The WAL file grows to about this size
 * (~390 MiB) plus one transaction.
 */
export const SQLITE_WAL_AUTOCHECKPOINT_PAGES = 100_000;

/**
 * Bytes the WAL file is cut back to when a write restarts it after a checkpoint (SQLite otherwise keeps the file at
 * its largest, ~390 MiB after bulk work, for good): the store's footprint stays its database plus at most this.
 */
export const SQLITE_JOURNAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** Applies the pragmas the service relies on: WAL, synchronous NORMAL, no foreign keys, a busy timeout, the cache. */
function tuneSqlite(conn: SqliteDatabase.Database, inMemory: boolean): void {
  if (!inMemory) conn.pragma('journal_mode = WAL');
  conn.pragma(`wal_autocheckpoint = ${SQLITE_WAL_AUTOCHECKPOINT_PAGES}`);
  conn.pragma(`journal_size_limit = ${SQLITE_JOURNAL_SIZE_LIMIT_BYTES}`);
  conn.pragma('synchronous = NORMAL');
  conn.pragma('foreign_keys = OFF');
  conn.pragma('busy_timeout = 5000');
  conn.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  conn.pragma('temp_store = MEMORY');
}

/** int8 and numeric come back from PostgreSQL as JS numbers, like SQLite's integers. */
const pgNumberTypes = {
  int8: {
    to: 20,
    from: [20],
    serialize: (x: number | bigint | string) => String(x),
    parse: (x: string) => Number(x),
  },
  numeric: {
    to: 1700,
    from: [1700],
    serialize: (x: number | string) => String(x),
    parse: (x: string) => Number(x),
  },
};

/** Creates the PostgreSQL schema if missing (used before the pool is pinned to it). */
async function ensurePgSchema(url: string, schema: string): Promise<void> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    // Two openers racing on CREATE SCHEMA IF NOT EXISTS: the loser sees a unique violation; the schema exists.
    if ((err as { code?: string }).code !== '23505') throw err;
  } finally {
    await admin.end();
  }
}

/** Opens a Kysely database on SQLite (better-sqlite3) or PostgreSQL (postgres.js); no migrations. */
export async function createDb(config: DbConfig): Promise<CreatedDb> {
  if (config.databaseUrl) {
    const schema = config.pgSchema ?? 'public';
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid PostgreSQL schema name: ${schema}`);
    if (schema !== 'public') await ensurePgSchema(config.databaseUrl, schema);
    const url = config.databaseUrl;
    const timeout = config.pgStatementTimeoutMs ?? PG_STATEMENT_TIMEOUT_MS;
    const poolOf = (max: number, statementTimeoutMs: number) =>
      postgres(url, {
        max,
        onnotice: () => {},
        types: pgNumberTypes,
        connection: {
          search_path: schema,
          ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
        },
      });
    const client = poolOf(config.pgMax ?? 10, timeout);
    const db = new Kysely<Database>({ dialect: new PipelinedPostgresDialect(client), log: queryLogProfile() });
    await sql`select 1`.execute(db);
    const openSession = () => {
      const sessions = poolOf(1, 0);
      const sessionDb = new Kysely<Database>({ dialect: new PipelinedPostgresDialect(sessions, true) });
      return { db: sessionDb, end: () => sessions.end() };
    };
    return { db, dialect: 'postgres', openSession, statementTimeoutMs: timeout };
  }
  const path = config.sqlitePath ?? './data/tide.db';
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const conn = new SqliteDatabase(path);
  tuneSqlite(conn, inMemory);
  cachePreparedStatements(conn);
  const db = new Kysely<Database>({ dialect: new FifoSqliteDialect(conn) });
  return { db, dialect: 'sqlite' };
}
