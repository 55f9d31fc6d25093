import type { CacheEvent } from '../nostr/index.ts';
import {
  cacheFilter,
  createRequestEntry,
  type Entry,
  isEventObject,
  type RequestEntry,
  type SubscriptionEntry,
} from './cache-entries.ts';
import { CacheError } from './cache-errors.ts';
import {
  type CacheClientOptions,
  type CacheStatus,
  type CacheTiming,
  DEFAULT_CACHE_TIMING,
  type PayloadSource,
  type RequestOptions,
  type SubscribeOptions,
} from './cache-options.ts';
import { decodeFrame } from './frame.ts';
import { reconnectDelay } from './reconnect-backoff.ts';
import {
  defaultWebSocket,
  type Logger,
  SOCKET_OPEN,
  silentLogger,
  type WebSocketConstructor,
  type WebSocketLike,
} from './socket-types.ts';

/**
 * The caching-service client: one socket, zlib negotiation, every frame decoded once and dispatched by sub-id
 * through one map, reconnect after 200 ms (then backing off with jitter up to 5 s while it fails), queued sends retried every 100 ms, requests re-sent and subscriptions
 * resumed after a reconnect.
 */
export class CacheClient {
  private url: string;
  private readonly noBinary: boolean;
  readonly appId: string;
  private readonly WebSocketCtor: WebSocketConstructor;
  private readonly logger: Logger;
  private readonly devMode: boolean;
  private readonly timing: CacheTiming;

  private socket: WebSocketLike | null = null;
  private connected = false;
  private reconnect = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Reconnect attempts since the socket was last connected (sets the next wait). */
  private failedReconnects = 0;
  private counter = 0;
  private currentStatus: CacheStatus = 'idle';
  private readonly entries = new Map<string, RequestEntry | SubscriptionEntry>();
  private readonly statusListeners = new Set<(status: CacheStatus) => void>();

  constructor(options: CacheClientOptions) {
    this.url = options.url;
    this.noBinary = options.noBinary ?? false;
    this.appId = options.appId ?? 'web_dev_0';
    this.WebSocketCtor = options.WebSocket ?? defaultWebSocket();
    this.logger = options.logger ?? silentLogger;
    this.devMode = options.devMode ?? false;
    this.timing = { ...DEFAULT_CACHE_TIMING, ...options.timing };
  }

  /** Current connection status. */
  get status(): CacheStatus {
    return this.currentStatus;
  }

  /** Address of the caching service. */
  get address(): string {
    return this.url;
  }

  /** Calls `listener` on every status change; returns the function that stops it. */
  onStatus(listener: (status: CacheStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** A new unique sub-id: `<purpose>_<counter>_<appId>`. */
  nextSubId(purpose: string): string {
    this.counter += 1;
    return `${purpose}_${this.counter}_${this.appId}`;
  }

  /** Opens the socket unless it is open or opening (requests call this on demand). */
  connect(): void {
    this.reconnect = true;
    if (this.socket || this.reconnectTimer) return;
    this.open();
  }

  /**
   * Closes the socket on purpose: no reconnect; requests in flight reject with a `closed` CacheError. Subscriptions
   * stay registered and are re-sent on the next connect (e.g. when the app wakes up).
   */
  disconnect(): void {
    this.reconnect = false;
    this.clearReconnectTimer();
    this.dropSocket();
    for (const entry of [...this.entries.values()]) {
      if (entry.kind === 'request') entry.fail(new CacheError('closed', 'disconnected', entry.command));
    }
    this.setStatus('disconnected');
  }

  /** Disconnects and reconnects after 1 s, optionally to a new address; pending requests are re-sent. */
  reset(url?: string): void {
    if (url) this.url = url;
    this.clearReconnectTimer();
    this.dropSocket();
    this.reconnect = true;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, this.timing.resetMs);
  }

  /** Runs `command` and resolves with the events received until EOSE; a NOTICE rejects with CacheNoticeError. */
  request(command: string, payload?: PayloadSource, options: RequestOptions = {}): Promise<CacheEvent[]> {
    const subId = this.nextSubId(options.purpose ?? command);
    const message = JSON.stringify(['REQ', subId, { cache: cacheFilter(command, payload, subId) }]);
    const { entry, promise } = createRequestEntry(subId, command, message, options, () => this.entries.delete(subId));
    if (entry.done) return promise;
    this.entries.set(subId, entry);
    this.connect();
    this.sendWhenConnected(entry);
    return promise;
  }

  /** Starts a long-lived subscription (re-sent after every reconnect); returns the function that sends CLOSE. */
  subscribe(
    command: string,
    payload: PayloadSource | undefined,
    onEvent: (event: CacheEvent) => void,
    options: SubscribeOptions = {},
  ): () => void {
    const subId = this.nextSubId(options.purpose ?? command);
    const entry: SubscriptionEntry = {
      kind: 'subscription',
      subId,
      command,
      message: JSON.stringify(['REQ', subId, { cache: cacheFilter(command, payload, subId) }]),
      sentOn: null,
      onEvent,
      onEose: () => options.onEose?.(),
      onNotice: (notice) => options.onNotice?.(notice),
    };
    this.entries.set(subId, entry);
    this.connect();
    if (this.connected) this.sendEntry(entry);
    return () => {
      if (!this.entries.has(subId)) return;
      this.entries.delete(subId);
      if (!this.connected || entry.sentOn !== this.socket) return;
      const extra = options.closeExtra?.(subId);
      this.sendRaw(JSON.stringify(extra === undefined ? ['CLOSE', subId] : ['CLOSE', subId, extra]));
    };
  }

  /** Number of requests and subscriptions waiting for answers (for tests and diagnostics). */
  get pendingCount(): number {
    return this.entries.size;
  }

  private open(): void {
    const wasConnectedBefore = this.currentStatus !== 'idle' && this.currentStatus !== 'disconnected';
    this.setStatus(wasConnectedBefore ? 'reconnecting' : 'connecting');
    let socket: WebSocketLike;
    try {
      socket = new this.WebSocketCtor(this.url);
    } catch (error) {
      this.logger.error(`cache: cannot open ${this.url}`, error);
      this.reconnect = false;
      for (const entry of [...this.entries.values()]) {
        if (entry.kind === 'request') entry.fail(new CacheError('closed', `cannot open ${this.url}`, entry.command));
      }
      this.setStatus('disconnected');
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => this.handleOpen(socket);
    socket.onmessage = (event) => this.handleFrame(event.data);
    socket.onerror = (error) => {
      if (this.devMode) this.logger.warn('cache: socket error', error);
    };
    socket.onclose = () => this.handleClose(socket);
  }

  private handleOpen(socket: WebSocketLike): void {
    if (socket !== this.socket) return;
    if (this.noBinary) {
      this.markConnected();
      return;
    }
    const subId = `set_protocol_${this.appId}`;
    const done = () => {
      this.entries.delete(subId);
      this.markConnected();
    };
    const negotiation: SubscriptionEntry = {
      kind: 'subscription',
      subId,
      command: 'set_primal_protocol',
      message: JSON.stringify(['REQ', subId, { cache: ['set_primal_protocol', { compression: 'zlib' }] }]),
      sentOn: socket,
      onEvent: () => {},
      onEose: done,
      onNotice: (notice) => {
        this.logger.warn('cache: compression negotiation refused', notice);
        done();
      },
    };
    this.entries.set(subId, negotiation);
    socket.send(negotiation.message);
  }

  private markConnected(): void {
    this.connected = true;
    this.failedReconnects = 0;
    this.setStatus('connected');
    // Waiting requests go out now rather than at their next 100 ms retry; subscriptions are (re)sent.
    for (const entry of [...this.entries.values()]) {
      if (entry.kind === 'subscription' ? entry.sentOn !== this.socket : !entry.done && !entry.sentOn) {
        this.sendEntry(entry);
      }
    }
  }

  private handleClose(socket: WebSocketLike): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.connected = false;
    this.entries.delete(`set_protocol_${this.appId}`);
    for (const entry of this.entries.values()) {
      if (entry.sentOn === socket) {
        entry.sentOn = null;
        if (entry.kind === 'request') this.sendWhenConnected(entry);
      }
    }
    if (!this.reconnect) {
      this.setStatus('disconnected');
      return;
    }
    this.setStatus('reconnecting');
    const delay = reconnectDelay(this.failedReconnects, this.timing.reconnectMs);
    this.failedReconnects += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.reconnect && !this.socket) this.open();
    }, delay);
  }

  private handleFrame(data: unknown): void {
    const frame = decodeFrame(data, this.devMode, this.logger);
    if (!Array.isArray(frame)) return;
    const [type, subId, body] = frame;
    if (typeof subId !== 'string') return;
    const entry = this.entries.get(subId);
    if (!entry) {
      if (type === 'NOTICE' && this.devMode) this.logger.warn('cache: NOTICE', subId, body);
      return;
    }
    switch (type) {
      case 'EVENT':
        if (isEventObject(body)) entry.onEvent(body);
        break;
      case 'EVENTS':
        if (Array.isArray(body)) {
          for (const item of body) {
            if (!isEventObject(item)) continue;
            entry.onEvent(item);
            if (this.entries.get(subId) !== entry) break;
          }
        }
        break;
      case 'EOSE':
        entry.onEose();
        break;
      case 'NOTICE':
        entry.onNotice(typeof body === 'string' ? body : 'error');
        break;
    }
  }

  private sendWhenConnected(entry: RequestEntry): void {
    if (entry.done || entry.sentOn) return;
    if (this.connected && this.socket?.readyState === SOCKET_OPEN) {
      this.sendEntry(entry);
      return;
    }
    setTimeout(() => this.sendWhenConnected(entry), this.timing.sendRetryMs);
  }

  private sendEntry(entry: Entry): void {
    if (!this.socket) return;
    entry.sentOn = this.socket;
    this.sendRaw(entry.message);
  }

  private sendRaw(message: string): void {
    if (this.socket?.readyState !== SOCKET_OPEN) return;
    this.socket.send(message);
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = () => {};
    socket.onclose = null;
    socket.close();
    this.entries.delete(`set_protocol_${this.appId}`);
    for (const entry of this.entries.values()) {
      if (entry.sentOn !== socket) continue;
      entry.sentOn = null;
      if (entry.kind === 'request') this.sendWhenConnected(entry);
    }
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private setStatus(status: CacheStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
