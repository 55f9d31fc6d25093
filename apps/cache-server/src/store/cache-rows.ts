import type { Store } from './open-store.ts';

/** One row of the `cache` table: a value the server keeps across restarts (upstream positions, warm keys, ...). */
export interface CacheRow {
  value: string;
  /** Unix seconds of the last write. */
  updatedAt: number;
}

/** Reads the `cache` row `key`, or null when there is none. */
export async function readCacheRow(store: Store, key: string): Promise<CacheRow | null> {
  const row = await store.db
    .selectFrom('cache')
    .select(['value', 'updated_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { value: row.value, updatedAt: Number(row.updated_at) } : null;
}

/** Writes (inserts or replaces) the `cache` row `key` in its own write transaction. */
export async function writeCacheRow(store: Store, key: string, value: string, updatedAt: number): Promise<void> {
  const row = { key, value, updated_at: updatedAt };
  await store.write((trx) =>
    trx
      .insertInto('cache')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute(),
  );
}
