import type { NostrEvent } from '@tide/core/nostr';
import { RelayError, RelayPool } from '@tide/core/relay';
import { type OutboundPolicy, PUBLIC_ONLY } from '../http/outbound.ts';
import { guardedWebSocket } from './relay-client.ts';

const CLIENT_ERRORS = new Set<string>(Object.values(RelayError));

/** The relay's reply to `event` as the raw OK frame's JSON text, or `error: ...` when no OK came. */
function replyOf(eventId: string, outcome: { ok: true; message: string } | { ok: false; reason: string }): string {
  if (outcome.ok) return JSON.stringify(['OK', eventId, true, outcome.message]);
  if (CLIENT_ERRORS.has(outcome.reason) || !/^[a-z-]+:/.test(outcome.reason)) return `error: ${outcome.reason}`;
  return JSON.stringify(['OK', eventId, false, outcome.reason]);
}

/**
 * Sends `event` to every relay in parallel through core's RelayPool (targets under the outbound policy: no private
 * addresses) and resolves with `[url, raw reply]` pairs in the relays' order; a reply is the relay's OK frame as
 * JSON text, or an `error: ...` string on failure or timeout (connect and OK together within `timeoutMs`). Never
 * rejects.
 */
export async function publishToRelays(
  event: NostrEvent,
  relays: readonly string[],
  timeoutMs: number,
  policy: OutboundPolicy = PUBLIC_ONLY,
): Promise<Array<[string, string]>> {
  const pool = new RelayPool({
    WebSocket: guardedWebSocket(policy),
    timing: { connectTimeoutMs: timeoutMs, publishTimeoutMs: timeoutMs, maxAttempts: 1 },
  });
  const one = async (url: string): Promise<string> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('error: timeout'), timeoutMs);
    });
    const attempt = (async () => {
      try {
        const relay = await pool.ensure(url);
        return replyOf(event.id, { ok: true, message: await relay.publish(event, timeoutMs) });
      } catch (err) {
        return replyOf(event.id, { ok: false, reason: err instanceof Error ? err.message : String(err) });
      }
    })();
    try {
      return await Promise.race([attempt, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
  try {
    const replies = await Promise.all(relays.map(one));
    return relays.map((url, i) => [url, replies[i]]);
  } finally {
    pool.close();
  }
}
