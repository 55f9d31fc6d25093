import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { UnsignedEvent } from './event.ts';

const encoder = new TextEncoder();

/** The NIP-01 serialisation `[0, pubkey, created_at, kind, tags, content]` that an event id hashes. */
export function serializeEvent(event: UnsignedEvent): string {
  return JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]);
}

/** The NIP-01 id (lower-case hex sha256 of the serialisation) of an event. */
export function getEventHash(event: UnsignedEvent): string {
  return bytesToHex(sha256(encoder.encode(serializeEvent(event))));
}
