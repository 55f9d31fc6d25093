import type { EventTemplate, NostrEvent } from '../nostr/index.ts';

/** A NIP-01 filter. */
export interface Filter {
  ids?: string[];
  authors?: string[];
  kinds?: number[];
  since?: number;
  until?: number;
  limit?: number;
  search?: string;
  [tag: `#${string}`]: string[] | undefined;
}

/** Signs a NIP-42 auth event (kind 22242) for a relay: the signer callback of the pool. */
export type AuthSigner = (template: EventTemplate) => Promise<NostrEvent>;

/** Verifies events in a batch, one boolean per event (nostr/ `verifyEvents`). */
export type BatchVerifier = (events: readonly unknown[]) => Promise<boolean[]>;

/** Relay timers in milliseconds (spec §9); tests shorten them. */
export interface RelayTiming {
  /** Connect timeout: 4.4 s. */
  connectTimeoutMs: number;
  /** How long to wait for stored events (EOSE): 4.4 s. */
  eoseTimeoutMs: number;
  /** Publish timeout per relay: 8 s. */
  publishTimeoutMs: number;
  /** First retry delay after a failed connection; the n-th retry waits n times this. */
  retryBaseMs: number;
  /** Connection attempts before giving up with 'Reached atempt limit': 10. */
  maxAttempts: number;
}

/** Default relay timers of the spec. */
export const DEFAULT_RELAY_TIMING: RelayTiming = {
  connectTimeoutMs: 4400,
  eoseTimeoutMs: 4400,
  publishTimeoutMs: 8000,
  retryBaseMs: 1000,
  maxAttempts: 10,
};

/** The relay error messages of spec §8 (spellings kept). */
export const RelayError = {
  ConnectionTimedOut: 'connection timed out',
  ConnectionClosed: 'relay connection closed',
  ConnectionErrored: 'relay connection errored',
  ClosedByUs: 'relay connection closed by us',
  SendingOnClosed: 'sending on closed connection',
  NoChallenge: "can't perform auth, no challenge was received",
  AttemptLimit: 'Reached atempt limit',
  PublishTimedOut: 'timeout',
  CountTimedOut: 'count timed out',
} as const;

/** Callbacks of a relay subscription. */
export interface SubscriptionHandlers {
  onevent?: (event: NostrEvent) => void;
  /** Stored events are done (EOSE, or the stored-events wait timed out). */
  oneose?: () => void;
  /** The subscription ended: CLOSED by the relay (its reason), the connection closed, or closed by us. */
  onclose?: (reason: string) => void;
}

/** Options of a relay subscription. */
export interface SubscriptionOptions {
  /** Close the subscription once stored events are done (one-shot queries). */
  closeOnEose?: boolean;
  /** Override the stored-events wait. */
  eoseTimeoutMs?: number;
  /** Sub-id to use (random by default). */
  id?: string;
}

/** A live relay subscription. */
export interface RelaySubscription {
  readonly id: string;
  close(reason?: string): void;
}
