import type SqliteDatabase from 'better-sqlite3';
import { type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from 'kysely';
import { profileStatement } from './sql-profile.ts';

/** Most prepared statements kept per SQLite connection (least recently used are dropped first). */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * Reuses prepared statements by SQL text (Kysely prepares every query again; at ~15 queries per post bundle the
 * prepare calls were a tenth of the command's CPU time). Kysely runs one query at a time on the connection, and
 * better-sqlite3 resets a statement after `all`/`run`, so a cached statement is never in use twice at once.
 */
export function cachePreparedStatements(conn: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, SqliteDatabase.Statement>();
  const cached = (source: string): SqliteDatabase.Statement => {
    const hit = cache.get(source);
    if (hit) {
      cache.delete(source);
      cache.set(source, hit);
      return hit;
    }
    const stmt = profileStatement(prepare(source), source);
    cache.set(source, stmt);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return stmt;
  };
  conn.prepare = cached as SqliteDatabase.Database['prepare'];
}

/**
 * Kysely's SQLite driver hands its one connection out through a mutex that wakes every waiter on each release; with
 * hundreds of requests in flight (the 500-socket load) each query cost a wake-up per waiting request. This driver
 * passes the connection to the next waiter in arrival order instead (same one-at-a-time guarantee, O(1) per query).
 */
class FifoSqliteDriver extends SqliteDriver {
  private connection: DatabaseConnection | undefined;
  private busy = false;
  private readonly waiting: Array<() => void> = [];
  private head = 0;

  override async init(): Promise<void> {
    await super.init();
    this.connection = await super.acquireConnection();
    await super.releaseConnection();
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.connection as DatabaseConnection;
  }

  override async releaseConnection(): Promise<void> {
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head];
      this.head += 1;
      if (this.head === this.waiting.length || this.head > 1024) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      next(); // busy stays true: the connection goes straight to the next waiter
      return;
    }
    this.busy = false;
  }
}

/** The SQLite dialect on one better-sqlite3 connection, with the FIFO connection hand-off above. */
export class FifoSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase.Database) {
    super({ database });
  }

  override createDriver(): Driver {
    return new FifoSqliteDriver({ database: this.database });
  }
}
