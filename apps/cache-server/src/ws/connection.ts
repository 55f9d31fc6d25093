import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { type ServerLimits, TokenBucket } from '../limits.ts';

let nextConnectionId = 1;

/**
 * One client socket: JSON/binary sends with a slow-consumer guard, rate buckets, the open subscriptions (each with
 * its stop function), idle and dead-peer detection.
 */
export class Connection {
  readonly id = nextConnectionId++;
  readonly messages: TokenBucket;
  readonly events: TokenBucket;
  private readonly subs = new Map<string, () => void>();
  private lastActivity = Date.now();
  private alive = true;
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    readonly socket: WebSocket,
    readonly limits: ServerLimits,
    readonly logger: Logger,
  ) {
    this.messages = new TokenBucket(limits.messagesPerSecond, limits.messageBurst);
    this.events = new TokenBucket(limits.eventsPerSecond, limits.eventBurst);
    socket.on('pong', () => {
      this.alive = true;
    });
    const tick = Math.min(limits.pingIntervalMs, limits.idleTimeoutMs);
    this.timer = setInterval(() => this.check(), tick);
    this.timer.unref();
    socket.once('close', () => this.dispose());
    socket.on('error', (err) => {
      // ws closes the socket itself (e.g. 1009 for an oversized frame); just note it
      this.logger.debug({ conn: this.id, err: err.message }, 'socket error');
    });
  }

  /** Whether the socket can still be written. */
  get isOpen(): boolean {
    return !this.closed && this.socket.readyState === this.socket.OPEN;
  }

  /** Records client activity (resets the idle clock). */
  touch(): void {
    this.lastActivity = Date.now();
  }

  /** Sends a JSON value as a text frame (dropped silently if the socket is gone). */
  sendJson(value: unknown): void {
    this.sendRaw(JSON.stringify(value));
  }

  /** Sends a text or binary frame, closing the connection if the client does not keep up. */
  sendRaw(data: string | Buffer): void {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.logger.warn({ conn: this.id }, 'slow consumer: closing');
      this.close(1008, 'slow consumer');
      return;
    }
    this.socket.send(data, { binary: typeof data !== 'string' });
  }

  /**
   * Runs `send` with the socket corked, so the frames it sends leave in one write (one writev syscall) instead of
   * one each, in the order sent.
   */
  batch(send: () => void): void {
    // ws has no public cork; its sender writes to this net.Socket (corks nest: only the outer uncork flushes)
    const raw = (this.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    raw?.cork();
    try {
      send();
    } finally {
      raw?.uncork();
    }
  }

  /** Number of open subscriptions. */
  get subscriptionCount(): number {
    return this.subs.size;
  }

  /** Whether `subId` is open. */
  hasSubscription(subId: string): boolean {
    return this.subs.has(subId);
  }

  /** Whether `subId` is open with this very `stop` (a later REQ that reused the sub-id replaced it otherwise). */
  isSubscription(subId: string, stop: () => void): boolean {
    return this.subs.get(subId) === stop;
  }

  /** Registers an open subscription; an existing one with the same id is stopped first. */
  addSubscription(subId: string, stop: () => void): void {
    this.removeSubscription(subId);
    this.subs.set(subId, stop);
  }

  /** Stops and forgets `subId`; returns whether it was open. */
  removeSubscription(subId: string): boolean {
    const stop = this.subs.get(subId);
    if (!stop) return false;
    this.subs.delete(subId);
    stop();
    return true;
  }

  /** Closes the socket (code and reason are sent to the client). */
  close(code = 1000, reason = ''): void {
    if (this.closed) return;
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
    }
    this.dispose();
  }

  private check(): void {
    if (this.closed) return;
    if (!this.alive) {
      this.logger.debug({ conn: this.id }, 'no pong: dropping');
      this.socket.terminate();
      this.dispose();
      return;
    }
    if (this.subs.size === 0 && Date.now() - this.lastActivity > this.limits.idleTimeoutMs) {
      this.close(1000, 'idle timeout');
      return;
    }
    this.alive = false;
    try {
      this.socket.ping();
    } catch {
      // the close handler cleans up
    }
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    for (const stop of this.subs.values()) stop();
    this.subs.clear();
  }
}
