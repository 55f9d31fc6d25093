import { type Kysely, sql } from 'kysely';
import type { StoreDialect } from './create-db.ts';

/**
 * SQLite: the FTS5 indexes of notes and users keep diacritics (`remove_diacritics 0`), as PostgreSQL's 'simple'
 * tsvectors do: "café" no longer matches "cafe" on one dialect only. Both tables are made again with the new
 * tokenizer and rebuilt from their content tables (the sync triggers name them, so they keep working).
 *
 * Hosts stay apart: PostgreSQL's parser keeps `nostr.com` as one token (so `nostr` does not find it), FTS5's
 * unicode61 splits it into `nostr` and `com`. Only a custom tokenizer (or indexing text other than the content,
 * which the external-content tables and their triggers cannot) could make SQLite keep it whole; not done.
 */
export async function ftsKeepDiacritics(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`DROP TABLE IF EXISTS search_notes_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_notes_fts USING fts5(content,
    content='search_notes', content_rowid='rowid', tokenize='unicode61 remove_diacritics 0')`.execute(db);
  await sql`INSERT INTO search_notes_fts(search_notes_fts) VALUES ('rebuild')`.execute(db);
  await sql`DROP TABLE IF EXISTS search_users_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_users_fts USING fts5(name, display_name, nip05, lud16,
    content='search_users', content_rowid='rowid', tokenize='unicode61 remove_diacritics 0', prefix='1 2 3')`.execute(
    db,
  );
  await sql`INSERT INTO search_users_fts(search_users_fts) VALUES ('rebuild')`.execute(db);
}
