import { CompiledQuery, type Transaction } from 'kysely';
import { pgArrayLiteral } from '../store/pg-array-literal.ts';
import type { Database } from '../store/schema.ts';
import { isUniqueViolation, noteFreshEvents, pausePlainInserts, splitFreshRows } from './pg-fresh-insert.ts';

/** A row of column values as the write buffer holds them. */
export type PgRow = Record<string, string | number | null>;

const quote = (name: string) => `"${name}"`;

/** Column types (`format_type`) by table and column, read from the catalog once per process. */
let columnTypes: Map<string, Map<string, string>> | null = null;

async function loadColumnTypes(trx: Transaction<Database>): Promise<Map<string, Map<string, string>>> {
  const result = await trx.executeQuery<{ t: string; c: string; ty: string }>(
    CompiledQuery.raw(
      `SELECT c.relname AS t, a.attname AS c, format_type(a.atttypid, a.atttypmod) AS ty
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0
         AND NOT a.attisdropped`,
      [],
    ),
  );
  const out = new Map<string, Map<string, string>>();
  for (const r of result.rows) {
    let cols = out.get(r.t);
    if (!cols) {
      cols = new Map();
      out.set(r.t, cols);
    }
    cols.set(r.c, r.ty);
  }
  return out;
}

/** The PostgreSQL types of `cols` of `table` (the catalog is read again when one is not known yet). */
export async function pgColumnTypes(trx: Transaction<Database>, table: string, cols: string[]): Promise<string[]> {
  const known = () => cols.map((c) => columnTypes?.get(table)?.get(c));
  let types = known();
  if (types.some((t) => t === undefined)) {
    columnTypes = await loadColumnTypes(trx);
    types = known();
  }
  return types.map((t, i) => {
    if (t === undefined) throw new Error(`unknown column ${table}.${cols[i]}`);
    return t;
  });
}

/** `unnest($1::type[], ...) AS u(cols)` over the rows, with its parameters (one array literal per column). */
async function unnestOf(
  trx: Transaction<Database>,
  table: string,
  cols: string[],
  rows: readonly PgRow[],
): Promise<{ from: string; params: string[] }> {
  const types = await pgColumnTypes(trx, table, cols);
  const params = cols.map((c) => pgArrayLiteral(rows.map((r) => r[c])));
  const args = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
  return { from: `unnest(${args}) AS u(${cols.map(quote).join(', ')})`, params };
}

/**
 * `INSERT INTO table (cols) SELECT * FROM unnest(...) <tail>`: every row in one statement whose text does not depend
 * on the row count (the multi-row VALUES form costs a round trip per power-of-two chunk and a new prepared statement
 * per shape). With `ON CONFLICT DO NOTHING`, rows that cannot conflict go in without it (pg-fresh-insert.ts).
 */
export async function pgInsertRows(
  trx: Transaction<Database>,
  table: string,
  cols: string[],
  rows: readonly PgRow[],
  tail: string,
): Promise<void> {
  if (rows.length === 0) return;
  if (tail !== DO_NOTHING) return insertStatement(trx, table, cols, rows, tail);
  const { plain, guarded } = await splitFreshRows(trx, table, rows);
  if (plain.length > 0) {
    try {
      await insertStatement(trx, table, cols, plain, '');
    } catch (err) {
      if (isUniqueViolation(err)) pausePlainInserts();
      throw err;
    }
    if (table === 'events') noteFreshEvents(trx, plain);
  }
  await insertStatement(trx, table, cols, guarded, tail);
}

const DO_NOTHING = 'ON CONFLICT DO NOTHING';

async function insertStatement(
  trx: Transaction<Database>,
  table: string,
  cols: string[],
  rows: readonly PgRow[],
  tail: string,
): Promise<void> {
  if (rows.length === 0) return;
  const { from, params } = await unnestOf(trx, table, cols, rows);
  const text = `INSERT INTO ${quote(table)} (${cols.map(quote).join(', ')}) SELECT * FROM ${from}${tail ? ` ${tail}` : ''}`;
  await trx.executeQuery(CompiledQuery.raw(text, params));
}

/**
 * One `UPDATE table SET set = u.set FROM unnest(...) u WHERE keys match [AND condition]` for many rows (each key at
 * most once). `condition` may name the stored row as `t` and the new values as `u`.
 */
export async function pgUpdateRows(
  trx: Transaction<Database>,
  table: string,
  keyCols: string[],
  setCols: string[],
  rows: readonly PgRow[],
  condition = '',
): Promise<void> {
  if (rows.length === 0) return;
  const { from, params } = await unnestOf(trx, table, [...keyCols, ...setCols], rows);
  const set = setCols.map((c) => `${quote(c)} = u.${quote(c)}`).join(', ');
  const match = keyCols.map((c) => `t.${quote(c)} = u.${quote(c)}`).join(' AND ');
  const text = `UPDATE ${quote(table)} AS t SET ${set} FROM ${from} WHERE ${match}${condition ? ` AND (${condition})` : ''}`;
  await trx.executeQuery(CompiledQuery.raw(text, params));
}

/** One `DELETE FROM table USING unnest(...) u WHERE keys match` for many key rows. */
export async function pgDeleteRows(
  trx: Transaction<Database>,
  table: string,
  keyCols: string[],
  rows: readonly PgRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const { from, params } = await unnestOf(trx, table, keyCols, rows);
  const match = keyCols.map((c) => `t.${quote(c)} = u.${quote(c)}`).join(' AND ');
  await trx.executeQuery(CompiledQuery.raw(`DELETE FROM ${quote(table)} AS t USING ${from} WHERE ${match}`, params));
}
