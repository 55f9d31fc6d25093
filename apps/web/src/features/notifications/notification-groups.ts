import type { Notification } from '@tide/core/model';

/** Types the screen renders (spec §3 plus live events 501 and deep replies 601); anything else is skipped. */
export const RENDERED_TYPES: ReadonlySet<number> = new Set([
  1, 2, 3, 4, 5, 6, 7, 8, 101, 102, 103, 104, 201, 202, 203, 204, 301, 302, 303, 501, 601,
]);

/** Types whose subject is the acting user's own note (a reply, a mention): one row each, never grouped. */
const OWN_NOTE_TYPES: ReadonlySet<number> = new Set([6, 7, 8, 104, 204, 601, 501]);

/** One row of the list: everyone who did the same thing to the same note (or followed), newest first. */
export interface NotificationGroup {
  key: string;
  type: number;
  subject?: string;
  /** Acting users, newest first, without repeats. */
  actors: string[];
  /** The newest notification's time (seconds). */
  created_at: number;
  /** Sum of the zaps' amounts (zap types). */
  sats: number;
  /** Distinct reactions (type 303), in order of appearance. */
  reactions: string[];
  items: Notification[];
}

function keyOf(n: Notification): string {
  if (OWN_NOTE_TYPES.has(n.type)) return `${n.type}:${n.id || n.subject || `${n.actor}:${n.created_at}`}`;
  return `${n.type}:${n.subject ?? ''}`;
}

/**
 * Groups notifications (newest first) into rows: same type on the same note (likes, zaps, reposts, reactions,
 * bookmarks, highlights) or new followers share a row; replies and mentions stay one row each; unknown types drop.
 */
export function groupNotifications(list: readonly Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of list) {
    if (!RENDERED_TYPES.has(n.type)) continue;
    const key = keyOf(n);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        type: n.type,
        ...(n.subject ? { subject: n.subject } : {}),
        actors: [],
        created_at: n.created_at,
        sats: 0,
        reactions: [],
        items: [],
      };
      groups.set(key, group);
    }
    group.items.push(n);
    group.created_at = Math.max(group.created_at, n.created_at);
    if (n.actor && !group.actors.includes(n.actor)) group.actors.push(n.actor);
    if (n.satszapped) group.sats += n.satszapped;
    // A like's '+' (or '') says nothing beyond "liked"; emoji and other reactions are shown.
    const reaction = n.reaction?.trim();
    if (reaction && reaction !== '+' && !group.reactions.includes(reaction)) group.reactions.push(reaction);
  }
  return [...groups.values()].sort((a, b) => b.created_at - a.created_at);
}
