import { randomBytes } from 'node:crypto';
import { type NostrEvent, verifyEvent } from '@tide/core/nostr';

/** NIP-42 AUTH event kind. */
export const AUTH_KIND = 22242;

/** How far an AUTH event's created_at may be from now (seconds). */
export const AUTH_WINDOW_S = 600;

/** A fresh random challenge string. */
export function newChallenge(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Checks a NIP-42 AUTH event: signature, kind 22242, our challenge, a relay tag, created_at within 10 minutes.
 * Returns the authenticated pubkey, or throws `Error('<reason>')` with an OK-style reason.
 */
export function checkAuthEvent(event: unknown, challenge: string, now: number): string {
  if (!verifyEvent(event)) throw new Error('invalid: bad event id or signature');
  const ev = event as NostrEvent;
  if (ev.kind !== AUTH_KIND) throw new Error(`invalid: AUTH event must be kind ${AUTH_KIND}`);
  if (!ev.tags.some((t) => t[0] === 'challenge' && t[1] === challenge)) throw new Error('invalid: wrong challenge');
  if (!ev.tags.some((t) => t[0] === 'relay' && typeof t[1] === 'string' && /^wss?:\/\//.test(t[1]))) {
    throw new Error('invalid: missing relay tag');
  }
  if (Math.abs(ev.created_at - now) > AUTH_WINDOW_S) throw new Error('invalid: created_at is too far from now');
  return ev.pubkey;
}

/** Whether `event` is a DM (kind 4) that `authed` may not see: only its author and p-tagged receivers may. */
export function isHiddenDm(event: NostrEvent, authed: ReadonlySet<string>): boolean {
  if (event.kind !== 4) return false;
  if (authed.has(event.pubkey)) return false;
  return !event.tags.some((t) => t[0] === 'p' && authed.has(t[1]));
}
