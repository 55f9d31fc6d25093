import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** Rows SQLite reads per index when it gathers statistics (approximate, bounded: ~0.7 s for every index at 1M events). */
const ANALYSIS_LIMIT = 1000;

/**
 * Gives SQLite's planner statistics of the store's tables and indexes (`sqlite_stat1`) where they are missing or
 * stale (`PRAGMA optimize`; `full`: every table, as after a bulk load). Without them the planner guesses: at 1M
 * events explore_topics' "hashtags of the last 24 h" walked all 300k rows of the (hashtag, created_at) index for its
 * grouping order (30 ms, on the main thread) instead of seeking the day in it (0.8 ms).
 */
export async function refreshSqliteStats(db: Kysely<Database>, full = false): Promise<void> {
  await sql.raw(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}`).execute(db);
  await sql.raw(full ? 'ANALYZE' : 'PRAGMA optimize = 0x10002').execute(db);
}
