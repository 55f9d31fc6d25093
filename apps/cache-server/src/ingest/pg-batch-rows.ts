import type { IngestContext, KnownEvent } from './context.ts';
import { lookups } from './pg-in-lists.ts';
import { type PgRow, pgDeleteRows } from './pg-write.ts';
import { inChunks } from './prefetch.ts';

const memo = new WeakMap<IngestContext, Map<string, Promise<unknown>>>();

/** Runs `load` once per batch context and name; later callers of the batch share its result. */
export function oncePerBatch<T>(ctx: IngestContext, name: string, load: () => Promise<T>): Promise<T> {
  let m = memo.get(ctx);
  if (!m) {
    m = new Map();
    memo.set(ctx, m);
  }
  let p = m.get(name) as Promise<T> | undefined;
  if (!p) {
    p = load();
    m.set(name, p);
  }
  return p;
}

/** The events this batch stores (its survivors, which prefetch put in `ctx.known`) that match `test`. */
export function batchEvents(ctx: IngestContext, test: (k: KnownEvent) => boolean): KnownEvent[] {
  const out: KnownEvent[] = [];
  for (const k of ctx.known.values()) if (ctx.storedIds.has(k.id) && test(k)) out.push(k);
  return out;
}

/**
 * Deletes the rows matching each key row: one `DELETE ... USING unnest(...)` on PostgreSQL (a round trip per row
 * adds up there), a statement per key row on SQLite (a function call each).
 */
export async function deleteKeyRows(
  ctx: IngestContext,
  table: 'user_relays' | 'reads_topics' | 'list_items' | 'pubkey_followers',
  keyCols: string[],
  rows: PgRow[],
): Promise<void> {
  if (rows.length === 0) return;
  if (ctx.dialect === 'postgres') {
    await pgDeleteRows(ctx.trx, table, keyCols, rows);
    return;
  }
  for (const r of rows) {
    let q = ctx.trx.deleteFrom(table);
    for (const c of keyCols) q = q.where(c as never, '=', r[c] as never);
    await q.execute();
  }
}

const keyOf = (row: PgRow, cols: string[]) => cols.map((c) => String(row[c])).join('\u0000');

/**
 * Deletes the rows of `key` before an event rewrites them. The first call of a batch deletes them for every event of
 * the batch matching `test` at once (only the newest version of an address survives a batch, so no later event of it
 * needs them); a key outside that set is deleted on its own.
 */
export async function deleteBeforeRewrite(
  ctx: IngestContext,
  table: 'user_relays' | 'reads_topics' | 'list_items',
  keyCols: string[],
  key: PgRow,
  test: (k: KnownEvent) => boolean,
  keyOfEvent: (k: KnownEvent) => PgRow,
): Promise<void> {
  const done = await oncePerBatch(ctx, `delete:${table}`, async () => {
    const rows = batchEvents(ctx, test).map(keyOfEvent);
    await deleteKeyRows(ctx, table, keyCols, rows);
    return new Set(rows.map((r) => keyOf(r, keyCols)));
  });
  if (!done.has(keyOf(key, keyCols))) await deleteKeyRows(ctx, table, keyCols, [key]);
}

/**
 * follows_count stored before this batch (a first profile of a user who already follows someone counts in net_stats
 * "users"), read for the authors of every kind-0 event of the batch at once.
 */
export async function followsCountBefore(ctx: IngestContext, pubkey: string): Promise<number> {
  const read = (authors: string[]) =>
    inChunks(authors, (part) =>
      lookups(ctx).selectFrom('user_stats').select(['pubkey', 'follows_count']).where('pubkey', 'in', part).execute(),
    );
  const batch = await oncePerBatch(ctx, 'follows_count', async () => {
    const authors = [...new Set(batchEvents(ctx, (k) => k.kind === 0).map((k) => k.pubkey))];
    return {
      authors: new Set(authors),
      counts: new Map((await read(authors)).map((r) => [r.pubkey, r.follows_count])),
    };
  });
  if (batch.authors.has(pubkey)) return batch.counts.get(pubkey) ?? 0;
  return (await read([pubkey]))[0]?.follows_count ?? 0;
}
