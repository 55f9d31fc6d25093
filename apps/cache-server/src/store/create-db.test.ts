import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createDb, SQLITE_CACHE_KIB, SQLITE_WAL_AUTOCHECKPOINT_PAGES } from './create-db.ts';

it('opens SQLite in WAL mode with the service page cache and checkpoint interval', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tide-create-db-'));
  const { db } = await createDb({ sqlitePath: join(dir, 'x.db') });
  try {
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
    expect(mode.rows[0].journal_mode).toBe('wal');
    const cache = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
    expect(cache.rows[0].cache_size).toBe(-SQLITE_CACHE_KIB);
    const checkpoint = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db);
    expect(checkpoint.rows[0].wal_autocheckpoint).toBe(SQLITE_WAL_AUTOCHECKPOINT_PAGES);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});
