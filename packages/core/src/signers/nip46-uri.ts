import { normalizeRelayUrl } from '../nostr/relay-url.ts';

/** The NIP-46 request/response event kind. */
export const NIP46_KIND = 24133;

/** A remote signer to reach: its key, the relays it listens on, and the one-time secret of a `bunker://` URL. */
export interface BunkerPointer {
  /** The remote signer's public key (hex); the user's key may differ (ask `get_public_key`). */
  remotePubkey: string;
  relays: string[];
  secret?: string;
}

/** What a `nostrconnect://` URI tells the remote signer: the client's key, relays, secret and app name. */
export interface NostrConnectParams {
  clientPubkey: string;
  relays: string[];
  secret: string;
  name?: string;
  perms?: string[];
}

const HEX64 = /^[0-9a-f]{64}$/;

function relaysOf(params: URLSearchParams): string[] {
  const relays: string[] = [];
  for (const raw of params.getAll('relay')) {
    try {
      const url = normalizeRelayUrl(raw);
      if (!relays.includes(url)) relays.push(url);
    } catch {
      // An invalid relay in the URL is skipped.
    }
  }
  return relays;
}

/**
 * Reads a `bunker://<remote pubkey>?relay=wss://…&relay=…&secret=…` URL; null when it is not one (no key, no valid
 * relay).
 */
export function parseBunkerUrl(input: string): BunkerPointer | null {
  const text = input.trim();
  if (!text.toLowerCase().startsWith('bunker://')) return null;
  const rest = text.slice('bunker://'.length);
  const [host = '', query = ''] = rest.split('?', 2);
  const remotePubkey = host.replace(/\/$/, '').toLowerCase();
  if (!HEX64.test(remotePubkey)) return null;
  const params = new URLSearchParams(query);
  const relays = relaysOf(params);
  if (relays.length === 0) return null;
  const secret = params.get('secret') ?? undefined;
  return { remotePubkey, relays, ...(secret ? { secret } : {}) };
}

/** Writes a `bunker://` URL for a pointer. */
export function bunkerUrl(pointer: BunkerPointer): string {
  const params = new URLSearchParams();
  for (const relay of pointer.relays) params.append('relay', relay);
  if (pointer.secret) params.set('secret', pointer.secret);
  return `bunker://${pointer.remotePubkey}?${params.toString()}`;
}

/** Writes the `nostrconnect://<client pubkey>?relay=…&secret=…&name=…&perms=…` URI a remote signer scans. */
export function nostrConnectUri(params: NostrConnectParams): string {
  const search = new URLSearchParams();
  for (const relay of params.relays) search.append('relay', relay);
  search.set('secret', params.secret);
  if (params.perms?.length) search.set('perms', params.perms.join(','));
  if (params.name) search.set('name', params.name);
  return `nostrconnect://${params.clientPubkey}?${search.toString()}`;
}

/** Reads a `nostrconnect://` URI (the remote signer's side); null when it is not one. */
export function parseNostrConnectUri(input: string): NostrConnectParams | null {
  const text = input.trim();
  if (!text.toLowerCase().startsWith('nostrconnect://')) return null;
  const [host = '', query = ''] = text.slice('nostrconnect://'.length).split('?', 2);
  const clientPubkey = host.replace(/\/$/, '').toLowerCase();
  if (!HEX64.test(clientPubkey)) return null;
  const search = new URLSearchParams(query);
  const relays = relaysOf(search);
  const secret = search.get('secret');
  if (relays.length === 0 || !secret) return null;
  const name = search.get('name') ?? undefined;
  const perms = search.get('perms')?.split(',').filter(Boolean);
  return { clientPubkey, relays, secret, ...(name ? { name } : {}), ...(perms?.length ? { perms } : {}) };
}
