import type { StoreChangeSet } from './change-set.ts';

/** Ids per notification of a change set without dependency keys (an id is 64 hex characters). */
const IDS_PER_MESSAGE = 100;
/** Bytes of dependency keys per notification (PostgreSQL's payload limit is 8,000 bytes, the channel apart). */
const KEY_BYTES_PER_MESSAGE = 7000;
/** Messages one change set may take; a larger set is sent as "everything changed". */
export const MAX_MESSAGES = 20;

/**
 * One notification: a sender (`o`) and a heartbeat number (`h`) or part of a change set: its answer dependency keys
 * (`k`: each key's value once, with the prefixes it comes with, `{"<pubkey>": "a k1 s"}` for `a:<pubkey>`,
 * `k1:<pubkey>`, `s:<pubkey>`), or for a set without keys its event ids (`e`) and pubkeys (`p`); flags media (`m`),
 * links (`l`), everything (`a`).
 */
export interface ChangeMessage {
  o: string;
  h?: number;
  e?: string[];
  p?: string[];
  k?: Record<string, string>;
  m?: 1;
  l?: 1;
  a?: 1;
}

/** Dependency-key prefixes whose value is a pubkey the read cache may hold pieces of (see `change-set.ts`). */
const PUBKEY_PREFIXES = new Set(['p', 'n', 's', 'f']);

/** The messages carrying `changes` from `origin` (split under the payload limit; too many: everything). */
export function messagesOf(origin: string, changes: StoreChangeSet): ChangeMessage[] {
  if (changes.all) return [{ o: origin, a: 1 }];
  const out = changes.keys ? keyMessages(origin, changes.keys) : idMessages(origin, changes);
  if (out === undefined || out.length > MAX_MESSAGES) return [{ o: origin, a: 1 }];
  if (out.length === 0) out.push({ o: origin });
  if (changes.media || changes.keys?.includes('media')) out[0].m = 1;
  if (changes.links || changes.keys?.includes('links')) out[0].l = 1;
  return out;
}

/** Event ids and pubkeys, 100 per message (undefined when over MAX_MESSAGES). */
function idMessages(origin: string, changes: StoreChangeSet): ChangeMessage[] | undefined {
  if (changes.events.length + changes.pubkeys.length > IDS_PER_MESSAGE * MAX_MESSAGES) return undefined;
  const out: ChangeMessage[] = [];
  for (let i = 0; i < changes.events.length; i += IDS_PER_MESSAGE)
    out.push({ o: origin, e: changes.events.slice(i, i + IDS_PER_MESSAGE) });
  for (let i = 0; i < changes.pubkeys.length; i += IDS_PER_MESSAGE)
    out.push({ o: origin, p: changes.pubkeys.slice(i, i + IDS_PER_MESSAGE) });
  return out;
}

/** Dependency keys grouped by value, up to KEY_BYTES_PER_MESSAGE each (undefined when over MAX_MESSAGES). */
function keyMessages(origin: string, keys: readonly string[]): ChangeMessage[] | undefined {
  const byValue = new Map<string, string[]>();
  for (const key of keys) {
    const colon = key.indexOf(':');
    if (colon < 0) continue; // media, links: flags
    const value = key.slice(colon + 1);
    const prefixes = byValue.get(value);
    if (prefixes) prefixes.push(key.slice(0, colon));
    else byValue.set(value, [key.slice(0, colon)]);
  }
  const out: ChangeMessage[] = [];
  let current: Record<string, string> = {};
  let bytes = 0;
  for (const [value, prefixes] of byValue) {
    const entry = prefixes.join(' ');
    const size = Buffer.byteLength(JSON.stringify(value)) + Buffer.byteLength(entry) + 4;
    if (bytes > 0 && bytes + size > KEY_BYTES_PER_MESSAGE) {
      out.push({ o: origin, k: current });
      if (out.length > MAX_MESSAGES) return undefined;
      current = {};
      bytes = 0;
    }
    current[value] = entry;
    bytes += size;
  }
  if (bytes > 0) out.push({ o: origin, k: current });
  return out;
}

/**
 * The change set a message carries (undefined for a heartbeat). From dependency keys the read cache's fields are
 * derived: every `e:` value is an event whose pieces may have changed, every `p:`/`n:`/`s:`/`f:` value a user (a
 * superset of the sender's `events` and `pubkeys`, which ingest's recorder always names by such keys too).
 */
export function changesOf(m: ChangeMessage): StoreChangeSet | undefined {
  if (m.h !== undefined) return undefined;
  const flags = { media: m.m === 1, links: m.l === 1, all: m.a === 1 };
  if (!m.k) return { events: m.e ?? [], pubkeys: m.p ?? [], ...flags };
  const keys: string[] = [];
  const events: string[] = [];
  const pubkeys = new Set<string>();
  for (const [value, entry] of Object.entries(m.k)) {
    for (const prefix of entry.split(' ')) {
      keys.push(`${prefix}:${value}`);
      if (prefix === 'e') events.push(value);
      else if (PUBKEY_PREFIXES.has(prefix)) pubkeys.add(value);
    }
  }
  return { events, pubkeys: [...pubkeys], ...flags, keys };
}
