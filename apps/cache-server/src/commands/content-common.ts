import type { NostrEvent } from '@tide/core/nostr';
import { DEFAULT_ACCOUNT_PUBKEY } from '../seed/accounts.ts';
import type { Store } from '../store/index.ts';
import { cachedEvents } from './bundle-events.ts';
import { type CommandContext, CommandError, type CommandPayload } from './context.ts';
import { toEvent } from './event-rows.ts';

export { asCacheEvent, type StoredEvent, synth, toEvent } from './event-rows.ts';

/** Columns of a stored event row. */
export const EVENT_COLS = ['id', 'pubkey', 'kind', 'created_at', 'tags', 'content', 'sig'] as const;

const HEX64 = /^[0-9a-f]{64}$/;

/** True for 64-char lowercase hex. */
export function isHex(value: unknown): value is string {
  return typeof value === 'string' && HEX64.test(value);
}

/** Required hex argument, else NOTICE `invalid <name>`. */
export function hexArg(p: CommandPayload | undefined, name: string): string {
  const v = p?.[name];
  if (!isHex(v)) throw new CommandError(`invalid ${name}`);
  return v;
}

/** Optional hex argument (absent/empty → undefined), malformed → NOTICE. */
export function optHexArg(p: CommandPayload | undefined, name: string): string | undefined {
  const v = p?.[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (!isHex(v)) throw new CommandError(`invalid ${name}`);
  return v;
}

/** Optional non-negative integer argument, clamped to `max`. */
export function numArg(
  p: CommandPayload | undefined,
  name: string,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const v = p?.[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new CommandError(`invalid ${name}`);
  return Math.min(Math.floor(v), max);
}

/** Optional string argument. */
export function strArg(p: CommandPayload | undefined, name: string, fallback = ''): string {
  const v = p?.[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string') throw new CommandError(`invalid ${name}`);
  return v;
}

/** Optional boolean argument. */
export function boolArg(p: CommandPayload | undefined, name: string, fallback: boolean): boolean {
  const v = p?.[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw new CommandError(`invalid ${name}`);
  return v;
}

/** The default (guest) account: env TIDE_DEFAULT_ACCOUNT, else the seed's first popular account (protocol §1.6). */
export function defaultAccount(): string {
  const env = process.env.TIDE_DEFAULT_ACCOUNT;
  return isHex(env) ? env : DEFAULT_ACCOUNT_PUBKEY;
}

/** The viewer of a request: `user_pubkey`, else the connection's remembered one, else null. */
export function viewerOf(
  ctx: { connection?: CommandContext['connection'] },
  p: CommandPayload | undefined,
): string | null {
  return optHexArg(p, 'user_pubkey') ?? ctx.connection?.userPubkey ?? null;
}

/** Paging arguments shared by feeds (protocol §3.1): limit, offset, since, until (bounds on the sort key). */
export interface Paging {
  limit: number;
  offset: number;
  since: number;
  until: number;
}

/** Reads limit/offset/since/until with defaults (until = now; 0 means absent). */
export function pagingArgs(p: CommandPayload, now: number, defaultLimit = 20, maxLimit = 1000): Paging {
  const until = numArg(p, 'until', 0);
  return {
    limit: numArg(p, 'limit', defaultLimit, maxLimit),
    offset: numArg(p, 'offset', 0, 100_000),
    since: numArg(p, 'since', 0),
    until: until > 0 ? until : now + 300,
  };
}

/** Accounts `pubkey` follows (from its newest contact list), at most 5,000. */
export async function followsOf(store: Store, pubkey: string): Promise<string[]> {
  const rows = await store.db
    .selectFrom('pubkey_followers')
    .select('pubkey')
    .where('follower_pubkey', '=', pubkey)
    .limit(5000)
    .execute();
  return rows.map((r) => r.pubkey);
}

/** Stored events by id (any order; unknown ids skipped). */
export async function loadEvents(store: Store, ids: readonly string[]): Promise<Map<string, NostrEvent>> {
  const fromCache = await cachedEvents(store, ids);
  // copies: callers may hand them on as answer objects; the cached ones are shared
  if (fromCache) return new Map([...fromCache].map(([id, e]) => [id, { ...e }]));
  const out = new Map<string, NostrEvent>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await store.db
      .selectFrom('events')
      .select(EVENT_COLS)
      .where('id', 'in', unique.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.id, toEvent(r));
  }
  return out;
}

/** Current event of an address `kind:pubkey:identifier`, if stored. */
export async function loadAddress(store: Store, kind: number, pubkey: string, identifier: string) {
  const row = await store.db
    .selectFrom('replaceable_events as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select(['e.id', 'e.pubkey', 'e.kind', 'e.created_at', 'e.tags', 'e.content', 'e.sig'])
    .where('r.kind', '=', kind)
    .where('r.pubkey', '=', pubkey)
    .where('r.identifier', '=', identifier)
    .executeTakeFirst();
  return row ? toEvent(row) : undefined;
}

/** Parses `kind:pubkey:identifier`. */
export function parseAddress(address: string): { kind: number; pubkey: string; identifier: string } | undefined {
  const m = /^(\d+):([0-9a-f]{64}):(.*)$/.exec(address);
  if (!m) return undefined;
  return { kind: Number(m[1]), pubkey: m[2], identifier: m[3] };
}
