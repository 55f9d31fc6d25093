import type { UnsignedEvent } from './event.ts';

/** Error codes for events that cannot be trusted (spec §8). */
export const EventErrorCode = {
  NotSigned: 'event_not_signed',
  SigNotVerified: 'event_sig_not_verified',
} as const;

/** One of the event error codes. */
export type EventErrorCode = (typeof EventErrorCode)[keyof typeof EventErrorCode];

/** An error carrying one of the event error codes. */
export class EventError extends Error {
  /** The machine-readable code. */
  readonly code: EventErrorCode;
  constructor(code: EventErrorCode, message: string = code) {
    super(message);
    this.name = 'EventError';
    this.code = code;
  }
}

/** True for a string of exactly `length` lower-case hex characters. */
export function isHex(value: unknown, length: number): value is string {
  if (typeof value !== 'string' || value.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** True when `value` has the shape of an event to sign (spec §5): kind, content, created_at, pubkey, tags. */
export function validateEvent(value: unknown): value is UnsignedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  if (typeof e.kind !== 'number' || !Number.isFinite(e.kind)) return false;
  if (typeof e.content !== 'string') return false;
  if (typeof e.created_at !== 'number' || !Number.isFinite(e.created_at)) return false;
  if (!isHex(e.pubkey, 64)) return false;
  if (!Array.isArray(e.tags)) return false;
  for (const tag of e.tags) {
    if (!Array.isArray(tag)) return false;
    for (const item of tag) {
      if (typeof item === 'object' && item !== null) return false;
    }
  }
  return true;
}

/** True when `value` is a structurally valid event that also carries a 64-hex id and a 128-hex sig. */
export function hasSignedShape(value: unknown): value is UnsignedEvent & { id: string; sig: string } {
  if (!validateEvent(value)) return false;
  const e = value as unknown as Record<string, unknown>;
  return isHex(e.id, 64) && isHex(e.sig, 128);
}
