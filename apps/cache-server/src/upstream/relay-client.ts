import type { Logger as CoreLogger, WebSocketConstructor } from '@tide/core/cache';
import type { Logger } from 'pino';
import WebSocket from 'ws';
import { checkTarget, type OutboundPolicy, publicOnlyLookup } from '../http/outbound.ts';

/** Handshake timeout of relay sockets the server opens. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

/** The `ws` client as core's RelayPool WebSocket (operator-configured relays: no target policy). */
export const NodeWebSocket = WebSocket as unknown as WebSocketConstructor;

/**
 * A `ws` client for core's RelayPool that opens only targets the outbound policy allows (ws(s), no private
 * addresses but our own origins; names checked on the addresses really dialled). Refused targets throw on
 * construction, which the pool reports as a failed connection.
 */
export function guardedWebSocket(policy: OutboundPolicy): WebSocketConstructor {
  class GuardedWebSocket extends WebSocket {
    constructor(url: string) {
      const { url: target, guardLookup } = checkTarget(url, policy);
      if (target.protocol !== 'ws:' && target.protocol !== 'wss:') throw new Error('relay urls are ws(s)');
      const options: WebSocket.ClientOptions & { lookup?: typeof publicOnlyLookup } = {
        handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
        ...(guardLookup ? { lookup: publicOnlyLookup } : {}),
      };
      super(target.href, options);
    }
  }
  return GuardedWebSocket as unknown as WebSocketConstructor;
}

/** Core's logger interface over pino, tagged with the relay. */
export function coreLogger(logger: Logger, relay: string): CoreLogger {
  return {
    debug: (message) => logger.debug({ relay }, message),
    warn: (message) => logger.warn({ relay }, message),
    error: (message) => logger.error({ relay }, message),
  };
}
