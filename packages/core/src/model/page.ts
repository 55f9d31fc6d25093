import type { CacheEvent } from '../nostr/index.ts';
import type { Article, Draft } from './article.ts';
import type { LinkPreview, MediaVariant } from './media.ts';
import type { Note } from './note.ts';
import type { NoteActions, NoteStats } from './note-extras.ts';
import type { Notification } from './notification.ts';
import { type NewerCursor, newerCursor, type OlderCursor, olderCursor, type Paging } from './paging.ts';
import type { CohortInfo, DmContact, FilteringReason, FollowerIncrease, LegendCustomization } from './people.ts';
import type { User, UserStats } from './user.ts';
import type { TopZap, Zap } from './zap.ts';

/** Everything a cache response (or several pages of it) holds, parsed and ordered (protocol reference §2.2). */
export interface Page {
  /** Profiles by pubkey; authors without a kind 0 get a placeholder (blank fields, stats when known). */
  users: Record<string, User>;
  userStats: Record<string, UserStats>;
  followerCounts: Record<string, number>;
  userScores: Record<string, number>;
  verifiedNames: Record<string, string>;
  legendCustomization: Record<string, LegendCustomization>;
  memberCohortInfo: Record<string, CohortInfo>;
  followerIncreases: Record<string, FollowerIncrease>;
  filteringReasons: Record<string, FilteringReason>;
  /** Feed items in display order (FeedRange `elements`), de-duplicated across pages. */
  notes: Note[];
  reads: Article[];
  drafts: Draft[];
  zaps: Zap[];
  /** Pubkeys, when the elements are people (explore people). */
  people: string[];
  notifications: Notification[];
  dmContacts: DmContact[];
  directMessages: CacheEvent[];
  topZaps: Record<string, TopZap[]>;
  noteStats: Record<string, NoteStats>;
  noteActions: Record<string, NoteActions>;
  /** Referenced events by id (articles also by coordinate `30023:pubkey:d`). */
  mentions: Record<string, CacheEvent>;
  relayHints: Record<string, string>;
  wordCounts: Record<string, number>;
  topicStats: Record<string, number>;
  linkPreviews: Record<string, LinkPreview>;
  mediaVariants: Record<string, MediaVariant[]>;
  thumbnails: Record<string, string>;
  /** FeedRange of the latest response. */
  paging: Paging;
  /** Keys of every loaded feed item in display order (the outer id: a repost's own id). */
  order: string[];
  /** Sort-key value of each loaded item (by `paging.sortBy`), for the paging cursors. */
  sortValues: Record<string, number>;
  /** Largest FeedRange `until` seen: where "future notes" start. */
  newestUntil?: number;
}

/** A page with nothing in it. */
export function emptyPage(): Page {
  return {
    users: {},
    userStats: {},
    followerCounts: {},
    userScores: {},
    verifiedNames: {},
    legendCustomization: {},
    memberCohortInfo: {},
    followerIncreases: {},
    filteringReasons: {},
    notes: [],
    reads: [],
    drafts: [],
    zaps: [],
    people: [],
    notifications: [],
    dmContacts: [],
    directMessages: [],
    topZaps: {},
    noteStats: {},
    noteActions: {},
    mentions: {},
    relayHints: {},
    wordCounts: {},
    topicStats: {},
    linkPreviews: {},
    mediaVariants: {},
    thumbnails: {},
    paging: { sortBy: 'created_at', elements: [] },
    order: [],
    sortValues: {},
  };
}

/** Cursor of the next (older) page: `until` = last FeedRange `since`, `offset` = loaded items tied at it. */
export function nextPageCursor(page: Page): OlderCursor | undefined {
  if (page.order.length === 0) return undefined;
  return olderCursor(
    page.order.map((key) => page.sortValues[key] ?? 0),
    page.paging.since,
  );
}

/** Cursor for newer items: `since` = the first page's FeedRange `until`, `offset` = loaded items tied at it. */
export function futureCursor(page: Page): NewerCursor | undefined {
  return newerCursor(
    page.order.map((key) => page.sortValues[key] ?? 0),
    page.newestUntil,
  );
}
