import type { NostrEvent } from '../nostr/index.ts';
import type { RelayConnection } from './relay-connection.ts';
import { RelayError } from './relay-types.ts';

/** How a publish ended: accepted by a relay, rejected/failed everywhere, or no relay confirmed in time. */
export type PublishOutcome = 'success' | 'failure' | 'timeout';

/** Result of {@link publishEvent}: `reasons` holds each relay's failure as `<url>: <reason>`. */
export interface PublishResult {
  success: boolean;
  outcome: PublishOutcome;
  reasons: string[];
  note: NostrEvent;
  /** The relay whose OK made it a success. */
  relay?: string;
}

/** What publishing needs from a pool: connections on demand and the per-relay timeout. */
export interface PublishTarget {
  ensure(url: string): Promise<RelayConnection>;
  readonly publishTimeoutMs: number;
}

/** Spec §8 message when no write relay is declared. */
export const NO_RELAYS_MESSAGE = 'You need to declare at least one relay to perform this action';

/** Spec §8 message for an event without id or signature. */
export const NOT_SIGNED_MESSAGE = 'Note not signed';

/**
 * Sends a signed event to every write relay; each attempt (connect + OK) is limited to the publish timeout (8 s).
 * Success on the first OK; otherwise `timeout` when some relay did not answer in time (no relay confirmed within
 * 8 s), else `failure` (every relay refused or could not be reached).
 */
export function publishEvent(pool: PublishTarget, event: NostrEvent, writeRelays: readonly string[]) {
  return new Promise<PublishResult>((resolve) => {
    if (!event.id || !event.sig) {
      resolve({ success: false, outcome: 'failure', reasons: [NOT_SIGNED_MESSAGE], note: event });
      return;
    }
    const relays = [...new Set(writeRelays)];
    if (relays.length === 0) {
      resolve({ success: false, outcome: 'failure', reasons: [NO_RELAYS_MESSAGE], note: event });
      return;
    }
    const reasons: string[] = [];
    let timeouts = 0;
    let settled = false;
    let remaining = relays.length;
    const failed = (url: string, reason: string) => {
      if (settled) return;
      reasons.push(`${url}: ${reason}`);
      if (reason === RelayError.PublishTimedOut) timeouts += 1;
      remaining -= 1;
      if (remaining > 0) return;
      settled = true;
      const outcome: PublishOutcome = timeouts > 0 ? 'timeout' : 'failure';
      resolve({ success: false, outcome, reasons, note: event });
    };
    for (const url of relays) {
      attempt(pool, url, event).then(
        () => {
          if (settled) return;
          settled = true;
          resolve({ success: true, outcome: 'success', reasons, note: event, relay: url });
        },
        (error: unknown) => failed(url, error instanceof Error ? error.message : String(error)),
      );
    }
  });
}

function attempt(pool: PublishTarget, url: string, event: NostrEvent): Promise<string> {
  const timeoutMs = pool.publishTimeoutMs;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(RelayError.PublishTimedOut)), timeoutMs);
    pool
      .ensure(url)
      .then((relay) => relay.publish(event, timeoutMs))
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
