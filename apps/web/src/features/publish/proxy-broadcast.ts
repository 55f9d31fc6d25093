import type { CacheEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import type { PublishOutcome } from '@tide/core/relay';

/** What a `broadcast_events` answer says about one event: success when some relay answered OK true. */
export interface BroadcastVerdict {
  success: boolean;
  outcome: PublishOutcome;
  reasons: string[];
  /** The first relay that answered OK true. */
  relay?: string;
}

/**
 * Reads the caching service's `broadcast_events` answer (kind 10000149, `[{event_id, responses: [[url, reply]]}]`,
 * a reply being the relay's raw OK frame as JSON or `error: ...`) for `eventId`. Success only for an OK true frame;
 * timeout when no relay said OK and some timed out; failure otherwise.
 */
export function broadcastVerdict(events: readonly CacheEvent[], eventId: string): BroadcastVerdict {
  const answer = events.find((e) => e.kind === CacheKind.BroadcastResponse);
  let items: unknown;
  try {
    items = JSON.parse(answer?.content ?? '[]');
  } catch {
    items = [];
  }
  const item = Array.isArray(items)
    ? (items.find((i) => i && typeof i === 'object' && (i as { event_id?: unknown }).event_id === eventId) as
        | { responses?: unknown; error?: unknown }
        | undefined)
    : undefined;
  if (!item) return { success: false, outcome: 'failure', reasons: ['No publish confirmation'] };
  if (typeof item.error === 'string') return { success: false, outcome: 'failure', reasons: [item.error] };
  const reasons: string[] = [];
  let timedOut = false;
  for (const response of Array.isArray(item.responses) ? item.responses : []) {
    if (!Array.isArray(response) || typeof response[0] !== 'string') continue;
    const [url, reply] = response as [string, unknown];
    const frame = parseFrame(reply);
    if (frame && frame[0] === 'OK' && frame[1] === eventId && frame[2] === true) {
      return { success: true, outcome: 'success', reasons, relay: url };
    }
    const reason = frame ? String(frame[3] ?? 'rejected') : String(reply);
    if (/timeout|timed out/i.test(reason)) timedOut = true;
    reasons.push(`${url}: ${reason}`);
  }
  if (reasons.length === 0) reasons.push('No publish confirmation');
  return { success: false, outcome: timedOut ? 'timeout' : 'failure', reasons };
}

function parseFrame(reply: unknown): unknown[] | null {
  if (typeof reply !== 'string' || !reply.startsWith('[')) return null;
  try {
    const frame = JSON.parse(reply) as unknown;
    return Array.isArray(frame) ? frame : null;
  } catch {
    return null;
  }
}
