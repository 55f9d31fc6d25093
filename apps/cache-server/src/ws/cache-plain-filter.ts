import { type CacheEvent, CacheKind, isHex } from '@tide/core/nostr';
import { type CommandContext, CommandError, type CommandPayload } from '../commands/context.ts';
import type { CommandRegistry } from '../commands/registry.ts';
import { rowToEvent, toCacheEvent } from './stored-event.ts';

type CacheEvents = CacheEvent[];

const MAX_IDS = 500;

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : fallback;
}

/**
 * The plain NIP-01 filters the reference accepts on `/v1` (protocol §1.5): `{ids}` → raw events;
 * `{search, kinds:[0]}` → user_search; `{search}` → search; `{since|until, limit, idsonly}` → events by created_at
 * ascending (or one `{kind:10000122, ids}`); `kinds`/`authors` filters are refused.
 */
export async function runPlainFilter(
  ctx: CommandContext,
  registry: CommandRegistry,
  filter: Record<string, unknown>,
): Promise<CacheEvents> {
  if (Array.isArray(filter.ids)) {
    const ids = filter.ids.filter((id): id is string => isHex(id, 64)).slice(0, MAX_IDS);
    if (ids.length === 0) return [];
    const rows = await ctx.store.db.selectFrom('events').selectAll().where('id', 'in', ids).execute();
    return rows.map((row) => toCacheEvent(rowToEvent(row)));
  }
  if (typeof filter.search === 'string') {
    const kinds = Array.isArray(filter.kinds) ? filter.kinds : [1];
    const isUsers = kinds.length === 1 && kinds[0] === 0;
    if (!isUsers && !(kinds.length === 1 && kinds[0] === 1)) throw new CommandError('unsupported search filter');
    const name = isUsers ? 'user_search' : 'search';
    const handler = registry.get(name);
    if (!handler) throw new CommandError('unsupported search filter');
    const payload: CommandPayload = { query: filter.search, limit: num(filter.limit, isUsers ? 10 : 20) };
    if (!isUsers) {
      if (filter.since !== undefined) payload.since = filter.since;
      if (filter.until !== undefined) payload.until = filter.until;
    }
    return handler(ctx, payload);
  }
  if (filter.kinds !== undefined || filter.authors !== undefined) {
    throw new CommandError('kinds or authors filter is not supported');
  }
  if (filter.since !== undefined || filter.until !== undefined || filter.idsonly !== undefined) {
    const since = num(filter.since, 0);
    const until = num(filter.until, ctx.now());
    const limit = Math.min(Math.max(num(filter.limit, 20), 0), 1000);
    const rows = await ctx.store.db
      .selectFrom('events')
      .selectAll()
      .where('created_at', '>=', since)
      .where('created_at', '<=', until)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    if (filter.idsonly === true)
      return [{ kind: CacheKind.EventIds, content: JSON.stringify({ ids: rows.map((r) => r.id) }) }];
    return rows.map((row) => toCacheEvent(rowToEvent(row)));
  }
  throw new CommandError('unsupported filter');
}

/** The firehose filters that stay open after EOSE: exactly `{since}`, or `{idsonly: true}` (with since/limit). */
export function isFirehoseFilter(filter: Record<string, unknown>): boolean {
  const keys = Object.keys(filter);
  if (keys.length === 1 && keys[0] === 'since') return true;
  return filter.idsonly === true && keys.every((k) => k === 'idsonly' || k === 'since' || k === 'limit');
}
