import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { verifyEvent } from 'nostr-tools/pure';
import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { Kind } from '../nostr/kinds.ts';

/** Seconds an HTTP-auth event stays fresh on either side of now (spec §9: zap auth freshness 60 s). */
export const HTTP_AUTH_WINDOW_SECONDS = 60;

/** The reasons an HTTP-auth (NIP-98) token is refused. */
export const HttpAuthError = {
  Malformed: 'Invalid HTTP auth token',
  BadSignature: 'Invalid signature on HTTP auth event',
  WrongKind: 'HTTP auth event has the wrong kind',
  Stale: 'HTTP auth event is not fresh (more than 60 s from now)',
  Url: "HTTP auth 'u' tag doesn't match the request url",
  Method: "HTTP auth 'method' tag doesn't match the request method",
  Payload: "HTTP auth 'payload' tag doesn't match the request body hash",
} as const;

/** Hex SHA-256 of a request body (text is UTF-8 encoded). */
export function payloadHash(payload: string | Uint8Array): string {
  return bytesToHex(sha256(typeof payload === 'string' ? new TextEncoder().encode(payload) : payload));
}

/** Unsigned kind-27235 event for a request: u, method (upper-case) and, with a body, its payload hash. */
export function makeHttpAuthEvent(input: {
  url: string;
  method: string;
  payload?: string | Uint8Array;
  createdAt?: number;
}): EventTemplate {
  const tags = [
    ['u', input.url],
    ['method', input.method.toUpperCase()],
  ];
  if (input.payload !== undefined) tags.push(['payload', payloadHash(input.payload)]);
  return { kind: Kind.HttpAuth, content: '', created_at: input.createdAt ?? Math.floor(Date.now() / 1000), tags };
}

/** The `Authorization` header value for a signed HTTP-auth event: `Nostr <base64 JSON>`. */
export function httpAuthHeader(event: NostrEvent): string {
  return `Nostr ${base64.encode(new TextEncoder().encode(JSON.stringify(event)))}`;
}

function parseToken(token: string | NostrEvent): NostrEvent {
  if (typeof token !== 'string') return token;
  try {
    const raw = token.replace(/^Nostr\s+/i, '').trim();
    return JSON.parse(new TextDecoder().decode(base64.decode(raw))) as NostrEvent;
  } catch {
    throw new Error(HttpAuthError.Malformed);
  }
}

/**
 * Checks an HTTP-auth token (header value or event): valid signature, kind 27235, created within 60 s of `now`,
 * matching url, method and, when a body is given, payload hash. Returns the event; throws with a clear reason.
 */
export function validateHttpAuth(
  token: string | NostrEvent,
  request: { url: string; method: string; payload?: string | Uint8Array; now?: number },
): NostrEvent {
  const e = parseToken(token);
  if (typeof e !== 'object' || e === null || !Array.isArray(e.tags)) throw new Error(HttpAuthError.Malformed);
  const { id, pubkey, created_at, kind, tags, content, sig } = e;
  let valid = false;
  try {
    valid = verifyEvent({ id, pubkey, created_at, kind, tags, content, sig });
  } catch {
    valid = false;
  }
  if (!valid) throw new Error(HttpAuthError.BadSignature);
  if (kind !== Kind.HttpAuth) throw new Error(HttpAuthError.WrongKind);
  const now = request.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - created_at) > HTTP_AUTH_WINDOW_SECONDS) throw new Error(HttpAuthError.Stale);
  const tag = (name: string) => tags.find((t) => t[0] === name)?.[1];
  if (tag('u') !== request.url) throw new Error(HttpAuthError.Url);
  if (tag('method')?.toUpperCase() !== request.method.toUpperCase()) throw new Error(HttpAuthError.Method);
  if (request.payload !== undefined && tag('payload') !== payloadHash(request.payload)) {
    throw new Error(HttpAuthError.Payload);
  }
  return e;
}
