import { getEventHash, type NostrEvent, verifyEvent } from '@tide/core/nostr';

/** How far a signed request's `created_at` may be from now (5 minutes, as the cache's signed requests). */
export const SIGNED_WINDOW_SECONDS = 300;

const HEX64 = /^[0-9a-f]{64}$/;

/** Why a signed request event is refused, or null when it is a valid kind 30078 event made within the window. */
function problemOf(value: unknown, now: number): string | null {
  if (value === undefined || value === null) return 'is required';
  if (typeof value !== 'object' || Array.isArray(value)) return 'is not an event object';
  const e = value as Record<string, unknown>;
  if (typeof e.pubkey !== 'string' || !HEX64.test(e.pubkey)) return 'pubkey must be 64 lowercase hex characters';
  if (typeof e.content !== 'string' || typeof e.created_at !== 'number' || !Array.isArray(e.tags)) {
    return 'is not a signed event';
  }
  const tagsOk = e.tags.every((t) => Array.isArray(t) && t.every((x) => typeof x === 'string'));
  if (!tagsOk || typeof e.sig !== 'string' || typeof e.id !== 'string') return 'is not a signed event';
  const event = e as unknown as NostrEvent;
  if (getEventHash(event) !== event.id) return 'id does not match its content';
  if (!verifyEvent({ ...event })) return 'signature is invalid';
  if (event.kind !== 30078) return `must be kind 30078, got ${String(event.kind)}`;
  if (Math.abs(event.created_at - now) > SIGNED_WINDOW_SECONDS) return 'created_at must be within 5 minutes of now';
  return null;
}

/** A refused membership request: answered with a NOTICE, nothing changes. */
export class MembershipRefusal extends Error {}

/** A verified signed request: its author and the params of its content merged over the payload's. */
export interface SignedParams {
  pubkey: string;
  event: NostrEvent;
  params: Record<string, unknown>;
}

/**
 * Verifies `payload[field]`: a kind 30078 event with a valid id and signature, created within 5 minutes of `now`, whose
 * `p` tag (if any) is its own author. Its JSON content (an object) is merged over the payload's other fields.
 */
export function authorise(
  payload: Record<string, unknown>,
  now: number,
  field: 'event_from_user' | 'operation_event' = 'event_from_user',
): SignedParams {
  const problem = problemOf(payload[field], now);
  if (problem) throw new MembershipRefusal(`invalid: ${field} ${problem}`);
  const event = payload[field] as NostrEvent;
  const others = event.tags.filter((t) => t[0] === 'p' && t[1] !== event.pubkey);
  if (others.length > 0) throw new MembershipRefusal(`invalid: ${field} is for another user's pubkey`);
  let content: unknown = {};
  if (event.content.trim() !== '') {
    try {
      content = JSON.parse(event.content);
    } catch {
      throw new MembershipRefusal(`invalid: ${field} content must be JSON`);
    }
  }
  const params = { ...payload };
  delete params[field];
  if (typeof content === 'object' && content !== null && !Array.isArray(content)) Object.assign(params, content);
  else if (Array.isArray(content)) params.operation = content;
  return { pubkey: event.pubkey, event, params };
}
