import type { NostrEvent } from '@tide/core/nostr';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, Store } from '../store/index.ts';
import { rowToEvent } from '../ws/index.ts';
import { expirationOf, type RelayFilter } from './filter.ts';

type Eb = ExpressionBuilder<Database, 'events'>;

/** Turns free text into an FTS5 query of quoted words (all must match); '' when nothing is left. */
export function ftsQuery(text: string): string {
  const words = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words
    .slice(0, 16)
    .map((w) => `"${w}"`)
    .join(' ');
}

/** Condition of full-text search on the store's search tables (FTS5 on SQLite, tsvector on PostgreSQL). */
function searchCondition(store: Store, filter: RelayFilter): Expression<SqlBool> {
  const users = filter.kinds?.length === 1 && filter.kinds[0] === 0;
  const query = ftsQuery(filter.search ?? '');
  if (!query) return sql<SqlBool>`1 = 0`;
  if (store.dialect === 'postgres') {
    const plain = query.replaceAll('"', '');
    return users
      ? sql<SqlBool>`events.pubkey in (select pubkey from search_users where tsv @@ plainto_tsquery('simple', ${plain}))`
      : sql<SqlBool>`events.id in (select event_id from search_notes where tsv @@ plainto_tsquery('simple', ${plain}))`;
  }
  return users
    ? sql<SqlBool>`events.pubkey in (select pubkey from search_users where rowid in
        (select rowid from search_users_fts where search_users_fts match ${query}))`
    : sql<SqlBool>`events.id in (select event_id from search_notes where rowid in
        (select rowid from search_notes_fts where search_notes_fts match ${query}))`;
}

/** The WHERE condition of one filter over `events`. */
export function filterCondition(eb: Eb, store: Store, filter: RelayFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (filter.ids) parts.push(eb('events.id', 'in', filter.ids));
  if (filter.authors) parts.push(eb('events.pubkey', 'in', filter.authors));
  if (filter.kinds) parts.push(eb('events.kind', 'in', filter.kinds));
  if (filter.since !== undefined) parts.push(eb('events.created_at', '>=', filter.since));
  if (filter.until !== undefined) parts.push(eb('events.created_at', '<=', filter.until));
  for (const [name, values] of filter.tags) {
    parts.push(
      eb.exists(
        eb
          .selectFrom('event_tags')
          .select('event_tags.event_id')
          .whereRef('event_tags.event_id', '=', 'events.id')
          .where('event_tags.name', '=', name)
          .where('event_tags.value', 'in', values),
      ),
    );
  }
  if (filter.search !== undefined) parts.push(searchCondition(store, filter));
  return eb.and(parts);
}

/** Stored events matching one filter, newest first (ties by id), at most `filter.limit`. */
export async function queryFilter(store: Store, filter: RelayFilter): Promise<NostrEvent[]> {
  const rows = await store.db
    .selectFrom('events')
    .selectAll()
    .where((eb) => filterCondition(eb, store, filter))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'asc')
    .limit(filter.limit ?? 500)
    .execute();
  return rows.map(rowToEvent);
}

/** What a COUNT may count beyond the filters: unexpired events only, DMs only of the connection's parties. */
export interface CountScope {
  /** Current time: events whose NIP-40 expiration has passed are not counted (REQ does not serve them). */
  now: number;
  /** Authenticated pubkeys (NIP-42): kind-4 DMs count only when one of them wrote or receives (`p`) them, gift wraps (1059) only when one receives them. */
  dmReaders: readonly string[];
}

/**
 * How many stored events match any of `filters` (NIP-45), counting with `scope` only what REQ would serve (the few
 * events carrying an expiration tag are checked one by one).
 */
export async function countFilters(store: Store, filters: RelayFilter[], scope?: CountScope): Promise<number> {
  const readers = [...(scope?.dmReaders ?? [])];
  const matching = (eb: Eb) => {
    const condition = eb.or(filters.map((f) => filterCondition(eb, store, f)));
    if (!scope) return condition;
    const dmVisible = [eb('events.kind', 'not in', [4, 1059])];
    if (readers.length > 0) {
      dmVisible.push(eb.and([eb('events.kind', '=', 4), eb('events.pubkey', 'in', readers)]));
      dmVisible.push(
        eb(
          'events.id',
          'in',
          eb
            .selectFrom('event_tags')
            .select('event_tags.event_id')
            .where('event_tags.name', '=', 'p')
            .where('event_tags.value', 'in', readers),
        ),
      );
    }
    return eb.and([condition, eb.or(dmVisible)]);
  };
  const row = await store.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(matching)
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  if (!scope || n === 0) return n;
  const tagged = await store.db
    .selectFrom('events')
    .select('tags')
    .where(matching)
    .where('tags', 'like', '%"expiration"%')
    .execute();
  const expired = tagged.filter((r) => {
    const at = expirationOf({ tags: JSON.parse(r.tags) as string[][] } as NostrEvent);
    return at !== null && at <= scope.now;
  });
  return n - expired.length;
}
