import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshLocation, type TestStoreLocation, testDialects } from '../../test/dialects.ts';
import { contacts, note, reaction, reply, repost, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/ingest-events.ts';
import { createDb } from './create-db.ts';
import { WITHOUT_ROWID_TABLES } from './migration-0008-without-rowid.ts';
import { migrateToLatest, storeMigrations } from './migrations.ts';
import { openStore, type Store } from './open-store.ts';
import type { Database } from './schema.ts';

const CHANGED = [...WITHOUT_ROWID_TABLES.map((t) => t.name), 'notifications'];
const NOW = T0 + 3600;

/** Every row of a table in a stable order (all columns), as plain objects. */
async function rowsOf(db: Kysely<Database>, table: string): Promise<unknown[]> {
  const cols = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} LIMIT 1`.execute(db)).rows[0];
  const order = Object.keys(cols ?? {}).map((c) => sql.ref(c));
  const rows = await sql<
    Record<string, unknown>
  >`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.join(order)}`.execute(db);
  return rows.rows;
}

/** Applies every migration before 0008 and records them, as a store made by the previous release. */
async function migrateBefore0008(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS tide_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`.execute(db);
  for (const [name, m] of Object.entries(storeMigrations(dialect))) {
    if (name >= '0008') break;
    await m.up(db as Kysely<unknown>);
    await sql`INSERT INTO tide_migrations (name, applied_at) VALUES (${name}, 0)`.execute(db);
  }
}

for (const dialect of testDialects()) {
  describe(`migration 0008 without rowid [${dialect}]`, () => {
    let loc: TestStoreLocation;
    let store: Store;
    const alice = testUser('m8-alice');
    const bob = testUser('m8-bob');
    const carol = testUser('m8-carol');
    const post = note(alice, 'Hello #tide with a link https://example.com/a', [['t', 'tide']]);
    const answer = reply(bob, post, 'a reply to alice');
    const before: Record<string, unknown[]> = {};

    beforeAll(async () => {
      loc = freshLocation(dialect, 'm8');
      const { db } = await createDb(loc.options);
      await migrateBefore0008(db, dialect);
      await db.destroy();
      const old = await openStore({ ...loc.options, migrate: false });
      await ingestEvents(
        old,
        [
          contacts(bob, [alice]),
          contacts(carol, [alice, bob]),
          post,
          answer,
          reaction(bob, post, '+'),
          reaction(carol, post, '🤙', T0 + 21),
          repost(carol, post),
          note(carol, 'quoting alice', [['q', post.id]], T0 + 40),
        ],
        { now: NOW },
      );
      for (const t of CHANGED) before[t] = await rowsOf(old.db, t);
      await old.close();
      store = await openStore(loc.options);
    });

    afterAll(async () => {
      await store?.close();
      await loc?.cleanup();
    });

    it('had rows in every table it changes', () => {
      for (const t of CHANGED) expect(before[t].length, t).toBeGreaterThan(0);
    });

    it('keeps every row of every changed table', async () => {
      for (const t of CHANGED) expect(await rowsOf(store.db, t), t).toEqual(before[t]);
    });

    it('rebuilds the tables WITHOUT ROWID on SQLite only, with their indexes', async () => {
      const indexes = await sql<{ name: string }>`${
        dialect === 'postgres'
          ? sql`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`
          : sql`SELECT name FROM sqlite_master WHERE type = 'index'`
      }`.execute(store.db);
      const names = indexes.rows.map((r) => r.name);
      if (dialect === 'postgres') {
        expect(names).toContain('notifications_pubkey_type_created_at_idx');
        expect(names).not.toContain('notifications_pubkey_created_at_type_idx');
        return;
      }
      expect(names).toContain('notifications_pubkey_created_at_type_idx');
      expect(names).not.toContain('notifications_pubkey_created_at_idx');
      expect(names).not.toContain('notifications_pubkey_type_created_at_idx');
      for (const t of WITHOUT_ROWID_TABLES) {
        const row = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ${t.name}`
          .execute(store.db)
          .then((r) => r.rows[0]);
        expect(row.sql, t.name).toMatch(/WITHOUT ROWID$/);
        const names = await sql<{ name: string }>`SELECT name FROM sqlite_master
          WHERE type = 'index' AND tbl_name = ${t.name}`.execute(store.db);
        expect(names.rows.map((r) => r.name).sort(), t.name).toEqual(Object.keys(t.indexes).sort());
      }
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM notifications
        WHERE pubkey = ${'x'} AND created_at <= 5 AND type IN (6) ORDER BY created_at DESC, id DESC`.execute(store.db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain('notifications_pubkey_created_at_type_idx');
      const actions = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT ref_event_id FROM event_pubkey_action_refs
        WHERE event_id = ${'x'} AND ref_kind = 7 ORDER BY ref_created_at DESC, ref_event_id DESC`.execute(store.db);
      expect(actions.rows.map((r) => r.detail).join(' ')).not.toContain('TEMP B-TREE');
    });

    it('keeps de-duplicating and answering after the rebuild', async () => {
      const again = await ingestEvents(store, [reaction(bob, post, '+'), reply(carol, post, 'late reply')], {
        now: NOW,
      });
      expect(again.map((r) => r.stored)).toEqual([false, true]);
      const refs = await store.db
        .selectFrom('event_pubkey_action_refs')
        .select(['ref_pubkey', 'ref_kind'])
        .where('event_id', '=', post.id)
        .orderBy('ref_created_at', 'desc')
        .orderBy('ref_event_id', 'desc')
        .execute();
      expect(refs).toHaveLength(5);
      const followers = await store.db
        .selectFrom('pubkey_followers')
        .select('follower_pubkey')
        .where('pubkey', '=', alice.pubkey)
        .orderBy('follower_pubkey')
        .execute();
      expect(followers.map((r) => r.follower_pubkey)).toEqual([bob.pubkey, carol.pubkey].sort());
      await migrateToLatest(store.db, dialect, loc.options.pgSchema);
      const notified = await store.db
        .selectFrom('notifications')
        .select('source_event_id')
        .where('pubkey', '=', alice.pubkey)
        .execute();
      const forAlice = before.notifications.filter((n) => (n as { pubkey: string }).pubkey === alice.pubkey);
      expect(notified.length).toBe(forAlice.length + 1);
    });
  });
}
