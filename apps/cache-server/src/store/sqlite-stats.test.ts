import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openStore } from './open-store.ts';

it('a SQLite store opened for writing gets planner statistics for the tables that hold rows', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tide-sqlite-stats-'));
  const path = join(dir, 'tide.db');
  try {
    const first = await openStore({ sqlitePath: path });
    const rows = Array.from({ length: 400 }, (_, i) => ({
      event_id: i.toString(16).padStart(64, '0'),
      hashtag: `tag${i % 20}`,
      pubkey: 'a'.repeat(64),
      created_at: 1_700_000_000 + i,
    }));
    await first.db.insertInto('event_hashtags').values(rows).execute();
    await first.close();
    const again = await openStore({ sqlitePath: path });
    try {
      const stats = await sql<{ idx: string; stat: string }>`SELECT idx, stat FROM sqlite_stat1
        WHERE tbl = 'event_hashtags' ORDER BY idx`.execute(again.db);
      expect(stats.rows.length).toBeGreaterThan(0);
      expect(stats.rows.every((r) => r.stat.startsWith('400 '))).toBe(true);
      // with them the day's hashtags are found by seeking a time range, not by walking every row
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT hashtag, count(*) AS n FROM event_hashtags
        WHERE created_at >= ${1_700_000_390} GROUP BY hashtag ORDER BY n DESC LIMIT 10`.execute(again.db);
      expect(plan.rows.map((r) => r.detail).join('; ')).not.toMatch(/^SCAN event_hashtags/);
    } finally {
      await again.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
