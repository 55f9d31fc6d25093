import { hasSignedShape, type NostrEvent } from '@tide/core/nostr';
import { type Filter, RelayPool } from '@tide/core/relay';
import type { Logger } from 'pino';
import { BULK_BATCH_SIZE } from '../ingest/index.ts';
import { readCacheRow, type Store, writeCacheRow } from '../store/index.ts';
import { EventBatcher } from './event-batcher.ts';
import { coreLogger, NodeWebSocket } from './relay-client.ts';

/** How the upstream follower hands events to ingest. */
export type UpstreamIngest = (events: NostrEvent[], relayUrl: string) => Promise<void>;

/** Options of one upstream follower. */
export interface UpstreamOptions {
  url: string;
  store: Store;
  ingest: UpstreamIngest;
  logger: Logger;
  /** Events asked for on the first connection, when nothing was seen yet (default 1000). */
  backfillLimit?: number;
  /** First reconnect delay; doubles up to maxBackoffMs (default 1000). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Most events per ingest call (default 2,000, one bulk ingest transaction) and the longest a lone event waits for
   * company before it goes (default 100 ms); a stream arriving while a batch is written is collected meanwhile.
   */
  batchSize?: number;
  flushMs?: number;
  /** Overlap re-asked on reconnect, in seconds (default 60). */
  overlapSeconds?: number;
}

/** State key in the `cache` table holding the newest created_at seen from a relay. */
export function upstreamStateKey(url: string): string {
  return `upstream_since:${url}`;
}

const SUB_ID = 'tide-upstream';

/** The pool's check for upstream sockets: events of a signed event's shape go on (ingest checks signatures). */
async function signedShape(events: readonly unknown[]): Promise<boolean[]> {
  return events.map(hasSignedShape);
}
/** Default most events per upstream ingest call: the bulk sources' transaction size. */
export const UPSTREAM_BATCH_SIZE = BULK_BATCH_SIZE;
/** Default longest wait of a lone upstream event before it is ingested. */
export const UPSTREAM_FLUSH_MS = 100;

/**
 * Follows one relay through core's RelayPool (signatures are left to ingest's gate): subscribes from the
 * newest event seen (persisted, minus an overlap), ingests what arrives in batches, and after a failed or lost
 * connection subscribes again with exponential backoff, without an attempt limit. `stop()` closes it for good.
 */
export class UpstreamRelay {
  private readonly pool: RelayPool;
  private subscription: { close(): void } | null = null;
  private stopped = false;
  private backoff: number;
  private newest = 0;
  private readonly batcher: EventBatcher<NostrEvent>;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Events received so far (for tests and stats). */
  received = 0;
  /** Connections opened so far. */
  connections = 0;

  constructor(private readonly opts: UpstreamOptions) {
    this.backoff = opts.minBackoffMs ?? 1000;
    this.pool = new RelayPool({
      WebSocket: NodeWebSocket,
      logger: coreLogger(opts.logger, opts.url),
      timing: { connectTimeoutMs: 10_000, maxAttempts: 1 },
      // Signatures are checked once, by ingest's gate on its verify worker threads (new events only); the pool's own
      // check ran on the main thread first and cost ~1.2 ms of CPU per event (8,000 events: 14.3 → 4.7 CPU-s).
      verify: signedShape,
    });
    this.batcher = new EventBatcher({
      maxBatch: opts.batchSize ?? UPSTREAM_BATCH_SIZE,
      maxWaitMs: opts.flushMs ?? UPSTREAM_FLUSH_MS,
      handle: (batch) => this.ingestBatch(batch),
    });
  }

  /** Ingest calls made so far (for tests and stats). */
  get batches(): number {
    return this.batcher.batches;
  }

  /** Loads the saved position and connects. */
  async start(): Promise<void> {
    const row = await readCacheRow(this.opts.store, upstreamStateKey(this.opts.url));
    this.newest = row ? Number(row.value) || 0 : 0;
    this.connect();
  }

  /** Stops following; waits for the last batch to be ingested. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.subscription = null;
    this.pool.close();
    await this.batcher.flush();
  }

  private filter(): Filter {
    if (this.newest === 0) return { limit: this.opts.backfillLimit ?? 1000 };
    return { since: Math.max(0, this.newest - (this.opts.overlapSeconds ?? 60)) };
  }

  private connect(): void {
    if (this.stopped) return;
    this.pool.ensure(this.opts.url).then(
      (relay) => {
        if (this.stopped) return;
        this.connections += 1;
        this.backoff = this.opts.minBackoffMs ?? 1000;
        this.opts.logger.info({ relay: this.opts.url }, 'upstream connected');
        const subscription = relay.subscribe(
          [this.filter()],
          {
            onevent: (event) => this.onEvent(event),
            onclose: (reason) => {
              if (this.subscription !== subscription) return;
              this.subscription = null;
              this.opts.logger.debug({ relay: this.opts.url, reason }, 'upstream subscription ended');
              this.pool.close([this.opts.url]);
              this.scheduleReconnect();
            },
          },
          { id: SUB_ID },
        );
        this.subscription = subscription;
      },
      (err: unknown) => {
        this.opts.logger.debug({ relay: this.opts.url, err: String(err) }, 'upstream connection failed');
        this.scheduleReconnect();
      },
    );
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, this.opts.maxBackoffMs ?? 60_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private onEvent(event: NostrEvent): void {
    this.received += 1;
    this.batcher.push(event);
  }

  private async ingestBatch(batch: NostrEvent[]): Promise<void> {
    try {
      await this.opts.ingest(batch, this.opts.url);
      const newest = Math.max(
        this.newest,
        ...batch
          .map((e) => (Number.isInteger(e.created_at) ? e.created_at : 0))
          .filter((t) => t <= Date.now() / 1000 + 300),
      );
      if (newest > this.newest) {
        this.newest = newest;
        await writeCacheRow(
          this.opts.store,
          upstreamStateKey(this.opts.url),
          String(newest),
          Math.floor(Date.now() / 1000),
        );
      }
    } catch (err) {
      this.opts.logger.warn({ relay: this.opts.url, err }, 'upstream ingest failed');
    }
  }
}
