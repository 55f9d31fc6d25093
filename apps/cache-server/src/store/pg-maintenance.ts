import { sql } from 'kysely';
import type { Store } from './open-store.ts';
import { refreshSqliteStats } from './sqlite-stats.ts';

/**
 * Refreshes the planner statistics of every table in the store (PostgreSQL: its schema; SQLite: `ANALYZE` with a
 * bounded sample). Run after bulk writes (a seed): autovacuum analyses a table only after 10% of it changed, so right
 * after a bulk load the planner may still believe a million-row table is small and pick nested loops over it.
 */
export async function analyzeStore(store: Pick<Store, 'db' | 'dialect'>): Promise<void> {
  if (store.dialect !== 'postgres') return refreshSqliteStats(store.db, true);
  const tables = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
    WHERE schemaname = current_schema() ORDER BY tablename`.execute(store.db);
  if (tables.rows.length === 0) return;
  // a long statement: not bound by the serving connections' statement timeout
  await store.db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`ANALYZE ${sql.join(tables.rows.map((t) => sql.table(t.name)))}`.execute(trx);
  });
}

/**
 * After bulk writes (a seed, a bulk import) on SQLite: copies the WAL into the database and truncates the WAL file to
 * nothing (`wal_checkpoint(TRUNCATE)`), so the store does not keep the bulk work's WAL (hundreds of MB) on disk for
 * good. Returns whether the checkpoint completed (a reader in the way leaves it for the next one); PostgreSQL: true.
 */
export async function checkpointWal(store: Pick<Store, 'db' | 'dialect'>): Promise<boolean> {
  if (store.dialect !== 'sqlite') return true;
  const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
  return rows.length === 0 || Number(rows[0].busy) === 0;
}
