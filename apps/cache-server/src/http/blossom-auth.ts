import { type NostrEvent, verifyEvent } from '@tide/core/nostr';

/** Blossom authorization event kind (BUD-11). */
export const BLOSSOM_AUTH_KIND = 24242;

/** A verified Blossom authorization. */
export interface BlossomAuth {
  pubkey: string;
  /** The sha256 values the token is limited to (x tags); empty means any. */
  hashes: string[];
}

/** Reads and checks `Authorization: Nostr <base64 event>` for a verb (upload, delete, list, get); throws a reason. */
export function checkBlossomAuth(header: string | undefined, verb: string, now: number): BlossomAuth {
  if (!header?.startsWith('Nostr ')) throw new Error('missing Nostr authorization');
  let event: unknown;
  try {
    event = JSON.parse(Buffer.from(header.slice(6).trim(), 'base64').toString('utf8'));
  } catch {
    throw new Error('authorization is not a base64 JSON event');
  }
  if (!verifyEvent(event)) throw new Error('authorization event has a bad id or signature');
  const ev = event as NostrEvent;
  if (ev.kind !== BLOSSOM_AUTH_KIND) throw new Error(`authorization event must be kind ${BLOSSOM_AUTH_KIND}`);
  if (ev.created_at > now + 60) throw new Error('authorization event is from the future');
  const expiration = Number(ev.tags.find((t) => t[0] === 'expiration')?.[1]);
  if (!Number.isFinite(expiration) || expiration <= now) throw new Error('authorization event is expired');
  if (!ev.tags.some((t) => t[0] === 't' && t[1] === verb)) throw new Error(`authorization is not for ${verb}`);
  return { pubkey: ev.pubkey, hashes: ev.tags.filter((t) => t[0] === 'x').map((t) => t[1]) };
}

/** Whether an authorization covers `sha256`. */
export function authCovers(auth: BlossomAuth, sha256: string): boolean {
  return auth.hashes.length === 0 || auth.hashes.includes(sha256);
}
