import { DEFAULT_REUSE_LIMITS } from './reuse-rule.ts';
/** Per-connection limits of both endpoints (also published in the NIP-11 document). */
export interface ServerLimits {
  /** Largest accepted text frame in bytes; bigger gets a NOTICE and is dropped. */
  maxMessageLength: number;
  /** Open subscriptions per connection (relay REQs; cache live subscriptions and requests in flight). */
  maxSubscriptions: number;
  /** Filters per relay REQ/COUNT. */
  maxFilters: number;
  /** Largest `limit` honoured in a relay filter (bigger is clamped). */
  maxLimit: number;
  /** `limit` used when a relay filter has none. */
  defaultLimit: number;
  /** Tags per event. */
  maxEventTags: number;
  /** Characters of event content. */
  maxContentLength: number;
  /** Longest accepted sub-id. */
  maxSubIdLength: number;
  /** Sustained messages per second per connection (token bucket refill rate). */
  messagesPerSecond: number;
  /** Burst of messages per connection (token bucket size). */
  messageBurst: number;
  /** Sustained events per second per connection (relay EVENT and import_events count each event). */
  eventsPerSecond: number;
  /** Burst of events per connection. */
  eventBurst: number;
  /** A connection with no message and no open subscription for this long is closed. */
  idleTimeoutMs: number;
  /** Ping period; a socket that missed the previous pong is dropped. */
  pingIntervalMs: number;
  /** A connection whose unsent output exceeds this many bytes is closed (slow consumer). */
  maxBufferedBytes: number;
  /** A /v1 request still running after this long gets NOTICE 'timeout' + EOSE; its late results are dropped. */
  requestTimeoutMs: number;
  /** Events accepted with created_at at most this many seconds in the future. */
  maxFutureSeconds: number;
  /**
   * After the store changed, identical read requests within this many ms (and the same clock second) share one
   * answer; 0 turns answer reuse off (the answer cache and the shared viewer-independent bundle parts).
   */
  responseCacheMs: number;
  /**
   * While the store has not changed (no ingest, no settings write), an answer is reused for up to this many ms: it
   * is exact except for the clock, so this bounds how far time windows (24 h trending, 60 s explore snapshots,
   * NIP-40 expirations, future-dated notes becoming due) may lag.
   */
  responseCacheMaxAgeMs: number;
  /** Periodic answers (`response-cache.ts` PERIODIC_COMMANDS) are served this long whatever the store did; 0: exact. */
  responseCachePeriodicMs: number;
  /** The answer cache holds at most this many answers, least recently used evicted first. */
  responseCacheMaxEntries: number;
  /** The answer cache holds at most about this many bytes of answers' JSON, least recently used evicted first. */
  responseCacheMaxBytes: number;
  /**
   * At most this many /v1 command computations start per event-loop turn (in arrival order, not waiting for earlier
   * ones to finish); socket I/O and cached answers are served between turns.
   */
  computeStartsPerTurn: number;
  /**
   * Per turn, computations may take about this share of the main-thread time everything else (socket reads, cached
   * answers, writes) took since the previous turn (at least one starts; 0: one per turn). See ComputeQueue.
   */
  computeShare: number;
  /**
   * With read workers: the main thread computes a cacheable miss itself while fewer than this many of its own
   * computations are queued or running and the workers have none (no thread hop on an idle server); otherwise
   * workers take the misses. 0: workers take every miss.
   */
  mainComputeBacklog: number;
}

/** Default limits. */
export const DEFAULT_LIMITS: ServerLimits = {
  maxMessageLength: 512 * 1024,
  maxSubscriptions: 200,
  maxFilters: 20,
  maxLimit: 1000,
  defaultLimit: 500,
  maxEventTags: 2000,
  maxContentLength: 256 * 1024,
  maxSubIdLength: 256,
  messagesPerSecond: 200,
  messageBurst: 400,
  eventsPerSecond: 100,
  eventBurst: 1000,
  idleTimeoutMs: 10 * 60_000,
  pingIntervalMs: 30_000,
  maxBufferedBytes: 16 * 1024 * 1024,
  requestTimeoutMs: 30_000,
  maxFutureSeconds: 300,
  responseCacheMs: DEFAULT_REUSE_LIMITS.ttlMs,
  responseCacheMaxAgeMs: DEFAULT_REUSE_LIMITS.maxAgeMs,
  responseCachePeriodicMs: 5000,
  responseCacheMaxEntries: 10_000,
  responseCacheMaxBytes: 64 * 1024 * 1024,
  computeStartsPerTurn: 16,
  computeShare: 1,
  mainComputeBacklog: 1,
};

/** A token bucket: `take(n)` succeeds while tokens last; tokens refill at `rate` per second up to `burst`. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = clock();
  }

  /** Takes `n` tokens if available; false (and nothing taken) when the bucket is short. */
  take(n = 1): boolean {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }
}
