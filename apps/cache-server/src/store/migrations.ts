import { type Kysely, type Migration, sql } from 'kysely';
import { searchMetadataOf } from '../ingest/indexers/search-metadata.ts';
import type { StoreDialect } from './create-db.ts';
import { ingestIndexes } from './migration-0007-ingest-indexes.ts';
import { withoutRowid } from './migration-0008-without-rowid.ts';
import { likesWalkIndex } from './migration-0009-likes-walk.ts';
import { ftsKeepDiacritics } from './migration-0010-fts-diacritics.ts';
import { memberContactHistory, membershipTables } from './migration-0011-membership.ts';
import type { Database } from './schema.ts';
import { type ColumnCode, SEARCH_METADATA_COLUMNS, TABLES, type TableDef } from './tables.ts';

type AnyDb = Kysely<unknown>;

/** Creates one table and its indexes from its definition, portable across both dialects. */
async function createTable(db: AnyDb, dialect: StoreDialect, def: TableDef): Promise<void> {
  let builder = db.schema.createTable(def.name).ifNotExists();
  for (const [name, code] of def.columns) {
    builder = addColumn(builder, dialect, name, code);
  }
  if (def.primaryKey) builder = builder.addPrimaryKeyConstraint(`${def.name}_pk`, def.primaryKey as never);
  for (const cols of def.unique ?? []) {
    builder = builder.addUniqueConstraint(`${def.name}_${cols.join('_')}_uq`, cols as never);
  }
  await builder.execute();
  for (const cols of def.indexes ?? []) {
    await db.schema
      .createIndex(`${def.name}_${cols.join('_')}_idx`)
      .ifNotExists()
      .on(def.name)
      .columns(cols)
      .execute();
  }
}

type TableBuilder = ReturnType<AnyDb['schema']['createTable']>;

/** Adds a column by its code (see tables.ts). */
function addColumn(b: TableBuilder, dialect: StoreDialect, name: string, code: ColumnCode): TableBuilder {
  switch (code) {
    case 't':
      return b.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
    case 'i':
      return b.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
    case 'b':
      return b.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
    case 'bn':
      return b.addColumn(name, 'bigint');
    case 'id':
      return dialect === 'postgres'
        ? b.addColumn(name, 'bigserial', (c) => c.primaryKey())
        : b.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
  }
}

/** Full-text search: FTS5 external-content tables with sync triggers on SQLite, generated tsvectors on PG. */
async function createSearch(db: AnyDb, dialect: StoreDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`ALTER TABLE search_notes ADD COLUMN IF NOT EXISTS tsv tsvector
      GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS search_notes_tsv_idx ON search_notes USING GIN (tsv)`.execute(db);
    await sql`ALTER TABLE search_users ADD COLUMN IF NOT EXISTS tsv tsvector
      GENERATED ALWAYS AS (to_tsvector('simple',
        name || ' ' || display_name || ' ' || nip05 || ' ' || lud16)) STORED`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS search_users_tsv_idx ON search_users USING GIN (tsv)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS search_notes_fts USING fts5(content,
    content='search_notes', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS search_users_fts USING fts5(name, display_name, nip05, lud16,
    content='search_users', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')`.execute(
    db,
  );
  const triggers = [
    sql`CREATE TRIGGER IF NOT EXISTS search_notes_ai AFTER INSERT ON search_notes BEGIN
      INSERT INTO search_notes_fts(rowid, content) VALUES (new.rowid, new.content); END`,
    sql`CREATE TRIGGER IF NOT EXISTS search_notes_ad AFTER DELETE ON search_notes BEGIN
      INSERT INTO search_notes_fts(search_notes_fts, rowid, content) VALUES ('delete', old.rowid, old.content); END`,
    sql`CREATE TRIGGER IF NOT EXISTS search_notes_au AFTER UPDATE ON search_notes BEGIN
      INSERT INTO search_notes_fts(search_notes_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
      INSERT INTO search_notes_fts(rowid, content) VALUES (new.rowid, new.content); END`,
    sql`CREATE TRIGGER IF NOT EXISTS search_users_ai AFTER INSERT ON search_users BEGIN
      INSERT INTO search_users_fts(rowid, name, display_name, nip05, lud16)
      VALUES (new.rowid, new.name, new.display_name, new.nip05, new.lud16); END`,
    sql`CREATE TRIGGER IF NOT EXISTS search_users_ad AFTER DELETE ON search_users BEGIN
      INSERT INTO search_users_fts(search_users_fts, rowid, name, display_name, nip05, lud16)
      VALUES ('delete', old.rowid, old.name, old.display_name, old.nip05, old.lud16); END`,
    sql`CREATE TRIGGER IF NOT EXISTS search_users_au AFTER UPDATE ON search_users BEGIN
      INSERT INTO search_users_fts(search_users_fts, rowid, name, display_name, nip05, lud16)
      VALUES ('delete', old.rowid, old.name, old.display_name, old.nip05, old.lud16);
      INSERT INTO search_users_fts(rowid, name, display_name, nip05, lud16)
      VALUES (new.rowid, new.name, new.display_name, new.nip05, new.lud16); END`,
  ];
  for (const t of triggers) await t.execute(db);
}

/**
 * Feed and profile-tab queries read only index entries (no table lookup per candidate row): at 1M events the
 * follows feed went from a random table read per candidate to an index-only scan.
 */
async function coveringFeedIndexes(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('pubkey_events_feed_idx')
    .ifNotExists()
    .on('pubkey_events')
    .columns(['pubkey', 'is_reply', 'created_at', 'kind', 'event_id', 'has_media'])
    .execute();
  await db.schema
    .createIndex('pubkey_events_author_idx')
    .ifNotExists()
    .on('pubkey_events')
    .columns(['pubkey', 'created_at', 'kind', 'event_id', 'is_reply', 'has_media'])
    .execute();
  await db.schema.dropIndex('pubkey_events_pubkey_is_reply_created_at_idx').ifExists().execute();
  await db.schema.dropIndex('pubkey_events_pubkey_created_at_idx').ifExists().execute();
}

/** search_metadata (advanced search's per-note signals), backfilled from the notes already indexed. */
async function searchMetadata(db: AnyDb, dialect: StoreDialect): Promise<void> {
  const def: TableDef = {
    name: 'search_metadata',
    columns: SEARCH_METADATA_COLUMNS,
    primaryKey: ['event_id'],
  };
  await createTable(db, dialect, def);
  const typed = db as unknown as Kysely<Database>;
  for (let after = 0; ; ) {
    const rows = await typed
      .selectFrom('search_notes as sn')
      .innerJoin('events as e', 'e.id', 'sn.event_id')
      .select(['sn.rowid', 'e.id', 'e.kind', 'e.content', 'e.tags'])
      .where('sn.rowid', '>', after)
      .orderBy('sn.rowid')
      .limit(1000)
      .execute();
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1].rowid);
    const values = rows.flatMap((r) => {
      const meta = searchMetadataOf({ kind: Number(r.kind), content: r.content, tags: JSON.parse(r.tags) });
      return meta ? [{ event_id: r.id, ...meta }] : [];
    });
    if (values.length > 0) {
      await typed
        .insertInto('search_metadata')
        .values(values)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
    }
  }
}

/** The ordered migrations of the store for a dialect. */
export function storeMigrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001_tables': {
      up: async (db: AnyDb) => {
        for (const def of TABLES) await createTable(db, dialect, def);
      },
    },
    '0002_search': { up: async (db: AnyDb) => createSearch(db, dialect) },
    '0003_covering_feed_indexes': { up: async (db: AnyDb) => coveringFeedIndexes(db) },
    '0004_event_hooks_time': {
      up: async (db: AnyDb) => {
        await db.schema
          .alterTable('event_hooks')
          .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('event_hooks_created_at_idx').on('event_hooks').column('created_at').execute();
      },
    },
    '0005_link_preview_image_idx': {
      // /media-cache redirects only for media it knows, images of stored link previews included.
      up: async (db: AnyDb) => {
        await db.schema
          .createIndex('link_previews_image_idx')
          .ifNotExists()
          .on('link_previews')
          .column('image')
          .execute();
      },
    },
    '0006_search_metadata': { up: async (db: AnyDb) => searchMetadata(db, dialect) },
    '0007_ingest_indexes': { up: async (db: AnyDb) => ingestIndexes(db) },
    '0008_without_rowid': {
      up: async (db: AnyDb) => {
        if (dialect === 'sqlite') await withoutRowid(db);
      },
    },
    '0009_likes_walk': { up: async (db: AnyDb) => likesWalkIndex(db, dialect) },
    '0010_fts_diacritics': { up: async (db: AnyDb) => ftsKeepDiacritics(db, dialect) },
    '0011_membership': { up: async (db: AnyDb) => membershipTables(db) },
    '0012_member_contact_history': { up: async (db: AnyDb) => memberContactHistory(db) },
  };
}

/** Names of migrations already applied (own bookkeeping, plus Kysely's from databases it migrated before). */
async function appliedMigrations(db: Kysely<Database>): Promise<Set<string>> {
  await sql`CREATE TABLE IF NOT EXISTS tide_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`.execute(db);
  const own = await sql<{ name: string }>`SELECT name FROM tide_migrations`.execute(db);
  const names = new Set(own.rows.map((r) => r.name));
  if (names.size === 0) {
    try {
      const legacy = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
      for (const r of legacy.rows) names.add(r.name);
    } catch {
      // no legacy bookkeeping: a fresh database
    }
  }
  return names;
}

async function markApplied(db: Kysely<Database>, name: string): Promise<void> {
  const at = Math.floor(Date.now() / 1000);
  await sql`INSERT INTO tide_migrations (name, applied_at) VALUES (${name}, ${at})`.execute(db);
}

/** SQLite: BEGIN IMMEDIATE takes the write lock first, then re-checks (another connection may have applied it). */
async function applySqlite(conn: Kysely<Database>, name: string, migration: Migration): Promise<void> {
  await sql`BEGIN IMMEDIATE`.execute(conn);
  try {
    const done = await sql<{ name: string }>`SELECT name FROM tide_migrations WHERE name = ${name}`.execute(conn);
    if (done.rows.length === 0) {
      await migration.up(conn);
      await markApplied(conn, name);
    }
    await sql`COMMIT`.execute(conn);
  } catch (err) {
    await sql`ROLLBACK`.execute(conn);
    throw err;
  }
}

/**
 * Brings the database up to the newest migration, each in its own transaction; throws naming the failing one.
 * Bookkeeping is a plain table in the store's own schema (no catalog introspection, so parallel test schemas being
 * created and dropped cannot disturb it); on PostgreSQL an advisory lock per schema serialises concurrent openers.
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: StoreDialect, pgSchema = 'public'): Promise<void> {
  const migrations = storeMigrations(dialect);
  const lockKey = `tide_migrations:${pgSchema}`;
  await db.connection().execute(async (conn) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_lock(hashtext(${lockKey}))`.execute(conn);
    try {
      const applied = await appliedMigrations(conn);
      for (const [name, migration] of Object.entries(migrations)) {
        if (applied.has(name)) continue;
        try {
          if (dialect === 'postgres') {
            await conn.transaction().execute(async (trx) => {
              await migration.up(trx);
              await markApplied(trx, name);
            });
          } else {
            await applySqlite(conn, name, migration);
          }
        } catch (err) {
          throw new Error(`migration ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    } finally {
      if (dialect === 'postgres') await sql`SELECT pg_advisory_unlock(hashtext(${lockKey}))`.execute(conn);
    }
  });
}
