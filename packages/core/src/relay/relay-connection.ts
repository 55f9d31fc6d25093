import { type Logger, silentLogger } from '../model/logger.ts';
import type { NostrEvent } from '../nostr/index.ts';
import { verifyEvents } from '../nostr/index.ts';
import { authTemplate } from './relay-auth.ts';
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
import { WaiterMap } from './waiters.ts';

/** Options of a {@link RelayConnection}. */
export interface RelayConnectionOptions {
  WebSocket?: WebSocketConstructor;
  timing?: Partial<RelayTiming>;
  verify?: BatchVerifier;
  /** Signs NIP-42 auth events; when given, the connection answers AUTH challenges by itself. */
  onAuth?: AuthSigner;
  /**
   * False: a challenge is only kept, and `onAuth` is asked only when the relay requires auth for a write or a read
   * (`auth-required:`), so a signer extension is not asked at every connect. Default true: answer each challenge.
   */
  authOnChallenge?: boolean;
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
  authRetried?: boolean;
  timer?: ReturnType<typeof setTimeout>;
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
  private authState: { challenge: string; promise: Promise<string> } | null = null;
  private readonly subs = new Map<string, Sub>();
  private readonly oks = new WaiterMap<string>();
  private readonly counts = new WaiterMap<number>();
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
    let socket: WebSocketLike;
    try {
      socket = new this.WebSocketCtor(this.url);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    this.connecting = new Promise<void>((resolve, reject) => {
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
  async publish(event: NostrEvent, timeoutMs = this.timing.publishTimeoutMs): Promise<string> {
    try {
      return await this.awaitOk(['EVENT', event], event.id, timeoutMs);
    } catch (error) {
      if (!(await this.authAfter(error))) throw error;
      return this.awaitOk(['EVENT', event], event.id, timeoutMs);
    }
  }

  /** When a relay refused with `auth-required:` and a signer is set, authenticates; true when a retry makes sense. */
  private async authAfter(error: unknown): Promise<boolean> {
    const reason = error instanceof Error ? error.message : String(error);
    if (!reason.startsWith('auth-required:') || !this.options.onAuth || !this.challenge) return false;
    await this.auth(this.options.onAuth);
    return true;
  }

  /** NIP-45 COUNT; rejects on CLOSED, timeout (4.4 s) or a closed connection. */
  count(filters: Filter[], timeoutMs = this.timing.eoseTimeoutMs): Promise<number> {
    counter += 1;
    const id = `count:${counter}`;
    if (!this.send(['COUNT', id, ...filters])) return Promise.reject(new Error(RelayError.SendingOnClosed));
    return this.counts.wait(id, timeoutMs, RelayError.CountTimedOut);
  }

  /** NIP-42: signs a kind-22242 event for the last challenge and sends AUTH; resolves with the relay's OK. */
  auth(signer: AuthSigner): Promise<string> {
    const challenge = this.challenge;
    if (!challenge) return Promise.reject(new Error(RelayError.NoChallenge));
    if (this.authState?.challenge === challenge) return this.authState.promise;
    const promise = signer(authTemplate(this.url, challenge)).then((event) =>
      this.awaitOk(['AUTH', event], event.id, this.timing.publishTimeoutMs),
    );
    const state = { challenge, promise };
    this.authState = state;
    promise.catch(() => {
      if (this.authState === state) this.authState = null;
    });
    return promise;
  }

  private awaitOk(message: unknown[], id: string, timeoutMs: number): Promise<string> {
    if (!this.send(message)) return Promise.reject(new Error(RelayError.SendingOnClosed));
    return this.oks.wait(id, timeoutMs, RelayError.PublishTimedOut);
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
    try {
      while (this.inbox.length > 0) {
        const batch = this.inbox;
        this.inbox = [];
        const wanted = (m: unknown[]) => m[0] === 'EVENT' && this.subs.has(String(m[1]));
        const events = batch.filter(wanted).map((m) => m[2]);
        const valid = events.length > 0 ? await this.verify(events) : [];
        let i = 0;
        for (const message of batch) {
          if (message[0] !== 'EVENT') this.handleOther(message);
          else if (!wanted(message)) continue;
          else if (valid[i++]) this.handleEvent(String(message[1]), message[2] as NostrEvent);
          else this.logger.debug(`relay ${this.url}: dropped an event with an invalid signature`);
        }
      }
    } finally {
      this.draining = false;
    }
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
      case 'OK':
        this.oks.settle(
          String(a),
          b === true ? { value: String(c ?? '') } : { error: new Error(String(c ?? 'rejected')) },
        );
        break;
      case 'CLOSED': {
        const sub = this.subs.get(String(a));
        if (sub) this.subClosed(sub, String(b ?? ''));
        this.counts.settle(String(a), { error: new Error(String(b ?? '')) });
        break;
      }
      case 'COUNT': {
        const n = (b as { count?: unknown } | undefined)?.count;
        if (typeof n === 'number') this.counts.settle(String(a), { value: n });
        break;
      }
      case 'NOTICE':
        this.logger.warn(`relay ${this.url}: NOTICE ${String(a)}`);
        this.options.onNotice?.(String(a));
        break;
      case 'AUTH':
        if (typeof a !== 'string') break;
        this.challenge = a;
        if (this.options.onAuth && this.options.authOnChallenge !== false) {
          this.auth(this.options.onAuth).catch((e: unknown) => this.logger.warn(`relay ${this.url}: auth failed`, e));
        }
        break;
    }
  }

  /** A CLOSED subscription: after `auth-required:` with a signer, authenticate and send the REQ once more. */
  private subClosed(sub: Sub, reason: string): void {
    if (sub.authRetried || !reason.startsWith('auth-required:') || !this.options.onAuth || !this.challenge) {
      this.endSub(sub, reason, false);
      return;
    }
    sub.authRetried = true;
    this.authAfter(new Error(reason)).then(
      () => {
        if (this.subs.get(sub.id) === sub && !this.send(['REQ', sub.id, ...sub.filters])) {
          this.endSub(sub, RelayError.SendingOnClosed, false);
        }
      },
      (error: unknown) => this.endSub(sub, error instanceof Error ? error.message : reason, false),
    );
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
    this.authState = null;
    for (const sub of [...this.subs.values()]) this.endSub(sub, reason, false);
    this.oks.rejectAll(new Error(reason));
    this.counts.rejectAll(new Error(reason));
    if (notify && !this.closedByUs) this.options.onClose?.(reason);
  }
}
