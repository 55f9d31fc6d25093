import { type Kysely, sql } from 'kysely';
import type { StoreDialect } from './create-db.ts';

/**
 * PostgreSQL: a partial index on event_stats (likes, event_id) of the notes with at least 3 likes, for
 * `orderby:likes` searches that walk notes from the most liked down (content-search-likes.ts). A full index on likes
 * would take a new entry for every like; this one only for the few notes past the threshold (at 1M seeded events,
 * 13,304 of 459,275 stats rows). SQLite is unchanged.
 */
export async function likesWalkIndex(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE INDEX IF NOT EXISTS event_stats_likes_walk_idx ON event_stats (likes, event_id)
    WHERE likes >= 3`.execute(db);
}
