import type { CacheEvent } from '../nostr/index.ts';
import { isObject, num, parseObject, str } from './json.ts';
import type { Logger } from './logger.ts';

/** Engagement counters of an event (kind 10000100). */
export interface NoteStats {
  likes: number;
  mentions: number;
  reposts: number;
  replies: number;
  zaps: number;
  satszapped: number;
  score: number;
  score24h: number;
  bookmarks: number;
}

/** What the requesting user did to an event (kind 10000115). */
export interface NoteActions {
  event_id: string;
  liked: boolean;
  replied: boolean;
  reposted: boolean;
  zapped: boolean;
}

/** Zero counters, for events the cache sent no stats for. */
export function emptyNoteStats(): NoteStats {
  return { likes: 0, mentions: 0, reposts: 0, replies: 0, zaps: 0, satszapped: 0, score: 0, score24h: 0, bookmarks: 0 };
}

/** No actions, for events the cache sent no actions for. */
export function emptyNoteActions(eventId: string): NoteActions {
  return { event_id: eventId, liked: false, replied: false, reposted: false, zapped: false };
}

/** Parses kind 10000100 into `[event_id, stats]`; `undefined` without an event id. */
export function parseNoteStats(event: CacheEvent, logger?: Logger): [string, NoteStats] | undefined {
  const c = parseObject(event.content, logger, 'note stats');
  const id = str(c.event_id);
  if (!id) return undefined;
  return [
    id,
    {
      likes: num(c.likes),
      mentions: num(c.mentions),
      reposts: num(c.reposts),
      replies: num(c.replies),
      zaps: num(c.zaps),
      satszapped: num(c.satszapped),
      score: num(c.score),
      score24h: num(c.score24h),
      bookmarks: num(c.bookmarks),
    },
  ];
}

/** Parses kind 10000115; `undefined` without an event id. */
export function parseNoteActions(event: CacheEvent, logger?: Logger): NoteActions | undefined {
  const c = parseObject(event.content, logger, 'note actions');
  const id = str(c.event_id);
  if (!id) return undefined;
  return {
    event_id: id,
    liked: c.liked === true,
    replied: c.replied === true,
    reposted: c.reposted === true,
    zapped: c.zapped === true,
  };
}

/** Parses kind 10000141 `{eventId: relayUrl}` (only ws:// and wss:// URLs kept). */
export function parseRelayHints(event: CacheEvent, logger?: Logger): Record<string, string> {
  const c = parseObject(event.content, logger, 'relay hints');
  const hints: Record<string, string> = {};
  for (const [id, url] of Object.entries(c)) {
    if (typeof url === 'string' && /^wss?:\/\//.test(url)) hints[id] = url;
  }
  return hints;
}

/** Parses kind 10000144 into `[event_id, words]`. */
export function parseWordCount(event: CacheEvent, logger?: Logger): [string, number] | undefined {
  const c = parseObject(event.content, logger, 'word count');
  const id = str(c.event_id);
  return id ? [id, num(c.words)] : undefined;
}

/** Parses kind 10000107: the complete referenced event carried as JSON text. */
export function parseMention(event: CacheEvent, logger?: Logger): CacheEvent | undefined {
  const value = parseObject(event.content, logger, 'mention');
  return isObject(value) && typeof value.kind === 'number' ? (value as CacheEvent) : undefined;
}
