import type { Logger, WebSocketConstructor } from './socket-types.ts';

/** Connection status, for the app's status indicator. */
export type CacheStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** A command's named arguments (a JSON object). */
export type CachePayload = Record<string, unknown>;

/** Options of a {@link CacheClient}. */
export interface CacheClientOptions {
  /** `ws://` or `wss://` address of the caching service. */
  url: string;
  /** Skip zlib negotiation (`localStorage.noBinary`). */
  noBinary?: boolean;
  /** Session id used in sub-ids (see `makeAppId`); defaults to `web_dev_0`. */
  appId?: string;
  /** WebSocket constructor; defaults to `globalThis.WebSocket` (Node passes the `ws` package). */
  WebSocket?: WebSocketConstructor;
  logger?: Logger;
  /** Dev mode: decode failures and socket errors are logged. */
  devMode?: boolean;
  /** Timer settings, shortened only by tests. */
  timing?: Partial<CacheTiming>;
}

/** The client's timers in milliseconds (protocol reference §1.2, spec §9). */
export interface CacheTiming {
  reconnectMs: number;
  resetMs: number;
  sendRetryMs: number;
}

/** Default timers: reconnect 200 ms, reset 1 s, send retry 100 ms. */
export const DEFAULT_CACHE_TIMING: CacheTiming = { reconnectMs: 200, resetMs: 1000, sendRetryMs: 100 };

/** Options of one request. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Reject with a `timeout` CacheError when no EOSE arrives in time (no timeout by default). */
  timeoutMs?: number;
  /** First part of the sub-id; defaults to the command name. */
  purpose?: string;
}

/** Options of a long-lived subscription. */
export interface SubscribeOptions {
  purpose?: string;
  /** Third element of the CLOSE message, e.g. `{cache: ['notification_counts', {...}]}`. */
  closeExtra?: (subId: string) => unknown;
  onEose?: () => void;
  onNotice?: (notice: string) => void;
}

/** One-shot payloads may be built from the sub-id (e.g. `notification_counts` carries `subid`). */
export type PayloadSource = CachePayload | ((subId: string) => CachePayload);
