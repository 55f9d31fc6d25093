import type { EventTemplate, NostrEvent } from '@tide/core/nostr';

/** Blossom authorization event kind (BUD-11). */
export const BLOSSOM_AUTH_KIND = 24242;

/** How long an upload authorization stays valid (seconds). */
export const BLOSSOM_AUTH_TTL_S = 300;

/** The unsigned kind-24242 event that authorises uploading one blob (its sha256 in an `x` tag). */
export function uploadAuthTemplate(sha256: string, name: string, now = Math.floor(Date.now() / 1000)): EventTemplate {
  return {
    kind: BLOSSOM_AUTH_KIND,
    content: `Upload ${name}`,
    created_at: now,
    tags: [
      ['t', 'upload'],
      ['x', sha256],
      ['expiration', String(now + BLOSSOM_AUTH_TTL_S)],
    ],
  };
}

/** The `Authorization` header value for a signed Blossom event: `Nostr <base64 of its JSON>`. */
export function blossomAuthHeader(event: NostrEvent): string {
  const bytes = new TextEncoder().encode(JSON.stringify(event));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Nostr ${btoa(binary)}`;
}
