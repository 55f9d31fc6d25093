import type { CacheEvent } from '../nostr/index.ts';
import { num, parseJson, parseObject, str } from './json.ts';
import type { Logger } from './logger.ts';

/** Which content fields carry the acting user and the subject note, per notification type (protocol §2.1). */
export const NOTIFICATION_FIELDS: Readonly<Record<number, { user: string; note?: string }>> = {
  1: { user: 'follower' },
  2: { user: 'follower' },
  3: { user: 'who_zapped_it', note: 'your_post' },
  4: { user: 'who_liked_it', note: 'your_post' },
  5: { user: 'who_reposted_it', note: 'your_post' },
  6: { user: 'who_replied_to_it', note: 'reply' },
  7: { user: 'you_were_mentioned_by', note: 'you_were_mentioned_in' },
  8: { user: 'your_post_was_mentioned_by', note: 'your_post_were_mentioned_in' },
  101: { user: 'who_zapped_it', note: 'post_you_were_mentioned_in' },
  102: { user: 'who_liked_it', note: 'post_you_were_mentioned_in' },
  103: { user: 'who_reposted_it', note: 'post_you_were_mentioned_in' },
  104: { user: 'who_replied_to_it', note: 'reply' },
  201: { user: 'who_zapped_it', note: 'your_post_were_mentioned_in' },
  202: { user: 'who_liked_it', note: 'your_post_were_mentioned_in' },
  203: { user: 'who_reposted_it', note: 'your_post_were_mentioned_in' },
  204: { user: 'who_replied_to_it', note: 'reply' },
  301: { user: 'who_highlighted_it', note: 'your_post' },
  302: { user: 'who_bookmarked_it', note: 'your_post' },
  303: { user: 'who_reacted', note: 'your_post' },
  501: { user: 'host', note: 'live_event_id' },
  601: { user: 'who_replied_to_it', note: 'reply' },
};

/** A notification (kind 10000110). `actor` is the acting user, `subject` the event it concerns (if any). */
export interface Notification {
  id: string;
  /** The recipient. */
  pubkey: string;
  created_at: number;
  type: number;
  actor: string;
  subject?: string;
  satszapped?: number;
  reaction?: string;
  highlight?: string;
  coordinate?: string;
  /** Every field of the content, for the rare screens that need more. */
  fields: Record<string, unknown>;
}

/** Parses kind 10000110; unknown type codes yield `undefined` (dropped). */
export function parseNotification(event: CacheEvent, logger?: Logger): Notification | undefined {
  const c = parseObject(event.content, logger, 'notification');
  const type = num(c.type, Number.NaN);
  const fields = NOTIFICATION_FIELDS[type];
  if (!fields) return undefined;
  const subject = fields.note ? str(c[fields.note]) : '';
  return {
    id: str(c.id),
    pubkey: str(c.pubkey),
    created_at: num(c.created_at),
    type,
    actor: str(c[fields.user]),
    ...(subject ? { subject } : {}),
    ...(c.satszapped !== undefined ? { satszapped: num(c.satszapped) } : {}),
    ...(typeof c.reaction === 'string' ? { reaction: c.reaction } : {}),
    ...(typeof c.highlight === 'string' ? { highlight: c.highlight } : {}),
    ...(typeof c.coordinate === 'string' ? { coordinate: c.coordinate } : {}),
    fields: c,
  };
}

/** Unread counts by notification type (kind 10000112, counts are properties of the object itself). */
export function parseNotificationCounts(event: CacheEvent): { total: number; byType: Record<number, number> } {
  const byType: Record<number, number> = {};
  let total = 0;
  for (const [key, value] of Object.entries(event)) {
    if (!/^\d+$/.test(key)) continue;
    const count = num(value);
    byType[Number(key)] = count;
    total += count;
  }
  return { total, byType };
}

/** The "seen until" timestamp (kind 10000111, content is a JSON integer). */
export function parseSeenUntil(event: CacheEvent, logger?: Logger): number {
  return num(parseJson(event.content, logger, 'seen timestamp'));
}
