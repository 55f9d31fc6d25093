import type { Generated } from 'kysely';

/*
 * The Kysely `Database` interface of the caching service: every table and column.
 * Conventions (both dialects): timestamps are Unix seconds; flags are integers 0/1; JSON is stored as TEXT;
 * ids and pubkeys are 64-char lowercase hex TEXT; counters are BIGINT on PostgreSQL (read back as JS numbers).
 * "identifier" is the `d` tag of an addressable event, '' for everything else.
 */

/** Every stored Nostr event (one row per event id; ephemeral kinds never land here). */
export interface EventsTable {
  id: string;
  pubkey: string;
  kind: number;
  created_at: number;
  /** JSON text of the tags array. */
  tags: string;
  content: string;
  sig: string;
  /** `d` tag for addressable kinds (30000–39999), '' otherwise. */
  identifier: string;
  imported_at: number;
}

/** Single-letter tags of stored events (NIP-01 `#x` filters; who `a`-tags an article, ...). */
export interface EventTagsTable {
  event_id: string;
  /** Tag name, a single letter (e, p, a, t, d, q, k, P, ...). */
  name: string;
  /** First value of the tag (truncated to 200 chars). */
  value: string;
  kind: number;
  created_at: number;
}

/** Per-author posts (kinds 1, 6, 20, 1068, 6969, 34235, 34236, 30023): drives feeds and profile tabs. */
export interface PubkeyEventsTable {
  event_id: string;
  pubkey: string;
  kind: number;
  created_at: number;
  /** 1 if some `e`/`a` tag carries the `root` marker (the reference's profile "replies" rule). */
  is_reply: number;
  /** 1 if the note links an image or video. */
  has_media: number;
}

/** Current version of each replaceable / addressable event per (pubkey, kind, identifier). */
export interface ReplaceableEventsTable {
  pubkey: string;
  kind: number;
  identifier: string;
  event_id: string;
  created_at: number;
}

/** Ids deleted by their author (kind 5 `e` tags); never re-imported. */
export interface DeletedEventsTable {
  event_id: string;
  /** Author of the deletion: only that author's event with this id counts as deleted. */
  pubkey: string;
  deletion_event_id: string;
  created_at: number;
}

/** Addresses deleted by their author (kind 5 `a` tags): versions up to `deleted_until` are not re-imported. */
export interface DeletedAddressesTable {
  kind: number;
  pubkey: string;
  identifier: string;
  deleted_until: number;
  deletion_event_id: string;
}

/** Counters per note (semantics §1.4); a row may exist before its target arrives (author_pubkey ''). */
export interface EventStatsTable {
  event_id: string;
  author_pubkey: string;
  kind: number;
  created_at: number;
  likes: number;
  replies: number;
  mentions: number;
  reposts: number;
  zaps: number;
  satszapped: number;
  score: number;
  score24h: number;
}

/** Thread structure: one row per reply (reply_id unique), parent by id and/or address. */
export interface EventRepliesTable {
  reply_id: string;
  /** Parent event id ('' when the parent is only known by address and not stored). */
  parent_id: string;
  /** Parent coordinate `kind:pubkey:identifier` when the reply targets an address, else ''. */
  parent_address: string;
  reply_pubkey: string;
  reply_kind: number;
  reply_created_at: number;
}

/** What a user did to an event (NoteActions 10000115): flags 0/1; a deleted like/repost/reply resets its flag. */
export interface EventPubkeyActionsTable {
  event_id: string;
  pubkey: string;
  liked: number;
  replied: number;
  reposted: number;
  zapped: number;
  created_at: number;
  updated_at: number;
}

/** Who did what to an event: one row per (target, acting event) (event_actions command). */
export interface EventPubkeyActionRefsTable {
  event_id: string;
  ref_event_id: string;
  ref_pubkey: string;
  ref_created_at: number;
  ref_kind: number;
}

/** Deferred work for an event that is referenced before it is stored (replayed when it arrives). */
export interface EventHooksTable {
  target_id: string;
  source_event_id: string;
  /** When the hook was stored (hooks older than a week are dropped). */
  created_at: Generated<number>;
}

/** Score increments that leave score24h once 24 h have passed. */
export interface ScoreExpiryTable {
  id: Generated<number>;
  event_id: string;
  amount: number;
  expire_at: number;
}

/** References from a note to other events/users (quotes, mentions): tag e|p|a, target id/pubkey/coordinate. */
export interface EventMentionsTable {
  event_id: string;
  tag: string;
  target: string;
  created_at: number;
}

/** Follow graph from the newest contact list of each follower. */
export interface PubkeyFollowersTable {
  pubkey: string;
  follower_pubkey: string;
  follower_contact_list_event_id: string;
  created_at: number;
}

/** Per-user counters (user_profile 10000105, USER_SCORES, net stats pubkeys). Row = pubkey seen. */
export interface UserStatsTable {
  pubkey: string;
  follows_count: number;
  followers_count: number;
  note_count: number;
  reply_count: number;
  long_form_note_count: number;
  media_count: number;
  /** Earliest created_at among the user's posts; null until they post. */
  time_joined: number | null;
  total_zap_count: number;
  total_satszapped: number;
  content_zap_count: number;
  relay_count: number;
  first_seen_at: number;
}

/** Follower count snapshots (explore_people increases), written by a periodic. */
export interface FollowerCountSnapshotsTable {
  pubkey: string;
  taken_at: number;
  followers_count: number;
}

/** Zap receipts (kind 9735) with parsed amounts. */
export interface ZapReceiptsTable {
  receipt_id: string;
  created_at: number;
  sender: string;
  receiver: string;
  amount_sats: number;
  /** Zapped event id, '' for a profile zap. */
  target_event_id: string;
  /** Zapped coordinate for addressable targets, ''. */
  target_address: string;
  /** Zap request content. */
  message: string;
}

/** Hashtags of notes (lowercased, without '#'). */
export interface EventHashtagsTable {
  event_id: string;
  hashtag: string;
  pubkey: string;
  created_at: number;
}

/** One row per long-form article (pubkey, identifier), newest version. */
export interface ReadsTable {
  pubkey: string;
  identifier: string;
  published_at: number;
  latest_event_id: string;
  latest_created_at: number;
  title: string;
  summary: string;
  image: string;
  /** Space-separated lowercased topics (`t` tags, spaces → '-'). */
  topics: string;
  words: number;
  likes: number;
  zaps: number;
  satszapped: number;
  replies: number;
  reposts: number;
}

/** Every version of every article. */
export interface ReadsVersionsTable {
  event_id: string;
  pubkey: string;
  identifier: string;
  created_at: number;
}

/** Topics of articles, one row each (topic feeds). */
export interface ReadsTopicsTable {
  pubkey: string;
  identifier: string;
  topic: string;
  published_at: number;
}

/** Full-text index of notes/articles (FTS5 `search_notes_fts` on SQLite, `tsv` tsvector on PostgreSQL). */
export interface SearchNotesTable {
  rowid: Generated<number>;
  event_id: string;
  pubkey: string;
  kind: number;
  created_at: number;
  content: string;
}

/** Per-note signals for advanced search (migration 0006; ingest/indexers/search-metadata.ts). */
export interface SearchMetadataTable {
  event_id: string;
  lang: string;
  sentiment: string;
  filters: string;
  url_words: string;
  width: number;
  height: number;
  duration: number;
}

/** Full-text index of user profiles (FTS5 `search_users_fts` / `tsv` tsvector). */
export interface SearchUsersTable {
  rowid: Generated<number>;
  pubkey: string;
  name: string;
  display_name: string;
  nip05: string;
  lud16: string;
}

/** Items of the current version of each user list (mute 10000, bookmarks 10003, 30000 lists, ...). */
export interface ListItemsTable {
  pubkey: string;
  kind: number;
  identifier: string;
  position: number;
  /** Tag name: p, e, a, t, word, ... */
  tag: string;
  value: string;
  /** JSON text of the whole tag. */
  extra: string;
  event_id: string;
}

/** Relays of a user (kind 10002, else legacy kind-3 content). */
export interface UserRelaysTable {
  pubkey: string;
  url: string;
  read: number;
  write: number;
}

/** Relays known from ingestion (get_default_relays: "imported within the last 2 h"). */
export interface KnownRelaysTable {
  url: string;
  last_seen_at: number;
}

/** First relay an event was seen on (RELAY_HINT 10000141). */
export interface EventRelaysTable {
  event_id: string;
  relay_url: string;
}

/** Kind-4 messages per pair. */
export interface DirectMessagesTable {
  event_id: string;
  sender: string;
  receiver: string;
  created_at: number;
}

/** Unread DM counters per (receiver, sender); sender '' is the receiver's total row. */
export interface DirectMessageCountsTable {
  receiver: string;
  sender: string;
  cnt: number;
  latest_at: number;
  latest_event_id: string;
}

/** Stored notifications (semantics §5). */
export interface NotificationsTable {
  id: Generated<number>;
  /** Recipient. */
  pubkey: string;
  created_at: number;
  type: number;
  /** The actor (follower, zapper, liker, ...). */
  actor_pubkey: string;
  /** Event of the recipient the notification is about ('' for follows). */
  target_event_id: string;
  /** The event that caused the notification (reaction, reply, receipt, ...). */
  source_event_id: string;
  /** JSON text: the argument keys of semantics §5.1 (e.g. your_post, who_liked_it, reaction). */
  args: string;
}

/** Unread notification counters per (pubkey, type). */
export interface NotificationCountsTable {
  pubkey: string;
  type: number;
  cnt: number;
}

/** seen_until per user (set_notifications_seen). */
export interface NotificationsSeenTable {
  pubkey: string;
  seen_until: number;
}

/** Stored app settings (signed kind-30078 event JSON); presence makes a user eligible for notifications. */
export interface AppSettingsTable {
  pubkey: string;
  event_id: string;
  created_at: number;
  accessed_at: number;
  /** JSON text of the stored event. */
  event: string;
  /** The event's content (settings JSON text). */
  content: string;
}

/** App subsettings per (pubkey, subkey). */
export interface AppSubsettingsTable {
  pubkey: string;
  subkey: string;
  updated_at: number;
  /** JSON text. */
  settings: string;
}

/** Media metadata/variants per URL (10000119), filled by the http part. */
export interface MediaTable {
  url: string;
  /** o | s | m | l */
  size: string;
  animated: number;
  media_url: string;
  width: number;
  height: number;
  mimetype: string;
  duration: number;
  imported_at: number;
}

/** Media URLs found in events (queued for the media part). */
export interface EventMediaTable {
  event_id: string;
  url: string;
}

/** Link previews per URL (10000128), filled by the http part. */
export interface LinkPreviewsTable {
  url: string;
  mimetype: string;
  title: string;
  description: string;
  image: string;
  icon_url: string;
  updated_at: number;
}

/** Non-media URLs found in events (queued for link previews). */
export interface EventLinksTable {
  event_id: string;
  url: string;
}

/** Global counters of net_stats (key → value). */
export interface NetStatsTable {
  key: string;
  value: number;
}

/** Moderation filter list (spam, nsfw, csam, impersonation). */
export interface FilterListTable {
  target: string;
  /** pubkey | event */
  target_type: string;
  grp: string;
  blocked: number;
  added_at: number;
  comment: string;
}

/** Pubkeys whose events are refused at ingest ("blocked: ..."). */
export interface BlockedPubkeysTable {
  pubkey: string;
  reason: string;
  added_at: number;
}

/** report_user / report_note rows. */
export interface ReportsTable {
  id: Generated<number>;
  reporter: string;
  /** 1 user, 2 note */
  type: number;
  target: string;
  created_at: number;
}

/** Verified names (nostr.json, VERIFIED_USERS_DICT). */
export interface VerifiedUsersTable {
  name: string;
  pubkey: string;
  default_name: number;
  added_at: number;
}

/** Precomputed answers and small server state (key → JSON text). */
export interface CacheTable {
  key: string;
  value: string;
  updated_at: number;
}

/** The whole database. */
export interface Database {
  events: EventsTable;
  event_tags: EventTagsTable;
  pubkey_events: PubkeyEventsTable;
  replaceable_events: ReplaceableEventsTable;
  deleted_events: DeletedEventsTable;
  deleted_addresses: DeletedAddressesTable;
  event_stats: EventStatsTable;
  event_replies: EventRepliesTable;
  event_pubkey_actions: EventPubkeyActionsTable;
  event_pubkey_action_refs: EventPubkeyActionRefsTable;
  event_hooks: EventHooksTable;
  score_expiry: ScoreExpiryTable;
  event_mentions: EventMentionsTable;
  pubkey_followers: PubkeyFollowersTable;
  user_stats: UserStatsTable;
  follower_count_snapshots: FollowerCountSnapshotsTable;
  zap_receipts: ZapReceiptsTable;
  event_hashtags: EventHashtagsTable;
  reads: ReadsTable;
  reads_versions: ReadsVersionsTable;
  reads_topics: ReadsTopicsTable;
  search_notes: SearchNotesTable;
  search_users: SearchUsersTable;
  search_metadata: SearchMetadataTable;
  list_items: ListItemsTable;
  user_relays: UserRelaysTable;
  known_relays: KnownRelaysTable;
  event_relays: EventRelaysTable;
  direct_messages: DirectMessagesTable;
  direct_message_counts: DirectMessageCountsTable;
  notifications: NotificationsTable;
  notification_counts: NotificationCountsTable;
  notifications_seen: NotificationsSeenTable;
  app_settings: AppSettingsTable;
  app_subsettings: AppSubsettingsTable;
  media: MediaTable;
  event_media: EventMediaTable;
  link_previews: LinkPreviewsTable;
  event_links: EventLinksTable;
  net_stats: NetStatsTable;
  filter_list: FilterListTable;
  blocked_pubkeys: BlockedPubkeysTable;
  reports: ReportsTable;
  verified_users: VerifiedUsersTable;
  cache: CacheTable;
}
