/**
 * The socket protocol's public face: the `/v1` cache endpoint (`serveCacheConnection`), connections (enforcing limits.ts),
 * refused-message replies, the nesting bound of incoming JSON, stored-event rows as wire events, and the server's shared core and serving stats.
 * Other rooms import only this file.
 */
export { serveCacheConnection } from './cache-endpoint.ts';
export { Connection } from './connection.ts';
export { jsonTooDeep, MAX_JSON_DEPTH, TOO_DEEP } from './json-depth.ts';
export { RATE_LIMITED, type RefusedMessage, refusedMessage } from './refused-message.ts';
export type { ServerCore } from './server-core.ts';
export { type ServingStats, servingStats } from './serving-stats.ts';
export { rowToEvent, toCacheEvent } from './stored-event.ts';
