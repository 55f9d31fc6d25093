import { CompiledQuery, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';

/*
 * PostgreSQL's `ON CONFLICT DO NOTHING` checks every unique index before each row goes in (a second B-tree descent
 * per index: ~20% of the ingest backend's time), even where no conflict is possible. Rows keyed by an event stored
 * in this very transaction cannot meet a stored row, so they are inserted plainly:
 *
 * - `events` rows of the write buffer are new: ingest's batch runner stores only events it found missing in the same
 *   transaction, one row per id, through the store's single writer. A plain insert that succeeds proves it, and its
 *   ids become the transaction's fresh ids (replaced by each events statement: the rows keyed by an event are queued
 *   together with it, in the same flush).
 * - Tables whose every unique index includes a column holding the id of the event whose own ingest writes the row
 *   (FRESH_COLUMN), and writes it once: rows whose value there is fresh, de-duplicated here by each unique index
 *   (the first row wins, as DO NOTHING keeps the first), are inserted plainly; other rows keep ON CONFLICT.
 *
 * Should a plain insert meet a conflict anyway (another process writing the same schema), it fails with 23505: the
 * statement's transaction fails, ingest redoes its events chunk by chunk, and plain inserts stay off for a minute so
 * the redo takes the old path.
 */

/** The column that holds, per table, the id of the event whose ingest writes the row (once). */
const FRESH_COLUMN: Readonly<Record<string, string>> = {
  event_tags: 'event_id',
  pubkey_events: 'event_id',
  search_notes: 'event_id',
  search_metadata: 'event_id',
  event_hashtags: 'event_id',
  event_media: 'event_id',
  event_links: 'event_id',
  event_mentions: 'event_id',
  event_relays: 'event_id',
  event_replies: 'reply_id',
  event_pubkey_action_refs: 'ref_event_id',
  zap_receipts: 'receipt_id',
  reads_versions: 'event_id',
  direct_messages: 'event_id',
  event_hooks: 'source_event_id',
  notifications: 'source_event_id',
};

/** How long plain inserts stay off after one met a conflict. */
export const PLAIN_INSERT_PAUSE_MS = 60_000;

type Row = Record<string, string | number | null>;

const freshIds = new WeakMap<object, Set<string>>();
let pausedUntil = 0;

/** A unique index: its columns, and whether they are all filled by a sequence when not given. */
interface UniqueKey {
  cols: string[];
  serial: boolean;
}

/** Unique indexes per table; null for a table with an expression or partial unique index. */
let uniqueKeys: Map<string, UniqueKey[] | null> | null = null;

async function loadUniqueKeys(trx: Transaction<Database>): Promise<Map<string, UniqueKey[] | null>> {
  const result = await trx.executeQuery<{ t: string; cols: string[]; plain: boolean; serial: boolean }>(
    CompiledQuery.raw(
      `SELECT c.relname AS t, array_agg(a.attname::text ORDER BY k.ord) AS cols,
              bool_and(k.attnum > 0) AND bool_and(i.indpred IS NULL) AS plain,
              bool_and(coalesce(pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%', false)) AS serial
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
       LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = k.attnum
       WHERE c.relnamespace = current_schema()::regnamespace AND i.indisunique
       GROUP BY c.relname, i.indexrelid`,
      [],
    ),
  );
  const out = new Map<string, UniqueKey[] | null>();
  for (const r of result.rows) {
    const known = out.get(r.t);
    if (known === null) continue;
    // a key filled by a sequence (rowid-style bigserial) is new on every row the insert does not give it
    const key = r.serial ? { cols: r.cols, serial: true } : { cols: r.cols, serial: false };
    out.set(r.t, r.plain ? [...(known ?? []), key] : null);
  }
  return out;
}

/** Whether plain inserts are on (off for PLAIN_INSERT_PAUSE_MS after a conflict). */
export function plainInsertsOn(now = Date.now()): boolean {
  return now >= pausedUntil;
}

/** Turns plain inserts off for a while (a plain insert met a unique violation). */
export function pausePlainInserts(now = Date.now()): void {
  pausedUntil = now + PLAIN_INSERT_PAUSE_MS;
}

/** True for PostgreSQL's unique-violation error (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** Remembers the ids of an events statement that went in plainly as the transaction's fresh ids. */
export function noteFreshEvents(trx: object, rows: readonly Row[]): void {
  freshIds.set(trx, new Set(rows.map((r) => String(r.id))));
}

/**
 * Splits a table's DO NOTHING rows into those that can go in plainly (keyed by a fresh event, de-duplicated by every
 * unique index) and those that keep ON CONFLICT. `events` rows all go plainly.
 */
export async function splitFreshRows(
  trx: Transaction<Database>,
  table: string,
  rows: readonly Row[],
): Promise<{ plain: Row[]; guarded: Row[] }> {
  if (!plainInsertsOn()) return { plain: [], guarded: [...rows] };
  if (table === 'events') return { plain: [...rows], guarded: [] };
  const column = FRESH_COLUMN[table];
  const fresh = freshIds.get(trx);
  if (!column || !fresh || fresh.size === 0) return { plain: [], guarded: [...rows] };
  uniqueKeys ??= await loadUniqueKeys(trx); // (migrations are the same in every schema: read once per process)
  const all = uniqueKeys.has(table) ? (uniqueKeys.get(table) ?? null) : [];
  if (all === null || rows.length === 0) return { plain: [], guarded: [...rows] };
  const given = new Set(Object.keys(rows[0]));
  const keys = all.filter((k) => !k.serial || k.cols.some((c) => given.has(c))).map((k) => k.cols);
  if (!keys.every((cols) => cols.includes(column))) return { plain: [], guarded: [...rows] };
  const seen = keys.map(() => new Set<string>());
  const sigs: Array<string | null> = keys.map(() => null);
  const plain: Row[] = [];
  const guarded: Row[] = [];
  for (const r of rows) {
    if (!fresh.has(String(r[column]))) {
      guarded.push(r);
      continue;
    }
    let repeat = false;
    for (let i = 0; i < keys.length; i++) {
      sigs[i] = sigOf(r, keys[i]);
      if (sigs[i] !== null && seen[i].has(sigs[i] as string)) repeat = true;
    }
    if (repeat) continue; // a repeat within the statement: the first row wins, as with DO NOTHING
    for (let i = 0; i < keys.length; i++) if (sigs[i] !== null) seen[i].add(sigs[i] as string);
    plain.push(r);
  }
  return { plain, guarded };
}

/** A row's values in a unique key's columns as one string; null when one is NULL (NULLs never conflict). */
function sigOf(r: Row, cols: readonly string[]): string | null {
  let sig = '';
  for (const c of cols) {
    const v = r[c];
    if (v === null || v === undefined) return null;
    sig += cols.length === 1 ? String(v) : `${v}\u0000`;
  }
  return sig;
}
