import { type Logger, silentLogger } from '../model/logger.ts';
import type { NostrEvent } from '../nostr/index.ts';
import { normalizeRelayUrl } from '../nostr/index.ts';
import { type PublishResult, publishEvent } from './publish.ts';
import { RelayConnection, type RelayConnectionOptions } from './relay-connection.ts';
import {
  DEFAULT_RELAY_TIMING,
  type Filter,
  RelayError,
  type RelayTiming,
  type SubscriptionHandlers,
} from './relay-types.ts';

/** Options of a {@link RelayPool}: those of each connection plus a callback for relays given up on. */
export interface RelayPoolOptions extends Omit<RelayConnectionOptions, 'onClose' | 'onNotice'> {
  /** A kept relay failed `maxAttempts` times in a row ('Reached atempt limit'). */
  onGiveUp?: (url: string, reason: string) => void;
  onNotice?: (url: string, notice: string) => void;
}

/** Handlers of a pool subscription: events de-duplicated across relays; `oneose` once every relay is done. */
export type PoolSubscriptionHandlers = SubscriptionHandlers;

/**
 * A relay pool: connections on demand, kept relays (`open`) retried with growing delay up to 10 attempts, queries
 * merged and de-duplicated, publishing with per-relay timeouts. Events are signature-checked by each connection.
 */
export class RelayPool {
  private readonly options: RelayPoolOptions;
  private readonly timing: RelayTiming;
  private readonly logger: Logger;
  private readonly relays = new Map<string, RelayConnection>();
  private readonly kept = new Set<string>();
  private readonly attempts = new Map<string, number>();
  private readonly retryTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(options: RelayPoolOptions = {}) {
    this.options = options;
    this.timing = { ...DEFAULT_RELAY_TIMING, ...options.timing };
    this.logger = options.logger ?? silentLogger;
  }

  /** URLs of the relays currently connected. */
  connectedRelays(): string[] {
    return [...this.relays.values()].filter((r) => r.connected).map((r) => r.url);
  }

  /** Connects to `urls` and keeps them: a failed or dropped connection is retried with growing delay. */
  open(urls: readonly string[]): Promise<void> {
    const normalized = urls.map((u) => normalizeRelayUrl(u));
    for (const url of normalized) this.kept.add(url);
    return Promise.allSettled(normalized.map((url) => this.ensure(url))).then(() => undefined);
  }

  /** Closes and forgets relays (all when omitted); no retries follow. */
  close(urls?: readonly string[]): void {
    const list = urls ? urls.map((u) => normalizeRelayUrl(u)) : [...new Set([...this.relays.keys(), ...this.kept])];
    for (const url of list) {
      this.kept.delete(url);
      this.attempts.delete(url);
      clearTimeout(this.retryTimers.get(url));
      this.retryTimers.delete(url);
      this.relays.get(url)?.close();
      this.relays.delete(url);
    }
  }

  /** A connected relay (connecting on demand); failures are logged, the relay removed and, if kept, retried. */
  async ensure(input: string): Promise<RelayConnection> {
    const url = normalizeRelayUrl(input);
    let relay = this.relays.get(url);
    if (!relay) {
      relay = new RelayConnection(url, {
        ...this.options,
        onNotice: (notice) => this.options.onNotice?.(url, notice),
        onClose: (reason) => this.lost(url, relay, reason),
      });
      this.relays.set(url, relay);
    }
    try {
      await relay.connect();
      this.attempts.delete(url);
      return relay;
    } catch (error) {
      this.lost(url, relay, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** Stored events matching `filters` from every relay, merged, de-duplicated and newest first. */
  async query(relays: readonly string[], filters: Filter[], options: { eoseTimeoutMs?: number } = {}) {
    const byId = new Map<string, NostrEvent>();
    await Promise.all(
      relays.map(async (url) => {
        let relay: RelayConnection;
        try {
          relay = await this.ensure(url);
        } catch {
          return;
        }
        await new Promise<void>((resolve) => {
          relay.subscribe(
            filters,
            { onevent: (e) => byId.set(e.id, e), onclose: () => resolve() },
            { closeOnEose: true, eoseTimeoutMs: options.eoseTimeoutMs },
          );
        });
      }),
    );
    return [...byId.values()].sort((a, b) => b.created_at - a.created_at);
  }

  /** A subscription on every relay; events de-duplicated; `oneose` once all relays are done; returns `close`. */
  subscribe(relays: readonly string[], filters: Filter[], handlers: PoolSubscriptionHandlers): { close(): void } {
    const seen = new Set<string>();
    const subs: { close(): void }[] = [];
    let pending = relays.length;
    let closed = false;
    const relayDone = () => {
      pending -= 1;
      if (pending === 0 && !closed) handlers.oneose?.();
    };
    for (const url of relays) {
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        relayDone();
      };
      this.ensure(url)
        .then((relay) => {
          if (closed) return once();
          subs.push(
            relay.subscribe(filters, {
              onevent: (event) => {
                if (seen.has(event.id)) return;
                seen.add(event.id);
                handlers.onevent?.(event);
              },
              oneose: once,
              onclose: once,
            }),
          );
        })
        .catch(once);
    }
    if (relays.length === 0) queueMicrotask(() => handlers.oneose?.());
    return {
      close: () => {
        closed = true;
        for (const sub of subs) sub.close();
        handlers.onclose?.(RelayError.ClosedByUs);
      },
    };
  }

  /** Publishes a signed event to every write relay: success on the first OK, 8 s per relay (see publishEvent). */
  publish(event: NostrEvent, writeRelays: readonly string[]): Promise<PublishResult> {
    return publishEvent(this, event, writeRelays);
  }

  /** NIP-45 COUNT over `relays`: the largest answer, 0 when none answers. */
  async count(relays: readonly string[], filters: Filter[]): Promise<number> {
    const answers = await Promise.allSettled(relays.map(async (url) => (await this.ensure(url)).count(filters)));
    return Math.max(0, ...answers.map((a) => (a.status === 'fulfilled' ? a.value : 0)));
  }

  /** The per-relay publish timeout (8 s by default). */
  get publishTimeoutMs(): number {
    return this.timing.publishTimeoutMs;
  }

  /** Milliseconds before the n-th retry (growing with each attempt). */
  retryDelay(attempt: number): number {
    return this.timing.retryBaseMs * attempt;
  }

  private lost(url: string, relay: RelayConnection | undefined, reason: string): void {
    if (relay && this.relays.get(url) === relay) this.relays.delete(url);
    this.logger.warn(`relay ${url}: ${reason}`);
    if (!this.kept.has(url) || this.retryTimers.has(url)) return;
    const attempt = (this.attempts.get(url) ?? 0) + 1;
    this.attempts.set(url, attempt);
    if (attempt >= this.timing.maxAttempts) {
      this.kept.delete(url);
      this.attempts.delete(url);
      this.logger.warn(`relay ${url}: ${RelayError.AttemptLimit}`);
      this.options.onGiveUp?.(url, RelayError.AttemptLimit);
      return;
    }
    this.retryTimers.set(
      url,
      setTimeout(() => {
        this.retryTimers.delete(url);
        if (this.kept.has(url)) this.ensure(url).catch(() => {});
      }, this.retryDelay(attempt)),
    );
  }
}
