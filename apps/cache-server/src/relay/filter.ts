import { isHex, type NostrEvent } from '@tide/core/nostr';

/** A validated NIP-01 filter. Tag filters are keyed by their letter (`#e` → `e`). */
export interface RelayFilter {
  ids?: string[];
  authors?: string[];
  kinds?: number[];
  since?: number;
  until?: number;
  limit?: number;
  search?: string;
  tags: Map<string, string[]>;
}

/** Most values in one filter field. */
export const MAX_FILTER_VALUES = 1000;

function stringList(value: unknown, field: string, hex: boolean): string[] {
  if (!Array.isArray(value)) throw new Error(`invalid: ${field} must be an array`);
  if (value.length > MAX_FILTER_VALUES) throw new Error(`invalid: ${field} has more than ${MAX_FILTER_VALUES} values`);
  for (const item of value) {
    if (typeof item !== 'string') throw new Error(`invalid: ${field} must hold strings`);
    if (hex && !isHex(item, 64)) throw new Error(`invalid: ${field} must hold 64-char lowercase hex`);
  }
  return value as string[];
}

function timestamp(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`invalid: ${field} must be a non-negative integer`);
  }
  return value;
}

/** Checks and normalizes one filter; throws `Error('invalid: ...')` with a client-facing reason. */
export function parseFilter(raw: unknown, maxLimit: number, defaultLimit: number): RelayFilter {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new Error('invalid: filter must be an object');
  const filter: RelayFilter = { tags: new Map() };
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'ids') filter.ids = stringList(value, key, true);
    else if (key === 'authors') filter.authors = stringList(value, key, true);
    else if (key === 'kinds') {
      if (!Array.isArray(value) || value.length > MAX_FILTER_VALUES) throw new Error('invalid: kinds must be an array');
      for (const k of value) {
        if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k > 65535) {
          throw new Error('invalid: kinds must hold integers 0..65535');
        }
      }
      filter.kinds = value as number[];
    } else if (key === 'since') filter.since = timestamp(value, key);
    else if (key === 'until') filter.until = timestamp(value, key);
    else if (key === 'limit') filter.limit = timestamp(value, key);
    else if (key === 'search') {
      if (typeof value !== 'string') throw new Error('invalid: search must be a string');
      filter.search = value.slice(0, 256);
    } else if (/^#[a-zA-Z]$/.test(key)) filter.tags.set(key.slice(1), stringList(value, key, false));
    else throw new Error(`invalid: unsupported filter field ${key.slice(0, 20)}`);
  }
  filter.limit = Math.min(filter.limit ?? defaultLimit, maxLimit);
  return filter;
}

/** Whether a filter can match nothing at all (an empty list in any field). */
export function isEmptyFilter(filter: RelayFilter): boolean {
  if (filter.ids?.length === 0 || filter.authors?.length === 0 || filter.kinds?.length === 0) return true;
  for (const values of filter.tags.values()) if (values.length === 0) return true;
  return filter.limit === 0;
}

/** Whether `event` matches `filter` (NIP-01; `search` matches when every word occurs in the content). */
export function matchFilter(event: NostrEvent, filter: RelayFilter): boolean {
  if (filter.ids && !filter.ids.includes(event.id)) return false;
  if (filter.authors && !filter.authors.includes(event.pubkey)) return false;
  if (filter.kinds && !filter.kinds.includes(event.kind)) return false;
  if (filter.since !== undefined && event.created_at < filter.since) return false;
  if (filter.until !== undefined && event.created_at > filter.until) return false;
  for (const [name, values] of filter.tags) {
    if (!event.tags.some((t) => t[0] === name && values.includes(t[1]))) return false;
  }
  if (filter.search) {
    const content = event.content.toLowerCase();
    const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.every((w) => content.includes(w))) return false;
  }
  return true;
}

/** The NIP-40 expiration of an event in Unix seconds, or null. */
export function expirationOf(event: NostrEvent): number | null {
  const tag = event.tags.find((t) => t[0] === 'expiration');
  const value = tag ? Number(tag[1]) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}
