import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { StoreDialect } from './create-db.ts';
import type { Database } from './schema.ts';
import { type ColumnCode, TABLES, type TableDef } from './tables.ts';

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
  };
}

/**
 * Brings the database up to the newest migration; throws with the failing migration's error. On PostgreSQL the
 * migration bookkeeping lives in `pgSchema` (Kysely would otherwise see other schemas' bookkeeping tables).
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: StoreDialect, pgSchema = 'public'): Promise<void> {
  const migrations = storeMigrations(dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(dialect === 'postgres' ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
