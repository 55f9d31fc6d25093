import { sql, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';

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

  /** Queues a row inserted with ON CONFLICT DO NOTHING. */
  insert<T extends TableName>(table: T, row: Row): void {
    let rows = this.inserts.get(table);
    if (!rows) {
      rows = [];
      this.inserts.set(table, rows);
    }
    rows.push(row);
  }

  /** Queues an insert-or-overwrite of the given non-key columns (merged per key; the last value per column wins). */
  upsert<T extends TableName>(table: T, key: Row, values: Row): void {
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

function chunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, columns)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Multi-row INSERT ... ON CONFLICT DO NOTHING, chunked under the parameter limit. */
export async function insertIgnore(trx: Transaction<Database>, table: TableName, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  for (const part of chunks(rows, cols.length)) {
    await trx
      .insertInto(table)
      .values(part as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Multi-row INSERT ... ON CONFLICT (key) DO UPDATE SET every other column = excluded. */
async function upsertRows(trx: Transaction<Database>, table: TableName, keyCols: string[], rows: Row[]) {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const sig = Object.keys(r).sort().join(',');
    const g = groups.get(sig);
    if (g) g.push(r);
    else groups.set(sig, [r]);
  }
  for (const g of groups.values()) await upsertUniform(trx, table, keyCols, g);
}

async function upsertUniform(trx: Transaction<Database>, table: TableName, keyCols: string[], rows: Row[]) {
  const cols = Object.keys(rows[0]).filter((c) => !keyCols.includes(c));
  for (const part of chunks(rows, cols.length + keyCols.length)) {
    await trx
      .insertInto(table)
      .values(part as never)
      .onConflict((oc) => {
        const target = oc.columns(keyCols as never);
        if (cols.length === 0) return target.doNothing();
        return target.doUpdateSet(() => {
          const set: Record<string, unknown> = {};
          for (const c of cols) set[c] = sql.ref(`excluded.${c}`);
          return set as never;
        });
      })
      .execute();
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
    for (const part of chunks(rows, Object.keys(rows[0]).length)) {
      await trx
        .insertInto(table)
        .values(part as never)
        .onConflict((oc) =>
          oc.columns(t.keyCols as never).doUpdateSet(() => {
            const set: Record<string, unknown> = {};
            for (const c of deltaCols) set[c] = sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`;
            return set as never;
          }),
        )
        .execute();
    }
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
