export type { Logger } from '../model/logger.ts';
export { silentLogger } from '../model/logger.ts';

/** What a socket handler receives: only `data` is read. */
export interface SocketMessageEvent {
  data: unknown;
}

/** What a close handler receives (browser CloseEvent and `ws` both fit). */
export interface SocketCloseEvent {
  code?: number;
  reason?: string;
}

// Method-shaped handler types are checked bivariantly, so both the browser WebSocket and `ws` fit this interface.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of a WebSocket the clients use (browser WebSocket and the `ws` package both satisfy it). */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onclose: Handler<SocketCloseEvent> | null;
  onerror: Handler<unknown> | null;
  onmessage: Handler<SocketMessageEvent> | null;
}

/** A WebSocket constructor: `globalThis.WebSocket` in browsers, the `ws` package in Node. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The `readyState` value of an open socket (same in every implementation). */
export const SOCKET_OPEN = 1;

/** The WebSocket constructor of the environment, or an error saying to pass one. */
export function defaultWebSocket(): WebSocketConstructor {
  const ctor = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!ctor) throw new Error('No WebSocket implementation: pass the `ws` package as the WebSocket option');
  return ctor;
}
