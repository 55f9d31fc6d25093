import { getEventHash, Kind, type NostrEvent, verifyEvent } from '@tide/core/nostr';
import { CommandError } from './context.ts';

/** How far `created_at` may be from now, in seconds (5 minutes). */
export const SIGNED_REQUEST_WINDOW_SECONDS = 300;

/** Options of {@link checkSignedEvent}. */
export interface SignedEventCheck {
  /** Name of the payload field, used in reasons (`event_from_user` or `settings_event`). */
  field: string;
  /** Current time in Unix seconds. */
  now: number;
  /** Required kind; defaults to 30078. */
  kind?: number;
}

/** Result of {@link checkSignedEvent}: the verified event, or why it was refused. */
export type SignedEventResult = { ok: true; event: NostrEvent } | { ok: false; reason: string };

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;

function isTagList(value: unknown): value is string[][] {
  return (
    Array.isArray(value) && value.every((tag) => Array.isArray(tag) && tag.every((item) => typeof item === 'string'))
  );
}

/** Shape check of a signed event (spec §5 "Event" rule); returns a reason or null. */
function shapeProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not an event object';
  const e = value as Record<string, unknown>;
  if (typeof e.kind !== 'number' || !Number.isInteger(e.kind)) return 'kind must be a number';
  if (typeof e.content !== 'string') return 'content must be a string';
  if (typeof e.created_at !== 'number' || !Number.isInteger(e.created_at)) return 'created_at must be a number';
  if (typeof e.pubkey !== 'string' || !HEX64.test(e.pubkey)) return 'pubkey must be 64 lowercase hex characters';
  if (!isTagList(e.tags)) return 'tags must be arrays of non-object items';
  if (typeof e.id !== 'string' || !HEX64.test(e.id)) return 'id must be 64 lowercase hex characters';
  if (typeof e.sig !== 'string' || !HEX128.test(e.sig)) return 'sig must be 128 lowercase hex characters';
  return null;
}

/**
 * Verifies a signed request event: shape, id (sha256 of the serialized event), BIP-340 signature, kind (30078 by
 * default) and `created_at` within 5 minutes of now. Pure: never throws.
 */
export function checkSignedEvent(value: unknown, options: SignedEventCheck): SignedEventResult {
  const { field, now } = options;
  const kind = options.kind ?? Kind.Settings; // signed app-settings / auth events (NIP-78)
  if (value === undefined || value === null) return { ok: false, reason: `${field} is required` };
  const problem = shapeProblem(value);
  if (problem) return { ok: false, reason: `${field} ${problem}` };
  const event = value as NostrEvent;
  const candidate: NostrEvent = {
    id: event.id,
    pubkey: event.pubkey,
    created_at: event.created_at,
    kind: event.kind,
    tags: event.tags,
    content: event.content,
    sig: event.sig,
  };
  if (getEventHash(candidate) !== candidate.id) return { ok: false, reason: `${field} id does not match its content` };
  if (!verifyEvent({ ...candidate })) return { ok: false, reason: `${field} signature is invalid` };
  if (candidate.kind !== kind) return { ok: false, reason: `${field} must be kind ${kind}, got ${candidate.kind}` };
  if (Math.abs(candidate.created_at - now) > SIGNED_REQUEST_WINDOW_SECONDS) {
    return { ok: false, reason: `${field} created_at must be within 5 minutes of now` };
  }
  return { ok: true, event: candidate };
}

/**
 * Reads and verifies the signed event in `payload[field]` (`event_from_user` or `settings_event`) with
 * {@link checkSignedEvent}; throws a CommandError (NOTICE + EOSE) with the reason when it is refused.
 */
export function requireSignedEvent(
  payload: Record<string, unknown> | undefined,
  field: 'event_from_user' | 'settings_event',
  now: number,
  kind?: number,
): NostrEvent {
  const result = checkSignedEvent(payload?.[field], { field, now, kind });
  if (!result.ok) throw new CommandError(result.reason);
  return result.event;
}
