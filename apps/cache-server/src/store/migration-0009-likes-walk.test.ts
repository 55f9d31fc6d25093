import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { LIKES_WALK_MIN } from '../commands/content-search-likes.ts';

describeDialects('migration 0009 likes walk index', (getStore, dialect) => {
  it('indexes event_stats (likes, event_id) of notes with at least LIKES_WALK_MIN likes on PostgreSQL only', async () => {
    const { db } = getStore();
    const rows =
      dialect === 'postgres'
        ? await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename = 'event_stats'`.execute(db)
        : await sql<{ name: string; def: string }>`SELECT name, coalesce(sql, '') AS def FROM sqlite_master
            WHERE type = 'index' AND tbl_name = 'event_stats'`.execute(db);
    const walk = rows.rows.find((r) => r.name === 'event_stats_likes_walk_idx');
    if (dialect === 'sqlite') {
      expect(walk).toBeUndefined();
      return;
    }
    expect(walk?.def).toContain('(likes, event_id)');
    expect(walk?.def).toContain(`WHERE (likes >= ${LIKES_WALK_MIN})`);
  });
});
