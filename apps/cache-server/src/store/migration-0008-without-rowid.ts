import { type Kysely, sql } from 'kysely';
import { type ColumnCode, SEARCH_METADATA_COLUMNS, TABLES } from './tables.ts';

/*
 * SQLite only: tables with a composite or random text primary key and small rows become WITHOUT ROWID, so each row
 * lives in one B-tree (the key's) instead of a rowid table plus an automatic index holding the same key: ingest
 * writes one B-tree fewer per row and the store shrinks. Secondary indexes then carry the primary key instead of a
 * rowid, which makes some of them covering (event_hashtags (hashtag, created_at) → event_id, pubkey_followers
 * (follower_pubkey) → pubkey).
 * event_pubkey_action_refs is keyed (event_id, ref_kind, ref_created_at, ref_event_id): still one row per
 * (target, acting event), since kind and time are the acting event's own, and the event_actions query reads the
 * table itself, so its (event_id, ref_kind, ref_created_at) index goes.
 * notifications keeps its rowid table (`id` orders ties in get_notifications; its unique key covers the search
 * operator mynotifications) and gets one index for get_notifications instead of two.
 * PostgreSQL keeps its tables.
 */

/** A table rebuilt by 0008: its new primary key and the indexes (columns) to create on it. */
interface Rebuild {
  name: string;
  primaryKey: string[];
  indexes: Record<string, string[]>;
}

/** The tables 0008 turns into WITHOUT ROWID tables, with the indexes each keeps (same names as before). */
export const WITHOUT_ROWID_TABLES: Rebuild[] = [
  {
    name: 'event_tags',
    primaryKey: ['event_id', 'name', 'value'],
    indexes: { event_tags_name_value_created_at_idx: ['name', 'value', 'created_at'] },
  },
  {
    name: 'event_pubkey_actions',
    primaryKey: ['event_id', 'pubkey'],
    indexes: { event_pubkey_actions_pubkey_updated_at_idx: ['pubkey', 'updated_at'] },
  },
  {
    name: 'event_pubkey_action_refs',
    primaryKey: ['event_id', 'ref_kind', 'ref_created_at', 'ref_event_id'],
    indexes: {
      event_pubkey_action_refs_event_id_ref_pubkey_ref_kind_idx: ['event_id', 'ref_pubkey', 'ref_kind'],
      event_pubkey_action_refs_ref_event_id_idx: ['ref_event_id'],
    },
  },
  {
    name: 'pubkey_followers',
    primaryKey: ['pubkey', 'follower_pubkey'],
    indexes: { pubkey_followers_follower_pubkey_idx: ['follower_pubkey'] },
  },
  {
    name: 'pubkey_events',
    primaryKey: ['event_id'],
    indexes: {
      pubkey_events_created_at_idx: ['created_at'],
      pubkey_events_feed_idx: ['pubkey', 'is_reply', 'created_at', 'kind', 'event_id', 'has_media'],
      pubkey_events_author_idx: ['pubkey', 'created_at', 'kind', 'event_id', 'is_reply', 'has_media'],
    },
  },
  {
    name: 'event_hashtags',
    primaryKey: ['event_id', 'hashtag'],
    indexes: {
      event_hashtags_hashtag_created_at_idx: ['hashtag', 'created_at'],
      event_hashtags_created_at_idx: ['created_at'],
    },
  },
  {
    name: 'event_mentions',
    primaryKey: ['event_id', 'tag', 'target'],
    indexes: { event_mentions_target_tag_created_at_idx: ['target', 'tag', 'created_at'] },
  },
  {
    name: 'search_metadata',
    primaryKey: ['event_id'],
    indexes: {},
  },
];

const q = (name: string) => `"${name}"`;

/** SQLite column definition for a column code (as migration 0001 creates them). */
function columnSql(name: string, code: ColumnCode): string {
  switch (code) {
    case 't':
      return `${q(name)} text default '' not null`;
    case 'i':
      return `${q(name)} integer default 0 not null`;
    case 'b':
      return `${q(name)} bigint default 0 not null`;
    case 'bn':
      return `${q(name)} bigint`;
    case 'id':
      return `${q(name)} integer primary key autoincrement`;
  }
}

function columnsOf(table: string): Array<[string, ColumnCode]> {
  if (table === 'search_metadata') return SEARCH_METADATA_COLUMNS;
  const def = TABLES.find((t) => t.name === table);
  if (!def) throw new Error(`unknown table ${table}`);
  return def.columns;
}

/** Creates `name`'s new layout as `<name>_0008`, copies every row in key order, swaps it in, creates its indexes. */
async function rebuild(db: Kysely<unknown>, r: Rebuild): Promise<void> {
  const cols = columnsOf(r.name);
  const list = cols.map(([c]) => q(c)).join(', ');
  const tmp = `${r.name}_0008`;
  const pk = `constraint ${q(`${r.name}_pk`)} primary key (${r.primaryKey.map(q).join(', ')})`;
  const defs = cols.map(([c, code]) => columnSql(c, code)).join(', ');
  await sql.raw(`CREATE TABLE ${q(tmp)} (${defs}, ${pk}) WITHOUT ROWID`).execute(db);
  await sql
    .raw(`INSERT INTO ${q(tmp)} (${list}) SELECT ${list} FROM ${q(r.name)} ORDER BY ${r.primaryKey.map(q).join(', ')}`)
    .execute(db);
  await sql.raw(`DROP TABLE ${q(r.name)}`).execute(db);
  await sql.raw(`ALTER TABLE ${q(tmp)} RENAME TO ${q(r.name)}`).execute(db);
  for (const [name, on] of Object.entries(r.indexes)) {
    await sql.raw(`CREATE INDEX ${q(name)} ON ${q(r.name)} (${on.map(q).join(', ')})`).execute(db);
  }
}

/**
 * notifications: one (pubkey, created_at, type) index instead of (pubkey, created_at) and (pubkey, type, created_at):
 * get_notifications of one type group walks the recipient's newest rows and filters the type inside the index (no
 * table read per skipped row), as fast as the type-led index at 2,000 notifications per recipient.
 */
async function notificationIndexes(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS "notifications_pubkey_type_created_at_idx"').execute(db);
  await sql.raw('DROP INDEX IF EXISTS "notifications_pubkey_created_at_idx"').execute(db);
  await sql
    .raw('CREATE INDEX "notifications_pubkey_created_at_type_idx" ON "notifications" ("pubkey", "created_at", "type")')
    .execute(db);
}

/** Migration 0008 on SQLite: the WITHOUT ROWID rebuilds and the notifications index above. */
export async function withoutRowid(db: Kysely<unknown>): Promise<void> {
  for (const r of WITHOUT_ROWID_TABLES) await rebuild(db, r);
  await notificationIndexes(db);
}
