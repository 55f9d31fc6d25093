import { bech32Prefix } from '../nostr/bech32-fast.ts';
import type { CacheEvent, Tag } from '../nostr/index.ts';
import { Kind } from '../nostr/index.ts';
import { isObject, num, parseJson, str } from './json.ts';
import type { Logger } from './logger.ts';

/** A zap (kind 9735 receipt) as shown (spec §3). `amount` is in sats. */
export interface Zap {
  id: string;
  message: string;
  amount: number;
  /** Public key of the zapper (from the zap request in the `description` tag). */
  sender: string;
  /** Public key of the zapped user (receipt `p` tag). */
  receiver: string;
  created_at: number;
  /** Event id (notes) or coordinate `30023:pubkey:d` (articles) of the zapped subject. */
  zappedId: string;
  /** 1 or 30023. */
  zappedKind: number;
}

/** One entry of a top-zaps list (spec §3). */
export interface TopZap {
  id: string;
  amount: number;
  pubkey: string;
  message: string;
  eventId: string;
}

const DIVISORS: Record<string, number> = { m: 1e3, u: 1e6, n: 1e9, p: 1e12 };

// ln + network (bc, tb, tbs, bcrt) + optional amount: digits and a multiplier letter.
const INVOICE_PREFIX = /^ln(?:bc|tb|tbs|bcrt)(\d+)?([munp])?$/;

/**
 * Sats of a bolt11 invoice from its human-readable amount (number × 1e8 / divisor); `undefined` if unreadable.
 * Only the bech32 checksum and the prefix are read (the full BOLT 11 decoder stays out of the page bundle).
 */
export function bolt11Sats(invoice: string): number | undefined {
  try {
    const prefix = bech32Prefix(invoice.toLowerCase(), Number.POSITIVE_INFINITY);
    const m = INVOICE_PREFIX.exec(prefix);
    if (!m || m[1] === undefined) return undefined;
    const value = Number(m[1]);
    const divisor = m[2] ? DIVISORS[m[2]] : undefined;
    return divisor ? Math.floor((value * 1e8) / divisor) : value * 1e8;
  } catch {
    return undefined;
  }
}

function tagOf(tags: Tag[] | undefined, name: string): string | undefined {
  return tags?.find((t) => t[0] === name)?.[1];
}

/** The zap request (kind 9734) carried in a receipt's `description` tag, or `undefined`. */
export function zapRequestOf(receipt: CacheEvent, logger?: Logger): CacheEvent | undefined {
  const parsed = parseJson(tagOf(receipt.tags, 'description'), logger, 'zap request');
  return isObject(parsed) && Array.isArray(parsed.tags) ? (parsed as CacheEvent) : undefined;
}

/** Sats of a zap: the bolt11 invoice amount, else the zap request's `amount` tag (msats / 1000), else 0. */
export function zapAmount(receipt: CacheEvent, request?: CacheEvent): number {
  const invoice = tagOf(receipt.tags, 'bolt11');
  const fromInvoice = invoice ? bolt11Sats(invoice) : undefined;
  if (fromInvoice !== undefined) return fromInvoice;
  const msats = num(tagOf(request?.tags, 'amount'), Number.NaN);
  return Number.isFinite(msats) ? Math.floor(msats / 1000) : 0;
}

/** Finds the kind of the event with this id among what the page knows, or `undefined`. */
export type KindLookup = (id: string) => number | undefined;

/**
 * Builds a zap from a kind-9735 receipt. The subject is the `a` tag (an article coordinate) or the `e` tag looked up
 * with `kindOf`; zaps whose subject is neither a kind-1 note nor a 30023 article yield `undefined` (dropped).
 */
export function parseZap(receipt: CacheEvent, kindOf: KindLookup, logger?: Logger): Zap | undefined {
  const request = zapRequestOf(receipt, logger);
  const coordinate = tagOf(receipt.tags, 'a') ?? tagOf(request?.tags, 'a');
  const eventId = tagOf(receipt.tags, 'e') ?? tagOf(request?.tags, 'e');
  let zappedId = '';
  let zappedKind: number | undefined;
  if (coordinate) {
    zappedId = coordinate;
    zappedKind = num(coordinate.split(':')[0], Number.NaN);
  } else if (eventId) {
    zappedId = eventId;
    zappedKind = kindOf(eventId);
  }
  if (zappedKind !== Kind.Text && zappedKind !== Kind.LongForm) return undefined;
  return {
    id: str(receipt.id),
    message: str(request?.content),
    amount: zapAmount(receipt, request),
    sender: str(request?.pubkey) || (tagOf(receipt.tags, 'P') ?? ''),
    receiver: tagOf(receipt.tags, 'p') ?? tagOf(request?.tags, 'p') ?? '',
    created_at: num(receipt.created_at),
    zappedId,
    zappedKind,
  };
}

/** The top-zap entry of a zap. */
export function toTopZap(zap: Zap): TopZap {
  return { id: zap.id, amount: zap.amount, pubkey: zap.sender, message: zap.message, eventId: zap.zappedId };
}

/** Merges zaps into a subject's top-zaps list: no duplicate ids, sorted by amount descending. */
export function mergeTopZaps(existing: readonly TopZap[], added: readonly TopZap[]): TopZap[] {
  const byId = new Map<string, TopZap>();
  for (const zap of [...existing, ...added]) if (!byId.has(zap.id)) byId.set(zap.id, zap);
  return [...byId.values()].sort((a, b) => b.amount - a.amount);
}
