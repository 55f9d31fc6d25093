import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';

describeDialects('migration 0007 ingest indexes', (getStore, dialect) => {
  async function indexNames(): Promise<string[]> {
    const { db } = getStore();
    const rows =
      dialect === 'postgres'
        ? await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE schemaname = current_schema()`.execute(db)
        : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(db);
    return rows.rows.map((r) => r.name);
  }

  it('drops the indexes no query reads and indexes notifications by source event', async () => {
    const names = await indexNames();
    expect(names).not.toContain('events_kind_pubkey_identifier_idx');
    expect(names).not.toContain('notifications_type_target_event_id_idx');
    expect(names).toContain('notifications_source_event_id_idx');
    expect(names).toContain('events_pubkey_kind_created_at_idx');
    if (dialect === 'postgres') {
      // On SQLite migration 0008 replaces both by (pubkey, created_at, type).
      expect(names).toContain('notifications_pubkey_created_at_idx');
      expect(names).toContain('notifications_pubkey_type_created_at_idx');
    }
    if (dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
        DELETE FROM notifications WHERE source_event_id = ${'x'}`.execute(getStore().db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain('notifications_source_event_id_idx');
    }
  });
});
