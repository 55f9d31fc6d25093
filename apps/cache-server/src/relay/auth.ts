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
 * Whether an AUTH event's `relay` tag names this relay, whose `host[:port]` names are `hosts`. Tolerant where a
 * proxy may sit in front: ws and wss both match (TLS may end at the proxy), a trailing slash or none, any letter
 * case in the host; strict on host and port (a scheme's default port when the tag has none; a name given without a
 * port, like a proxied Host header, matches the default ports 80 and 443) and on the path (the relay is `/`).
 */
export function relayTagMatches(tag: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(tag);
  } catch {
    return false;
  }
  if ((url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.pathname !== '/' || url.username) return false;
  const port = Number(url.port || (url.protocol === 'wss:' ? 443 : 80));
  return hosts.some((h) => {
    let expected: URL;
    try {
      expected = new URL(`http://${h}`);
    } catch {
      return false;
    }
    if (expected.hostname !== url.hostname) return false;
    return expected.port ? Number(expected.port) === port : port === 80 || port === 443;
  });
}

/**
 * Checks a NIP-42 AUTH event: signature, kind 22242, our challenge, a relay tag naming this relay (one of `hosts`,
 * see relayTagMatches), created_at within 10 minutes. Returns the authenticated pubkey, or throws
 * `Error('<reason>')` with an OK-style reason.
 */
export function checkAuthEvent(event: unknown, challenge: string, now: number, hosts: readonly string[]): string {
  if (!verifyEvent(event)) throw new Error('invalid: bad event id or signature');
  const ev = event as NostrEvent;
  if (ev.kind !== AUTH_KIND) throw new Error(`invalid: AUTH event must be kind ${AUTH_KIND}`);
  if (!ev.tags.some((t) => t[0] === 'challenge' && t[1] === challenge)) throw new Error('invalid: wrong challenge');
  const relays = ev.tags.filter((t) => t[0] === 'relay' && typeof t[1] === 'string').map((t) => t[1]);
  if (relays.length === 0) throw new Error('invalid: missing relay tag');
  if (!relays.some((r) => relayTagMatches(r, hosts))) throw new Error('invalid: relay tag names another relay');
  if (Math.abs(ev.created_at - now) > AUTH_WINDOW_S) throw new Error('invalid: created_at is too far from now');
  return ev.pubkey;
}

/** NIP-59 gift wrap kind: served only to its p-tagged recipient after AUTH (its author is a throwaway key). */
export const GIFT_WRAP_KIND = 1059;

/** Kinds a REQ or COUNT may ask for only after AUTH. */
export const AUTH_ONLY_KINDS: readonly number[] = [4, GIFT_WRAP_KIND];

/**
 * Whether `event` is a DM that `authed` may not see: a kind 4 only its author and p-tagged receivers may, a kind
 * 1059 gift wrap only its p-tagged recipient.
 */
export function isHiddenDm(event: NostrEvent, authed: ReadonlySet<string>): boolean {
  if (event.kind !== 4 && event.kind !== GIFT_WRAP_KIND) return false;
  if (event.kind === 4 && authed.has(event.pubkey)) return false;
  return !event.tags.some((t) => t[0] === 'p' && authed.has(t[1]));
}
