import { decodeBech32Bytes, encodeBech32Bytes } from './bech32-fast.ts';
import { bytesToHex, hexToBytes } from './hex.ts';
import { isHex } from './validate.ts';

/** Longest bech32 string accepted or produced (NIP-19, spec §5). */
export const BECH32_MAX_LENGTH = 5000;

/** Relay hints kept per identifier by default. */
export const MAX_RELAY_HINTS = 3;

/** Relay hints kept per identifier in the mega feed. */
export const MEGA_FEED_RELAY_HINTS = 2;

/** A profile pointer (nprofile). */
export interface ProfilePointer {
  pubkey: string;
  relays?: string[];
}

/** An event pointer (nevent). */
export interface EventPointer {
  id: string;
  relays?: string[];
  author?: string;
  kind?: number;
}

/** An addressable-event coordinate (naddr). */
export interface AddressPointer {
  identifier: string;
  pubkey: string;
  kind: number;
  relays?: string[];
}

/** What a NIP-19 string decodes to; `data` is hex for npub, nsec and note. */
export type DecodedNip19 =
  | { type: 'npub'; data: string }
  | { type: 'nsec'; data: string }
  | { type: 'note'; data: string }
  | { type: 'nprofile'; data: ProfilePointer }
  | { type: 'nevent'; data: EventPointer }
  | { type: 'naddr'; data: AddressPointer };

/** The NIP-19 prefixes Tide reads and writes. */
export type Nip19Type = DecodedNip19['type'];

/** Options for relay hints: how many to keep (default 3). */
export interface RelayHintOptions {
  maxRelays?: number;
}

/** A NIP-19 string that cannot be read or written. */
export class Nip19Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Nip19Error';
  }
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8');

/** Keeps only `wss://` and `ws://` relay hints, without duplicates, at most `max` (default 3). */
export function filterRelayHints(relays: readonly string[] | undefined, max: number = MAX_RELAY_HINTS): string[] {
  const kept: string[] = [];
  for (const relay of relays ?? []) {
    if (kept.length >= max) break;
    if (typeof relay !== 'string') continue;
    const r = relay.trim();
    const scheme = r.startsWith('wss://') ? 6 : r.startsWith('ws://') ? 5 : 0;
    if (scheme > 0 && r.length > scheme && !kept.includes(r)) kept.push(r);
  }
  return kept;
}

function hex32(value: string, what: string): Uint8Array {
  if (!isHex(value, 64)) throw new Nip19Error(`${what} must be 64 lower-case hex characters`);
  return hexToBytes(value);
}

function encodeBytes(prefix: string, bytes: Uint8Array): string {
  return encodeBech32Bytes(prefix, bytes, BECH32_MAX_LENGTH);
}

function encodeTlv(prefix: string, entries: [number, Uint8Array][]): string {
  let size = 0;
  for (const [, v] of entries) {
    if (v.length > 255) throw new Nip19Error('TLV value longer than 255 bytes');
    size += 2 + v.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const [t, v] of entries) {
    out[at++] = t;
    out[at++] = v.length;
    out.set(v, at);
    at += v.length;
  }
  const encoded = encodeBech32Bytes(prefix, out, Number.POSITIVE_INFINITY);
  if (encoded.length > BECH32_MAX_LENGTH) throw new Nip19Error(`${prefix} longer than ${BECH32_MAX_LENGTH} characters`);
  return encoded;
}

function kindBytes(kind: number): Uint8Array {
  if (!Number.isInteger(kind) || kind < 0 || kind > 0xffffffff)
    throw new Nip19Error('kind must be a 32-bit unsigned integer');
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, kind, false);
  return b;
}

function relayEntries(relays: readonly string[] | undefined, opts?: RelayHintOptions): [number, Uint8Array][] {
  return filterRelayHints(relays, opts?.maxRelays).map((r) => [1, utf8Encoder.encode(r)]);
}

/** Encodes a hex public key as npub. */
export function npubEncode(pubkey: string): string {
  return encodeBytes('npub', hex32(pubkey, 'public key'));
}

/** Encodes a secret key (hex or 32 bytes) as nsec. */
export function nsecEncode(secretKey: string | Uint8Array): string {
  if (typeof secretKey !== 'string' && secretKey.length !== 32) throw new Nip19Error('secret key must be 32 bytes');
  return encodeBytes('nsec', typeof secretKey === 'string' ? hex32(secretKey, 'secret key') : secretKey);
}

/** Encodes a hex event id as note. */
export function noteEncode(id: string): string {
  return encodeBytes('note', hex32(id, 'event id'));
}

/** Encodes a profile pointer as nprofile, keeping only ws(s) relay hints (3 by default). */
export function nprofileEncode(profile: ProfilePointer, opts?: RelayHintOptions): string {
  return encodeTlv('nprofile', [[0, hex32(profile.pubkey, 'public key')], ...relayEntries(profile.relays, opts)]);
}

/** Encodes an event pointer as nevent, keeping only ws(s) relay hints (3 by default). */
export function neventEncode(event: EventPointer, opts?: RelayHintOptions): string {
  const entries: [number, Uint8Array][] = [[0, hex32(event.id, 'event id')], ...relayEntries(event.relays, opts)];
  if (event.author !== undefined) entries.push([2, hex32(event.author, 'author')]);
  if (event.kind !== undefined) entries.push([3, kindBytes(event.kind)]);
  return encodeTlv('nevent', entries);
}

/** Encodes an addressable-event coordinate as naddr, keeping only ws(s) relay hints (3 by default). */
export function naddrEncode(addr: AddressPointer, opts?: RelayHintOptions): string {
  return encodeTlv('naddr', [
    [0, utf8Encoder.encode(addr.identifier)],
    ...relayEntries(addr.relays, opts),
    [2, hex32(addr.pubkey, 'author')],
    [3, kindBytes(addr.kind)],
  ]);
}

function parseTlv(bytes: Uint8Array): Map<number, Uint8Array[]> {
  const out = new Map<number, Uint8Array[]>();
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length) throw new Nip19Error('truncated TLV');
    const t = bytes[at];
    const l = bytes[at + 1];
    const v = bytes.subarray(at + 2, at + 2 + l);
    if (v.length < l) throw new Nip19Error(`not enough data to read TLV ${t}`);
    at += 2 + l;
    const list = out.get(t);
    if (list) list.push(v);
    else out.set(t, [v]);
  }
  return out;
}

function first(tlv: Map<number, Uint8Array[]>, t: number, len: number | null, what: string): Uint8Array {
  const v = tlv.get(t)?.[0];
  if (!v) throw new Nip19Error(`missing TLV ${t} (${what})`);
  if (len !== null && v.length !== len) throw new Nip19Error(`TLV ${t} (${what}) should be ${len} bytes`);
  return v;
}

function optional(tlv: Map<number, Uint8Array[]>, t: number, len: number, what: string): Uint8Array | undefined {
  return tlv.has(t) ? first(tlv, t, len, what) : undefined;
}

function readKind(v: Uint8Array): number {
  return new DataView(v.buffer, v.byteOffset, v.byteLength).getUint32(0, false);
}

function relaysOf(tlv: Map<number, Uint8Array[]>, opts?: RelayHintOptions): string[] {
  return filterRelayHints(
    (tlv.get(1) ?? []).map((v) => utf8Decoder.decode(v)),
    opts?.maxRelays,
  );
}

/** Strips a `nostr:` URI prefix (NIP-21) if present. */
export function stripNostrPrefix(value: string): string {
  return value.startsWith('nostr:') ? value.slice(6) : value;
}

/**
 * Decodes npub, nsec, note, nprofile, nevent or naddr (optionally `nostr:`-prefixed). Relay hints that are not
 * ws(s) are dropped and at most `maxRelays` (default 3) kept. Throws Nip19Error with a clear message otherwise.
 */
export function decodeNip19(value: string, opts?: RelayHintOptions): DecodedNip19 {
  if (typeof value !== 'string') throw new Nip19Error('NIP-19 value must be a string');
  const code = stripNostrPrefix(value.trim());
  if (code.length > BECH32_MAX_LENGTH)
    throw new Nip19Error(`NIP-19 string longer than ${BECH32_MAX_LENGTH} characters`);
  if (code !== code.toLowerCase() && code !== code.toUpperCase()) throw new Nip19Error('invalid bech32: mixed case');
  let prefix: string;
  let bytes: Uint8Array;
  try {
    ({ prefix, bytes } = decodeBech32Bytes(code.toLowerCase(), BECH32_MAX_LENGTH));
  } catch (error) {
    throw new Nip19Error(`invalid bech32: ${(error as Error).message}`);
  }
  switch (prefix) {
    case 'npub':
    case 'nsec':
    case 'note':
      if (bytes.length !== 32) throw new Nip19Error(`${prefix} must hold 32 bytes`);
      return { type: prefix, data: bytesToHex(bytes) };
    case 'nprofile': {
      const tlv = parseTlv(bytes);
      return {
        type: 'nprofile',
        data: { pubkey: bytesToHex(first(tlv, 0, 32, 'pubkey')), relays: relaysOf(tlv, opts) },
      };
    }
    case 'nevent': {
      const tlv = parseTlv(bytes);
      const author = optional(tlv, 2, 32, 'author');
      const kind = optional(tlv, 3, 4, 'kind');
      const data: EventPointer = { id: bytesToHex(first(tlv, 0, 32, 'id')), relays: relaysOf(tlv, opts) };
      if (author) data.author = bytesToHex(author);
      if (kind) data.kind = readKind(kind);
      return { type: 'nevent', data };
    }
    case 'naddr': {
      const tlv = parseTlv(bytes);
      return {
        type: 'naddr',
        data: {
          identifier: utf8Decoder.decode(first(tlv, 0, null, 'identifier')),
          pubkey: bytesToHex(first(tlv, 2, 32, 'author')),
          kind: readKind(first(tlv, 3, 4, 'kind')),
          relays: relaysOf(tlv, opts),
        },
      };
    }
    default:
      throw new Nip19Error(`unknown NIP-19 prefix: ${prefix}`);
  }
}

/** Like decodeNip19 but returns null instead of throwing. */
export function tryDecodeNip19(value: string, opts?: RelayHintOptions): DecodedNip19 | null {
  try {
    return decodeNip19(value, opts);
  } catch {
    return null;
  }
}

/** A hex public key from hex or npub/nprofile input, or null. */
export function toHexPubkey(value: string): string | null {
  if (isHex(value, 64)) return value;
  const d = tryDecodeNip19(value);
  if (d?.type === 'npub') return d.data;
  if (d?.type === 'nprofile') return d.data.pubkey;
  return null;
}
