import { type Logger, silentLogger } from '../model/logger.ts';
import type { NostrEvent } from '../nostr/index.ts';
import { Kind, verifyEvents } from '../nostr/index.ts';
import {
  type AuthSigner,
  type BatchVerifier,
  DEFAULT_RELAY_TIMING,
  type Filter,
  RelayError,
  type RelaySubscription,
  type RelayTiming,
  type SubscriptionHandlers,
  type SubscriptionOptions,
} from './relay-types.ts';
import { defaultWebSocket, SOCKET_OPEN, type WebSocketConstructor, type WebSocketLike } from './socket.ts';

/** Options of a {@link RelayConnection}. */
export interface RelayConnectionOptions {
  WebSocket?: WebSocketConstructor;
  timing?: Partial<RelayTiming>;
  verify?: BatchVerifier;
  /** Signs NIP-42 auth events; when given, the connection answers AUTH challenges by itself. */
  onAuth?: AuthSigner;
  onNotice?: (notice: string) => void;
  /** Called once when the connection closes (not when we close it). */
  onClose?: (reason: string) => void;
  logger?: Logger;
}

interface Sub {
  id: string;
  filters: Filter[];
  handlers: SubscriptionHandlers;
  closeOnEose: boolean;
  eosed: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

interface Waiter {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

let counter = 0;

/** One NIP-01 relay socket: REQ/CLOSE/EVENT/AUTH/COUNT out; EVENT/COUNT/EOSE/OK/CLOSED/NOTICE/AUTH in. */
export class RelayConnection {
  readonly url: string;
  private readonly timing: RelayTiming;
  private readonly WebSocketCtor: WebSocketConstructor;
  private readonly verify: BatchVerifier;
  private readonly logger: Logger;
  private readonly options: RelayConnectionOptions;
  private socket: WebSocketLike | null = null;
  private connecting: Promise<void> | null = null;
  private closedByUs = false;
  private challenge: string | undefined;
  private readonly subs = new Map<string, Sub>();
  private readonly oks = new Map<string, Waiter>();
  private readonly counts = new Map<string, Waiter>();
  private inbox: unknown[][] = [];
  private draining = false;

  constructor(url: string, options: RelayConnectionOptions = {}) {
    this.url = url;
    this.options = options;
    this.timing = { ...DEFAULT_RELAY_TIMING, ...options.timing };
    this.WebSocketCtor = options.WebSocket ?? defaultWebSocket();
    this.verify = options.verify ?? verifyEvents;
    this.logger = options.logger ?? silentLogger;
  }

  /** True while the socket is open. */
  get connected(): boolean {
    return this.socket?.readyState === SOCKET_OPEN;
  }

  /** The latest AUTH challenge from the relay, if any. */
  get authChallenge(): string | undefined {
    return this.challenge;
  }

  /**
   * Opens the socket; rejects with 'connection timed out' after 4.4 s, or 'relay connection errored' / 'relay
   * connection closed' when the socket fails.
   */
  connect(): Promise<void> {
    if (this.connected) return Promise.resolve();
    if (this.connecting) return this.connecting;
    this.closedByUs = false;
    this.connecting = new Promise<void>((resolve, reject) => {
      const socket = new this.WebSocketCtor(this.url);
      this.socket = socket;
      const timer = setTimeout(() => {
        fail(RelayError.ConnectionTimedOut);
        this.detach(socket);
        socket.close();
        if (this.socket === socket) this.socket = null;
      }, this.timing.connectTimeoutMs);
      const fail = (reason: string) => {
        clearTimeout(timer);
        this.connecting = null;
        reject(new Error(reason));
      };
      socket.onopen = () => {
        clearTimeout(timer);
        this.connecting = null;
        resolve();
      };
      let errored = false;
      socket.onerror = (error) => {
        errored = true;
        this.logger.debug(`relay ${this.url}: socket error`, error);
      };
      socket.onclose = () => {
        const wasOpen = !this.connecting;
        const reason = errored ? RelayError.ConnectionErrored : RelayError.ConnectionClosed;
        if (!wasOpen) fail(reason);
        this.handleClose(socket, reason, wasOpen);
      };
      socket.onmessage = (event) => this.receive(event.data);
    });
    return this.connecting;
  }

  /** Closes the socket on purpose; everything pending ends with 'relay connection closed by us'. */
  close(): void {
    this.closedByUs = true;
    const socket = this.socket;
    if (!socket) return;
    this.detach(socket);
    socket.close();
    this.handleClose(socket, RelayError.ClosedByUs, false);
  }

  /** Sends REQ; the subscription ends on EOSE (with `closeOnEose`), the stored-events timeout, CLOSED or close. */
  subscribe(filters: Filter[], handlers: SubscriptionHandlers, options: SubscriptionOptions = {}): RelaySubscription {
    counter += 1;
    const id = options.id ?? `sub:${counter}`;
    const sub: Sub = { id, filters, handlers, closeOnEose: options.closeOnEose ?? false, eosed: false };
    this.subs.set(id, sub);
    const close = (reason = RelayError.ClosedByUs as string) => this.endSub(sub, reason, true);
    if (!this.send(['REQ', id, ...filters])) {
      queueMicrotask(() => this.endSub(sub, RelayError.SendingOnClosed, false));
      return { id, close };
    }
    sub.timer = setTimeout(() => this.storedDone(sub), options.eoseTimeoutMs ?? this.timing.eoseTimeoutMs);
    return { id, close };
  }

  /** Publishes an event; resolves with the OK message on acceptance, rejects with the relay's reason or 'timeout'. */
  publish(event: NostrEvent, timeoutMs = this.timing.publishTimeoutMs): Promise<string> {
    return this.awaitOk(['EVENT', event], event.id, timeoutMs);
  }

  /** NIP-45 COUNT; rejects on CLOSED, timeout (4.4 s) or a closed connection. */
  count(filters: Filter[], timeoutMs = this.timing.eoseTimeoutMs): Promise<number> {
    counter += 1;
    const id = `count:${counter}`;
    return new Promise<number>((resolve, reject) => {
      if (!this.send(['COUNT', id, ...filters])) return reject(new Error(RelayError.SendingOnClosed));
      const timer = setTimeout(() => {
        this.counts.delete(id);
        reject(new Error(RelayError.CountTimedOut));
      }, timeoutMs);
      this.counts.set(id, { resolve: (v) => resolve(v as number), reject, timer });
    });
  }

  /** NIP-42: signs a kind-22242 event for the last challenge and sends AUTH; resolves with the relay's OK. */
  async auth(signer: AuthSigner): Promise<string> {
    const challenge = this.challenge;
    if (!challenge) throw new Error(RelayError.NoChallenge);
    const event = await signer({
      kind: Kind.ClientAuth,
      created_at: Math.floor(Date.now() / 1000),
      tags: [
        ['relay', this.url],
        ['challenge', challenge],
      ],
      content: '',
    });
    return this.awaitOk(['AUTH', event], event.id, this.timing.publishTimeoutMs);
  }

  private awaitOk(message: unknown[], id: string, timeoutMs: number): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      if (!this.send(message)) return reject(new Error(RelayError.SendingOnClosed));
      const timer = setTimeout(() => {
        this.oks.delete(id);
        reject(new Error(RelayError.PublishTimedOut));
      }, timeoutMs);
      this.oks.set(id, { resolve: (v) => resolve(v as string), reject, timer });
    });
  }

  private send(message: unknown[]): boolean {
    if (!this.connected || !this.socket) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private receive(data: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      this.logger.debug(`relay ${this.url}: unreadable message`);
      return;
    }
    if (!Array.isArray(message) || typeof message[0] !== 'string') return;
    this.inbox.push(message);
    if (!this.draining) void this.drain();
  }

  /** Handles queued messages in order; the events among them are signature-checked in one batch. */
  private async drain(): Promise<void> {
    this.draining = true;
    while (this.inbox.length > 0) {
      const batch = this.inbox;
      this.inbox = [];
      const events = batch.filter((m) => m[0] === 'EVENT').map((m) => m[2]);
      const valid = events.length > 0 ? await this.verify(events) : [];
      let i = 0;
      for (const message of batch) {
        if (message[0] === 'EVENT') {
          if (valid[i++]) this.handleEvent(String(message[1]), message[2] as NostrEvent);
          else this.logger.debug(`relay ${this.url}: dropped an event with an invalid signature`);
        } else this.handleOther(message);
      }
    }
    this.draining = false;
  }

  private handleEvent(subId: string, event: NostrEvent): void {
    this.subs.get(subId)?.handlers.onevent?.(event);
  }

  private handleOther(message: unknown[]): void {
    const [type, a, b, c] = message;
    switch (type) {
      case 'EOSE': {
        const sub = this.subs.get(String(a));
        if (sub) this.storedDone(sub);
        break;
      }
      case 'OK': {
        const waiter = this.oks.get(String(a));
        if (!waiter) break;
        this.oks.delete(String(a));
        clearTimeout(waiter.timer);
        if (b === true) waiter.resolve(String(c ?? ''));
        else waiter.reject(new Error(String(c ?? 'rejected')));
        break;
      }
      case 'CLOSED': {
        const sub = this.subs.get(String(a));
        if (sub) this.endSub(sub, String(b ?? ''), false);
        const count = this.counts.get(String(a));
        if (count) {
          this.counts.delete(String(a));
          clearTimeout(count.timer);
          count.reject(new Error(String(b ?? '')));
        }
        break;
      }
      case 'COUNT': {
        const waiter = this.counts.get(String(a));
        const n = (b as { count?: unknown } | undefined)?.count;
        if (!waiter || typeof n !== 'number') break;
        this.counts.delete(String(a));
        clearTimeout(waiter.timer);
        waiter.resolve(n);
        break;
      }
      case 'NOTICE':
        this.logger.warn(`relay ${this.url}: NOTICE ${String(a)}`);
        this.options.onNotice?.(String(a));
        break;
      case 'AUTH':
        if (typeof a !== 'string') break;
        this.challenge = a;
        if (this.options.onAuth) {
          this.auth(this.options.onAuth).catch((e: unknown) => this.logger.warn(`relay ${this.url}: auth failed`, e));
        }
        break;
    }
  }

  private storedDone(sub: Sub): void {
    if (sub.eosed) return;
    sub.eosed = true;
    clearTimeout(sub.timer);
    sub.handlers.oneose?.();
    if (sub.closeOnEose) this.endSub(sub, 'eose', true);
  }

  private endSub(sub: Sub, reason: string, sendClose: boolean): void {
    if (!this.subs.delete(sub.id)) return;
    clearTimeout(sub.timer);
    if (sendClose) this.send(['CLOSE', sub.id]);
    sub.handlers.onclose?.(reason);
  }

  private detach(socket: WebSocketLike): void {
    socket.onopen = null;
    socket.onclose = null;
    socket.onerror = () => {};
    socket.onmessage = null;
  }

  private handleClose(socket: WebSocketLike, reason: string, notify: boolean): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.challenge = undefined;
    for (const sub of [...this.subs.values()]) this.endSub(sub, reason, false);
    for (const map of [this.oks, this.counts]) {
      for (const waiter of map.values()) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(reason));
      }
      map.clear();
    }
    if (notify && !this.closedByUs) this.options.onClose?.(reason);
  }
}
