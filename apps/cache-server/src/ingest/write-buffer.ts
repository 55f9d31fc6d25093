import { CompiledQuery, sql, type Transaction } from 'kysely';
import { ChangeRecorder } from '../read-cache/change-set.ts';
import type { Database } from '../store/schema.ts';
import { pgInsertRows } from './pg-write.ts';

type Row = Record<string, string | number | null>;
type TableName = keyof Database & string;

/** SQLite allows 32,766 bound parameters per statement and PostgreSQL 65,535: stay well below both. */
const MAX_PARAMS = 30_000;

interface CounterEntry {
  key: Row;
  deltas: Record<string, number>;
  extra: Row;
}

interface CounterTable {
  keyCols: string[];
  rows: Map<string, CounterEntry>;
}

/**
 * Collects the writes of one ingest batch so they reach the database as a few multi-row statements:
 * inserts that ignore conflicts, and counter deltas (summed per key, applied as upserts floored at 0).
 * Deltas commute, so the order events of a batch are indexed in does not change the result.
 */
export class WriteBuffer {
  private inserts = new Map<TableName, Row[]>();
  private counters = new Map<TableName, CounterTable>();
  private upserts = new Map<TableName, { keyCols: string[]; rows: Map<string, Row> }>();

  /** @param changes notes every queued row of the tables the read cache holds (what this batch changes). */
  constructor(readonly changes: ChangeRecorder = new ChangeRecorder()) {}

  /** Queues a row inserted with ON CONFLICT DO NOTHING. */
  insert<T extends TableName>(table: T, row: Row): void {
    this.changes.row(table, row, row, true);
    let rows = this.inserts.get(table);
    if (!rows) {
      rows = [];
      this.inserts.set(table, rows);
    }
    rows.push(row);
  }

  /** Queues an insert-or-overwrite of the given non-key columns (merged per key; the last value per column wins). */
  upsert<T extends TableName>(table: T, key: Row, values: Row): void {
    this.changes.row(table, key, values);
    let t = this.upserts.get(table);
    if (!t) {
      t = { keyCols: Object.keys(key), rows: new Map() };
      this.upserts.set(table, t);
    }
    const k = t.keyCols.map((c) => String(key[c])).join('\u0000');
    t.rows.set(k, { ...t.rows.get(k), ...values, ...key });
  }

  /**
   * Adds `deltas` to the counter columns of the row identified by `key` (created when missing with `extra` values;
   * on conflict only the counters change). Results are floored at 0.
   */
  add<T extends TableName>(table: T, key: Row, deltas: Record<string, number>, extra: Row = {}): void {
    this.changes.row(table, key, deltas);
    let t = this.counters.get(table);
    const keyCols = Object.keys(key);
    if (!t) {
      t = { keyCols, rows: new Map() };
      this.counters.set(table, t);
    }
    const k = keyCols.map((c) => String(key[c])).join('\u0000');
    const entry = t.rows.get(k);
    if (!entry) {
      t.rows.set(k, { key, deltas: { ...deltas }, extra });
      return;
    }
    for (const [col, d] of Object.entries(deltas)) entry.deltas[col] = (entry.deltas[col] ?? 0) + d;
  }

  /** True when nothing is queued. */
  isEmpty(): boolean {
    return this.inserts.size === 0 && this.counters.size === 0 && this.upserts.size === 0;
  }

  /** Writes everything queued (inserts first, then counters) and empties the buffer. */
  async flush(trx: Transaction<Database>): Promise<void> {
    const inserts = this.inserts;
    const counters = this.counters;
    const upserts = this.upserts;
    this.inserts = new Map();
    this.counters = new Map();
    this.upserts = new Map();
    for (const [table, rows] of inserts) await insertIgnore(trx, table, rows);
    for (const [table, t] of upserts) await upsertRows(trx, table, t.keyCols, [...t.rows.values()]);
    for (const [table, t] of counters) await applyCounters(trx, table, t);
  }
}

/** Rows per multi-row statement: powers of two (a few statement shapes per table, reused from the statement cache). */
const MAX_ROWS = 512;

/** Splits rows into chunks of power-of-two sizes under the parameter limit (largest first). */
function chunks<T>(rows: T[], columns: number): T[][] {
  let size = MAX_ROWS;
  while (size > 1 && size * Math.max(1, columns) > MAX_PARAMS) size >>= 1;
  const out: T[][] = [];
  let i = 0;
  while (i < rows.length) {
    while (size > 1 && rows.length - i < size) size >>= 1;
    out.push(rows.slice(i, i + size));
    i += size;
  }
  return out;
}

/** Placeholder style of a transaction's dialect, learnt once per transaction from Kysely's own compiler. */
const numbered = new WeakMap<object, boolean>();
function usesNumberedParams(trx: Transaction<Database>): boolean {
  let v = numbered.get(trx);
  if (v === undefined) {
    v = trx.selectFrom('net_stats').select('key').where('key', '=', '').compile().sql.includes('$1');
    numbered.set(trx, v);
  }
  return v;
}

const quote = (name: string) => `"${name}"`;

/**
 * Runs `INSERT INTO table (cols) VALUES (...), ... <tail>` over uniform rows, built as SQL text directly (Kysely's
 * builder cost more than SQLite's own work for thousands of rows), chunked under the parameter limit.
 */
async function insertRows(
  trx: Transaction<Database>,
  table: TableName,
  cols: string[],
  rows: Row[],
  tail: string,
): Promise<void> {
  const pg = usesNumberedParams(trx);
  if (pg) return pgInsertRows(trx, table, cols, rows, tail); // PostgreSQL: one statement of unnest arrays
  const head = `INSERT INTO ${quote(table)} (${cols.map(quote).join(', ')}) VALUES `;
  for (const part of chunks(rows, cols.length)) {
    const params: Array<string | number | null> = [];
    const tuples: string[] = [];
    for (const r of part) {
      const marks: string[] = [];
      for (const c of cols) {
        params.push(r[c] ?? null);
        marks.push(pg ? `$${params.length}` : '?');
      }
      tuples.push(`(${marks.join(', ')})`);
    }
    await trx.executeQuery(CompiledQuery.raw(`${head}${tuples.join(', ')} ${tail}`, params));
  }
}

/** Groups rows by their set of columns (each multi-row statement needs uniform rows). */
function byColumns(rows: Row[]): Map<string, { cols: string[]; rows: Row[] }> {
  const groups = new Map<string, { cols: string[]; rows: Row[] }>();
  for (const r of rows) {
    const cols = Object.keys(r);
    const sig = cols.join(',');
    const g = groups.get(sig);
    if (g) g.rows.push(r);
    else groups.set(sig, { cols, rows: [r] });
  }
  return groups;
}

/** Multi-row INSERT ... ON CONFLICT DO NOTHING, chunked under the parameter limit. */
export async function insertIgnore(trx: Transaction<Database>, table: TableName, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  for (const g of byColumns(rows).values()) await insertRows(trx, table, g.cols, g.rows, 'ON CONFLICT DO NOTHING');
}

/** Multi-row INSERT ... ON CONFLICT (key) DO UPDATE SET every other column = excluded. */
async function upsertRows(trx: Transaction<Database>, table: TableName, keyCols: string[], rows: Row[]) {
  const groups = new Map<string, { cols: string[]; rows: Row[] }>();
  for (const r of rows) {
    const cols = Object.keys(r).sort();
    const sig = cols.join(',');
    const g = groups.get(sig);
    if (g) g.rows.push(r);
    else groups.set(sig, { cols, rows: [r] });
  }
  for (const g of groups.values()) {
    const set = g.cols.filter((c) => !keyCols.includes(c));
    const target = `ON CONFLICT (${keyCols.map(quote).join(', ')})`;
    const tail =
      set.length === 0
        ? `${target} DO NOTHING`
        : `${target} DO UPDATE SET ${set.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}`;
    await insertRows(trx, table, g.cols, g.rows, tail);
  }
}

async function applyCounters(trx: Transaction<Database>, table: TableName, t: CounterTable): Promise<void> {
  const positive: CounterEntry[] = [];
  for (const e of t.rows.values()) {
    if (Object.values(e.deltas).every((d) => d >= 0)) positive.push(e);
    else await upsertOne(trx, table, t.keyCols, e);
  }
  // Group by the set of columns so each multi-row statement has uniform rows.
  const groups = new Map<string, CounterEntry[]>();
  for (const e of positive) {
    const sig = `${Object.keys(e.deltas).sort().join(',')}|${Object.keys(e.extra).sort().join(',')}`;
    const g = groups.get(sig);
    if (g) g.push(e);
    else groups.set(sig, [e]);
  }
  for (const group of groups.values()) {
    const deltaCols = Object.keys(group[0].deltas).sort();
    const rows = group.map((e) => ({ ...e.extra, ...e.key, ...e.deltas }));
    if (deltaCols.length === 0) {
      await insertIgnore(trx, table, rows);
      continue;
    }
    const cols = [...new Set([...Object.keys(group[0].extra).sort(), ...t.keyCols, ...deltaCols])];
    const set = deltaCols.map((c) => `${quote(c)} = ${quote(table)}.${quote(c)} + excluded.${quote(c)}`);
    const tail = `ON CONFLICT (${t.keyCols.map(quote).join(', ')}) DO UPDATE SET ${set.join(', ')}`;
    await insertRows(trx, table, cols, rows, tail);
  }
}

/** One row with some negative delta: created with the deltas floored at 0, else updated and floored at 0. */
async function upsertOne(trx: Transaction<Database>, table: TableName, keyCols: string[], e: CounterEntry) {
  const row: Row = { ...e.extra, ...e.key };
  for (const [c, d] of Object.entries(e.deltas)) row[c] = Math.max(0, d);
  await trx
    .insertInto(table)
    .values(row as never)
    .onConflict((oc) =>
      oc.columns(keyCols as never).doUpdateSet(() => {
        const set: Record<string, unknown> = {};
        for (const [c, d] of Object.entries(e.deltas)) {
          const ref = sql.ref(`${table}.${c}`);
          set[c] = sql`CASE WHEN ${ref} + ${d} < 0 THEN 0 ELSE ${ref} + ${d} END`;
        }
        return set as never;
      }),
    )
    .execute();
}
