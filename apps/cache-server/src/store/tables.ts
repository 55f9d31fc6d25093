/*
 * The table and index definitions behind the first migration, as data: one place that mirrors schema.ts.
 * Later migrations (migrations.ts) change some of them: 0003 replaces the two pubkey_events (pubkey, ...) indexes
 * with covering ones, 0004 adds event_hooks.created_at, 0007 drops events (kind, pubkey, identifier) and
 * notifications (type, target_event_id) and indexes notifications.source_event_id, 0008 (SQLite only) rebuilds the
 * small composite-key tables WITHOUT ROWID and merges two notifications indexes (migration-0008-without-rowid.ts).
 * Column codes: t = TEXT NOT NULL DEFAULT '', i = INTEGER NOT NULL DEFAULT 0, b = BIGINT NOT NULL DEFAULT 0,
 * bn = BIGINT NULL, id = auto-increment primary key.
 */

/** Column type codes used by the table definitions. */
export type ColumnCode = 't' | 'i' | 'b' | 'bn' | 'id';

/** One table: columns in order, the primary key (unless an `id` column is the key) and its indexes. */
export interface TableDef {
  name: string;
  columns: Array<[string, ColumnCode]>;
  primaryKey?: string[];
  unique?: string[][];
  indexes?: string[][];
}

const ts = 'b' as const;

/** Every table of the caching service (see schema.ts for the meaning of each column). */
export const TABLES: TableDef[] = [
  {
    name: 'events',
    columns: [
      ['id', 't'],
      ['pubkey', 't'],
      ['kind', 'i'],
      ['created_at', ts],
      ['tags', 't'],
      ['content', 't'],
      ['sig', 't'],
      ['identifier', 't'],
      ['imported_at', ts],
    ],
    primaryKey: ['id'],
    indexes: [
      ['pubkey', 'kind', 'created_at'],
      ['kind', 'created_at'],
      ['created_at'],
      ['kind', 'pubkey', 'identifier'],
    ],
  },
  {
    name: 'event_tags',
    columns: [
      ['event_id', 't'],
      ['name', 't'],
      ['value', 't'],
      ['kind', 'i'],
      ['created_at', ts],
    ],
    primaryKey: ['event_id', 'name', 'value'],
    indexes: [['name', 'value', 'created_at']],
  },
  {
    name: 'pubkey_events',
    columns: [
      ['event_id', 't'],
      ['pubkey', 't'],
      ['kind', 'i'],
      ['created_at', ts],
      ['is_reply', 'i'],
      ['has_media', 'i'],
    ],
    primaryKey: ['event_id'],
    indexes: [['pubkey', 'is_reply', 'created_at'], ['pubkey', 'created_at'], ['created_at']],
  },
  {
    name: 'replaceable_events',
    columns: [
      ['pubkey', 't'],
      ['kind', 'i'],
      ['identifier', 't'],
      ['event_id', 't'],
      ['created_at', ts],
    ],
    primaryKey: ['pubkey', 'kind', 'identifier'],
    indexes: [['event_id'], ['kind', 'identifier']],
  },
  {
    name: 'deleted_events',
    columns: [
      ['event_id', 't'],
      ['pubkey', 't'],
      ['deletion_event_id', 't'],
      ['created_at', ts],
    ],
    primaryKey: ['event_id', 'pubkey'],
  },
  {
    name: 'deleted_addresses',
    columns: [
      ['kind', 'i'],
      ['pubkey', 't'],
      ['identifier', 't'],
      ['deleted_until', ts],
      ['deletion_event_id', 't'],
    ],
    primaryKey: ['kind', 'pubkey', 'identifier'],
  },
  {
    name: 'event_stats',
    columns: [
      ['event_id', 't'],
      ['author_pubkey', 't'],
      ['kind', 'i'],
      ['created_at', ts],
      ['likes', 'b'],
      ['replies', 'b'],
      ['mentions', 'b'],
      ['reposts', 'b'],
      ['zaps', 'b'],
      ['satszapped', 'b'],
      ['score', 'b'],
      ['score24h', 'b'],
    ],
    primaryKey: ['event_id'],
    indexes: [
      ['author_pubkey', 'created_at'],
      ['created_at', 'score24h'],
      ['created_at', 'satszapped'],
      ['score'],
      ['satszapped'],
    ],
  },
  {
    name: 'event_replies',
    columns: [
      ['reply_id', 't'],
      ['parent_id', 't'],
      ['parent_address', 't'],
      ['reply_pubkey', 't'],
      ['reply_kind', 'i'],
      ['reply_created_at', ts],
    ],
    primaryKey: ['reply_id'],
    indexes: [
      ['parent_id', 'reply_created_at'],
      ['parent_address', 'reply_created_at'],
    ],
  },
  {
    name: 'event_pubkey_actions',
    columns: [
      ['event_id', 't'],
      ['pubkey', 't'],
      ['liked', 'i'],
      ['replied', 'i'],
      ['reposted', 'i'],
      ['zapped', 'i'],
      ['created_at', ts],
      ['updated_at', ts],
    ],
    primaryKey: ['event_id', 'pubkey'],
    indexes: [['pubkey', 'updated_at']],
  },
  {
    name: 'event_pubkey_action_refs',
    columns: [
      ['event_id', 't'],
      ['ref_event_id', 't'],
      ['ref_pubkey', 't'],
      ['ref_created_at', ts],
      ['ref_kind', 'i'],
    ],
    primaryKey: ['event_id', 'ref_event_id'],
    indexes: [['event_id', 'ref_kind', 'ref_created_at'], ['event_id', 'ref_pubkey', 'ref_kind'], ['ref_event_id']],
  },
  {
    name: 'event_hooks',
    columns: [
      ['target_id', 't'],
      ['source_event_id', 't'],
    ],
    primaryKey: ['target_id', 'source_event_id'],
  },
  {
    name: 'score_expiry',
    columns: [
      ['id', 'id'],
      ['event_id', 't'],
      ['amount', 'b'],
      ['expire_at', ts],
    ],
    indexes: [['expire_at']],
  },
  {
    name: 'event_mentions',
    columns: [
      ['event_id', 't'],
      ['tag', 't'],
      ['target', 't'],
      ['created_at', ts],
    ],
    primaryKey: ['event_id', 'tag', 'target'],
    indexes: [['target', 'tag', 'created_at']],
  },
  {
    name: 'pubkey_followers',
    columns: [
      ['pubkey', 't'],
      ['follower_pubkey', 't'],
      ['follower_contact_list_event_id', 't'],
      ['created_at', ts],
    ],
    primaryKey: ['pubkey', 'follower_pubkey'],
    indexes: [['follower_pubkey']],
  },
  {
    name: 'user_stats',
    columns: [
      ['pubkey', 't'],
      ['follows_count', 'b'],
      ['followers_count', 'b'],
      ['note_count', 'b'],
      ['reply_count', 'b'],
      ['long_form_note_count', 'b'],
      ['media_count', 'b'],
      ['time_joined', 'bn'],
      ['total_zap_count', 'b'],
      ['total_satszapped', 'b'],
      ['content_zap_count', 'b'],
      ['relay_count', 'b'],
      ['first_seen_at', ts],
    ],
    primaryKey: ['pubkey'],
    indexes: [['followers_count']],
  },
  {
    name: 'follower_count_snapshots',
    columns: [
      ['pubkey', 't'],
      ['taken_at', ts],
      ['followers_count', 'b'],
    ],
    primaryKey: ['pubkey', 'taken_at'],
    indexes: [['taken_at']],
  },
  {
    name: 'zap_receipts',
    columns: [
      ['receipt_id', 't'],
      ['created_at', ts],
      ['sender', 't'],
      ['receiver', 't'],
      ['amount_sats', 'b'],
      ['target_event_id', 't'],
      ['target_address', 't'],
      ['message', 't'],
    ],
    primaryKey: ['receipt_id'],
    indexes: [
      ['sender', 'created_at'],
      ['receiver', 'created_at'],
      ['target_event_id', 'amount_sats'],
      ['target_address', 'amount_sats'],
      ['created_at', 'amount_sats'],
    ],
  },
  {
    name: 'event_hashtags',
    columns: [
      ['event_id', 't'],
      ['hashtag', 't'],
      ['pubkey', 't'],
      ['created_at', ts],
    ],
    primaryKey: ['event_id', 'hashtag'],
    indexes: [['hashtag', 'created_at'], ['created_at']],
  },
  {
    name: 'reads',
    columns: [
      ['pubkey', 't'],
      ['identifier', 't'],
      ['published_at', ts],
      ['latest_event_id', 't'],
      ['latest_created_at', ts],
      ['title', 't'],
      ['summary', 't'],
      ['image', 't'],
      ['topics', 't'],
      ['words', 'b'],
      ['likes', 'b'],
      ['zaps', 'b'],
      ['satszapped', 'b'],
      ['replies', 'b'],
      ['reposts', 'b'],
    ],
    primaryKey: ['pubkey', 'identifier'],
    indexes: [['published_at'], ['pubkey', 'published_at'], ['latest_event_id']],
  },
  {
    name: 'reads_versions',
    columns: [
      ['event_id', 't'],
      ['pubkey', 't'],
      ['identifier', 't'],
      ['created_at', ts],
    ],
    primaryKey: ['event_id'],
    indexes: [['pubkey', 'identifier']],
  },
  {
    name: 'reads_topics',
    columns: [
      ['pubkey', 't'],
      ['identifier', 't'],
      ['topic', 't'],
      ['published_at', ts],
    ],
    primaryKey: ['pubkey', 'identifier', 'topic'],
    indexes: [['topic', 'published_at']],
  },
  {
    name: 'search_notes',
    columns: [
      ['rowid', 'id'],
      ['event_id', 't'],
      ['pubkey', 't'],
      ['kind', 'i'],
      ['created_at', ts],
      ['content', 't'],
    ],
    unique: [['event_id']],
    indexes: [['pubkey', 'created_at'], ['created_at']],
  },
  {
    name: 'search_users',
    columns: [
      ['rowid', 'id'],
      ['pubkey', 't'],
      ['name', 't'],
      ['display_name', 't'],
      ['nip05', 't'],
      ['lud16', 't'],
    ],
    unique: [['pubkey']],
  },
  {
    name: 'list_items',
    columns: [
      ['pubkey', 't'],
      ['kind', 'i'],
      ['identifier', 't'],
      ['position', 'i'],
      ['tag', 't'],
      ['value', 't'],
      ['extra', 't'],
      ['event_id', 't'],
    ],
    primaryKey: ['pubkey', 'kind', 'identifier', 'position'],
    indexes: [['kind', 'tag', 'value']],
  },
  {
    name: 'user_relays',
    columns: [
      ['pubkey', 't'],
      ['url', 't'],
      ['read', 'i'],
      ['write', 'i'],
    ],
    primaryKey: ['pubkey', 'url'],
  },
  {
    name: 'known_relays',
    columns: [
      ['url', 't'],
      ['last_seen_at', ts],
    ],
    primaryKey: ['url'],
    indexes: [['last_seen_at']],
  },
  {
    name: 'event_relays',
    columns: [
      ['event_id', 't'],
      ['relay_url', 't'],
    ],
    primaryKey: ['event_id'],
  },
  {
    name: 'direct_messages',
    columns: [
      ['event_id', 't'],
      ['sender', 't'],
      ['receiver', 't'],
      ['created_at', ts],
    ],
    primaryKey: ['event_id'],
    indexes: [
      ['receiver', 'sender', 'created_at'],
      ['sender', 'receiver', 'created_at'],
    ],
  },
  {
    name: 'direct_message_counts',
    columns: [
      ['receiver', 't'],
      ['sender', 't'],
      ['cnt', 'b'],
      ['latest_at', ts],
      ['latest_event_id', 't'],
    ],
    primaryKey: ['receiver', 'sender'],
    indexes: [['receiver', 'latest_at'], ['sender']],
  },
  {
    name: 'notifications',
    columns: [
      ['id', 'id'],
      ['pubkey', 't'],
      ['created_at', ts],
      ['type', 'i'],
      ['actor_pubkey', 't'],
      ['target_event_id', 't'],
      ['source_event_id', 't'],
      ['args', 't'],
    ],
    unique: [['pubkey', 'type', 'source_event_id', 'target_event_id']],
    indexes: [
      ['pubkey', 'created_at'],
      ['pubkey', 'type', 'created_at'],
      ['type', 'target_event_id'],
    ],
  },
  {
    name: 'notification_counts',
    columns: [
      ['pubkey', 't'],
      ['type', 'i'],
      ['cnt', 'b'],
    ],
    primaryKey: ['pubkey', 'type'],
  },
  {
    name: 'notifications_seen',
    columns: [
      ['pubkey', 't'],
      ['seen_until', ts],
    ],
    primaryKey: ['pubkey'],
  },
  {
    name: 'app_settings',
    columns: [
      ['pubkey', 't'],
      ['event_id', 't'],
      ['created_at', ts],
      ['accessed_at', ts],
      ['event', 't'],
      ['content', 't'],
    ],
    primaryKey: ['pubkey'],
  },
  {
    name: 'app_subsettings',
    columns: [
      ['pubkey', 't'],
      ['subkey', 't'],
      ['updated_at', ts],
      ['settings', 't'],
    ],
    primaryKey: ['pubkey', 'subkey'],
  },
  {
    name: 'media',
    columns: [
      ['url', 't'],
      ['size', 't'],
      ['animated', 'i'],
      ['media_url', 't'],
      ['width', 'i'],
      ['height', 'i'],
      ['mimetype', 't'],
      ['duration', 'i'],
      ['imported_at', ts],
    ],
    primaryKey: ['url', 'size', 'animated'],
    indexes: [['media_url']],
  },
  {
    name: 'event_media',
    columns: [
      ['event_id', 't'],
      ['url', 't'],
    ],
    primaryKey: ['event_id', 'url'],
    indexes: [['url']],
  },
  {
    name: 'link_previews',
    columns: [
      ['url', 't'],
      ['mimetype', 't'],
      ['title', 't'],
      ['description', 't'],
      ['image', 't'],
      ['icon_url', 't'],
      ['updated_at', ts],
    ],
    primaryKey: ['url'],
  },
  {
    name: 'event_links',
    columns: [
      ['event_id', 't'],
      ['url', 't'],
    ],
    primaryKey: ['event_id', 'url'],
    indexes: [['url']],
  },
  {
    name: 'net_stats',
    columns: [
      ['key', 't'],
      ['value', 'b'],
    ],
    primaryKey: ['key'],
  },
  {
    name: 'filter_list',
    columns: [
      ['target', 't'],
      ['target_type', 't'],
      ['grp', 't'],
      ['blocked', 'i'],
      ['added_at', ts],
      ['comment', 't'],
    ],
    primaryKey: ['target', 'grp'],
  },
  {
    name: 'blocked_pubkeys',
    columns: [
      ['pubkey', 't'],
      ['reason', 't'],
      ['added_at', ts],
    ],
    primaryKey: ['pubkey'],
  },
  {
    name: 'reports',
    columns: [
      ['id', 'id'],
      ['reporter', 't'],
      ['type', 'i'],
      ['target', 't'],
      ['created_at', ts],
    ],
    indexes: [['target']],
  },
  {
    name: 'verified_users',
    columns: [
      ['name', 't'],
      ['pubkey', 't'],
      ['default_name', 'i'],
      ['added_at', ts],
    ],
    primaryKey: ['name'],
    indexes: [['pubkey']],
  },
  {
    name: 'cache',
    columns: [
      ['key', 't'],
      ['value', 't'],
      ['updated_at', ts],
    ],
    primaryKey: ['key'],
  },
];

/** Columns of search_metadata (advanced search's per-note signals), created by migration 0006 (not in TABLES). */
export const SEARCH_METADATA_COLUMNS: Array<[string, ColumnCode]> = [
  ['event_id', 't'],
  ['lang', 't'],
  ['sentiment', 't'],
  ['filters', 't'],
  ['url_words', 't'],
  ['width', 'i'],
  ['height', 'i'],
  ['duration', 'i'],
];
