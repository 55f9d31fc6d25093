import { createHash } from 'node:crypto';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';

/** Argument keys that hold pubkeys (the rest that hold 64-hex values are event ids). */
const PUBKEY_ARGS = new Set(['follower', 'you_were_mentioned_by', 'your_post_was_mentioned_by', 'host']);

/** True when a notification argument key names a user (follower, who_*, ...). */
export function isPubkeyArg(key: string): boolean {
  return PUBKEY_ARGS.has(key) || key.startsWith('who_');
}

/** A stored notification row, as the renderer needs it. */
export interface NotificationRow {
  pubkey: string;
  created_at: number;
  type: number;
  /** JSON text of the argument keys. */
  args: string;
}

/** Parses the stored argument object, dropping null/undefined values. */
export function notificationArgs(row: NotificationRow): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.args);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== null && v !== undefined));
}

/** JSON text with object keys sorted alphabetically (recursively). */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The 10000110 object of a notification (semantics §5.4): content is `{id, ...sorted keys}` with `created_at`,
 * `pubkey` (recipient), `type` and the type's argument keys; `id` is the hex sha256 of the sorted JSON without `id`.
 */
export function notificationEvent(row: NotificationRow): CacheEvent {
  const body = {
    ...notificationArgs(row),
    created_at: Number(row.created_at),
    pubkey: row.pubkey,
    type: Number(row.type),
  };
  const text = sortedJson(body);
  const id = createHash('sha256').update(text).digest('hex');
  return { kind: CacheKind.Notification, content: `{"id":${JSON.stringify(id)},${text.slice(1)}` };
}
