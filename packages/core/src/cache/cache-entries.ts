import type { CacheEvent } from '../nostr/index.ts';
import { CacheError, CacheNoticeError } from './cache-errors.ts';
import type { PayloadSource, RequestOptions } from './cache-options.ts';
import type { WebSocketLike } from './socket-types.ts';

/** What the client keeps per sub-id in its one dispatch map. */
export interface Entry {
  subId: string;
  command: string;
  message: string;
  /** The socket this entry was last sent on; null while waiting to be (re)sent. */
  sentOn: WebSocketLike | null;
  onEvent(event: CacheEvent): void;
  onEose(): void;
  onNotice(notice: string): void;
}

/** A one-shot request waiting for EOSE. */
export interface RequestEntry extends Entry {
  kind: 'request';
  done: boolean;
  fail(error: CacheError): void;
}

/** A long-lived subscription (and the compression negotiation). */
export interface SubscriptionEntry extends Entry {
  kind: 'subscription';
}

/** True for an object with a numeric kind (anything else on the wire is ignored). */
export function isEventObject(value: unknown): value is CacheEvent {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'number';
}

/**
 * Builds the entry of a one-shot request and its promise: events collect until EOSE; NOTICE, timeout, abort and
 * `fail()` reject. `forget` removes the entry from the client's map when it settles. An already aborted signal yields
 * an entry that is `done`.
 */
export function createRequestEntry(
  subId: string,
  command: string,
  message: string,
  options: RequestOptions,
  forget: () => void,
): { entry: RequestEntry; promise: Promise<CacheEvent[]> } {
  let entry!: RequestEntry;
  const promise = new Promise<CacheEvent[]>((resolve, reject) => {
    const events: CacheEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = () => {
      entry.done = true;
      forget();
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => entry.fail(new CacheError('aborted', 'request aborted', command));
    entry = {
      kind: 'request',
      subId,
      command,
      message,
      sentOn: null,
      done: false,
      onEvent: (event) => events.push(event),
      onEose: () => {
        finish();
        resolve(events);
      },
      onNotice: (notice) => {
        finish();
        reject(new CacheNoticeError(notice, command));
      },
      fail: (error) => {
        if (entry.done) return;
        finish();
        reject(error);
      },
    };
    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    if (options.timeoutMs !== undefined) {
      timer = setTimeout(() => entry.fail(new CacheError('timeout', 'request timed out', command)), options.timeoutMs);
    }
  });
  return { entry, promise };
}

/** The `cache` filter array: `[command]` or `[command, payload]` (payload may be built from the sub-id). */
export function cacheFilter(command: string, payload: PayloadSource | undefined, subId: string): unknown[] {
  if (payload === undefined) return [command];
  return [command, typeof payload === 'function' ? payload(subId) : payload];
}
