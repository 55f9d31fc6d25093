import { hasSignedShape, isAddressableKind, isEphemeralKind, isReplaceableKind } from '@tide/core/nostr';

/** Largest accepted event, as characters of its JSON (semantics §1.2). */
export const MAX_EVENT_JSON_CHARS = 500_000;

/** How far in the future created_at may be (seconds). */
export const MAX_FUTURE_SECONDS = 300;

const CORE_KINDS = new Set([
  0, 1, 2, 3, 4, 5, 6, 7, 1059, 9735, 10000, 10002, 30000, 30023, 10003, 9802, 1984, 1068, 1018, 6969, 1311, 20, 1111,
  7001, 7002,
]);
const REJECTED_KINDS = new Set([30382, 30383, 29333]);

/** Kinds the service stores: the reference's core set plus every replaceable and addressable kind except NIP-85. */
export function isAcceptedKind(kind: number): boolean {
  if (REJECTED_KINDS.has(kind)) return false;
  return CORE_KINDS.has(kind) || isReplaceableKind(kind) || isAddressableKind(kind);
}

/** Outcome of the cheap checks done before signatures: a rejection reason, 'ephemeral', or null to go on. */
export type GateVerdict = { ok: false; reason: string } | { ok: true; ephemeral: boolean };

/** Shape, size, time (incl. a passed NIP-40 expiration) and kind checks (NIP-01 OK-style reasons); signatures come later in bulk. */
export function gateEvent(event: unknown, now: number): GateVerdict {
  if (!hasSignedShape(event)) return { ok: false, reason: 'invalid: malformed event' };
  if (!Number.isInteger(event.kind) || event.kind < 0 || event.kind > 65535) {
    return { ok: false, reason: 'invalid: kind out of range' };
  }
  if (!Number.isInteger(event.created_at) || event.created_at < 0) {
    return { ok: false, reason: 'invalid: created_at is not a timestamp' };
  }
  if (event.created_at > now + MAX_FUTURE_SECONDS) {
    return { ok: false, reason: 'invalid: created_at is more than 5 minutes in the future' };
  }
  const expiration = event.tags.find((t) => t[0] === 'expiration')?.[1];
  if (expiration !== undefined && Number.isFinite(Number(expiration)) && Number(expiration) <= now) {
    return { ok: false, reason: 'invalid: event is expired' };
  }
  if (JSON.stringify(event).length > MAX_EVENT_JSON_CHARS) {
    return { ok: false, reason: `invalid: event is larger than ${MAX_EVENT_JSON_CHARS} characters` };
  }
  if (isEphemeralKind(event.kind) && !REJECTED_KINDS.has(event.kind)) return { ok: true, ephemeral: true };
  if (!isAcceptedKind(event.kind)) return { ok: false, reason: `blocked: kind ${event.kind} is not accepted` };
  return { ok: true, ephemeral: false };
}
