import type { CacheEvent } from '@tide/core/nostr';
import type { PackedAnswer } from '../answers/index.ts';
import type { Connection } from './connection.ts';

/** Whether the connection negotiated zlib with `set_primal_protocol`. */
export function usesZlib(protocol: Record<string, unknown>): boolean {
  return protocol.compression === 'zlib';
}

/**
 * Sends one one-shot result: with zlib one binary frame `["EVENTS", subid, [...]]` (if non-empty) then a text EOSE;
 * without it one text EVENT frame per object then EOSE. The answer is serialised (and deflated) once however many
 * requests it serves. Nothing is sent once `isCurrent` says a later request took over the sub-id.
 */
export async function sendAnswer(
  conn: Connection,
  subId: string,
  answer: PackedAnswer,
  zlib: boolean,
  isCurrent: () => boolean = () => true,
): Promise<void> {
  const frames: Array<string | Buffer> = [];
  if (answer.count > 0) {
    if (zlib) frames.push(await answer.zlibFrame(subId));
    else frames.push(...answer.textFrames(subId));
  }
  // a REQ that reused the sub-id while this answer was deflated replaced it: none of its frames leave
  if (!isCurrent()) return;
  frames.push(eoseFrame(subId));
  // the answer's frames and its EOSE leave in one socket write
  conn.batch(() => {
    for (const frame of frames) conn.sendRaw(frame);
  });
}

function eoseFrame(subId: string): string {
  return `["EOSE",${JSON.stringify(subId)}]`;
}

/** Sends `["NOTICE", subid, reason]` followed by `["EOSE", subid]` (the reference server's error shape). */
export function sendNotice(conn: Connection, subId: string, reason: string): void {
  conn.batch(() => {
    conn.sendJson(['NOTICE', subId, reason]);
    conn.sendRaw(eoseFrame(subId));
  });
}

/** Pushes live objects as text EVENT frames (even when zlib is on, like the reference). */
export function pushEvents(conn: Connection, subId: string, events: readonly CacheEvent[]): void {
  for (const event of events) conn.sendJson(['EVENT', subId, event]);
}
