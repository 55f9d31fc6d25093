// Relays use the same minimal WebSocket interface as the cache client.
export {
  defaultWebSocket,
  SOCKET_OPEN,
  type WebSocketConstructor,
  type WebSocketLike,
} from '../cache/socket-types.ts';
