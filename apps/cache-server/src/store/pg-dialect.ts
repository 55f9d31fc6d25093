import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { ReservedSql, Sql } from 'postgres';
import { arrayInLists } from './pg-array-lists.ts';

/**
 * A Kysely connection over a postgres.js pool. A lone query is handed to the pool, which pipelines it on any of its
 * connections (several queries in flight on one socket); only a transaction pins one pool connection, from BEGIN
 * to its release. kysely-postgres-js reserves a connection for every query instead: each query then holds one of
 * the pool's connections until the event loop has read its rows and released it, so a busy loop (a 20 ms turn under
 * 500 sockets) capped a 10-connection pool at a few hundred queries per second while PostgreSQL itself waited
 * (pg_stat_activity: ClientRead) and cache misses queued for seconds.
 */
class PipelinedConnection implements DatabaseConnection {
  private pinned: ReservedSql | undefined;

  constructor(private readonly pool: Sql) {}

  /** Takes one pool connection for this Kysely connection until `release` (a transaction's statements share it). */
  async pin(): Promise<void> {
    if (!this.pinned) this.pinned = await this.pool.reserve();
  }

  /** Gives back the pinned pool connection, if any. */
  release(): void {
    this.pinned?.release();
    this.pinned = undefined;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.pinned ?? this.pool;
    const statement = arrayInLists(query);
    const result = await target.unsafe(statement.sql, statement.parameters as never[]);
    const { command, count } = result;
    const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { numAffectedRows: changed ? BigInt(count) : undefined, rows: Array.from(result) as R[] };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported; nothing in the store streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported by the pipelined PostgreSQL dialect');
  }
}

/** The driver: pool-backed connections, a pinned one per transaction (and per `db.connection()` session). */
class PipelinedDriver implements Driver {
  constructor(
    private readonly pool: Sql,
    private readonly sessions: boolean,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = new PipelinedConnection(this.pool);
    if (this.sessions) await connection.pin();
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PipelinedConnection).pin();
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = 'start transaction';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PipelinedConnection).release();
  }

  async destroy(): Promise<void> {
    if (!this.sessions) await this.pool.end();
  }
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Kysely's dialect for PostgreSQL through a postgres.js pool, pipelining lone queries (see PipelinedConnection).
 * With `sessions`, every Kysely connection pins a pool connection (for `db.connection()` work that needs one session,
 * such as the migrations' advisory lock); such a dialect's `destroy` leaves the pool open for the main one to end.
 */
export class PipelinedPostgresDialect implements Dialect {
  constructor(
    private readonly pool: Sql,
    private readonly sessions = false,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PipelinedDriver(this.pool, this.sessions);
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own dialects take any database here
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
