import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import type { CacheEvent } from '@tide/core/nostr';
import type { Connection } from './connection.ts';

const deflateAsync = promisify(deflate);

/** Whether the connection negotiated zlib with `set_primal_protocol`. */
export function usesZlib(protocol: Record<string, unknown>): boolean {
  return protocol.compression === 'zlib';
}

/**
 * Sends one one-shot result: with zlib one binary frame `["EVENTS", subid, [...]]` (if non-empty) then a text EOSE;
 * without it one text EVENT frame per object then EOSE.
 */
export async function sendResults(
  conn: Connection,
  subId: string,
  events: readonly CacheEvent[],
  zlib: boolean,
): Promise<void> {
  if (events.length > 0) {
    if (zlib) {
      const packed = await deflateAsync(Buffer.from(JSON.stringify(['EVENTS', subId, events]), 'utf8'));
      conn.sendRaw(packed);
    } else {
      for (const event of events) conn.sendJson(['EVENT', subId, event]);
    }
  }
  conn.sendJson(['EOSE', subId]);
}

/** Sends `["NOTICE", subid, reason]` followed by `["EOSE", subid]` (the reference server's error shape). */
export function sendNotice(conn: Connection, subId: string, reason: string): void {
  conn.sendJson(['NOTICE', subId, reason]);
  conn.sendJson(['EOSE', subId]);
}

/** Pushes live objects as text EVENT frames (even when zlib is on, like the reference). */
export function pushEvents(conn: Connection, subId: string, events: readonly CacheEvent[]): void {
  for (const event of events) conn.sendJson(['EVENT', subId, event]);
}
