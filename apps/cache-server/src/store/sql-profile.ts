import { writeFileSync } from 'node:fs';
import type SqliteDatabase from 'better-sqlite3';
import type { LogEvent } from 'kysely';

/** Per SQL text: statements run, milliseconds spent in the database (PostgreSQL: until the rows arrived) and the longest. */
type Totals = Map<string, { calls: number; ms: number; maxMs: number }>;

const totals: Totals = new Map();
let target: string | undefined;

/** The SQL text with IN lists folded (`?, ?, ?` → `?,..`), so one statement shape sums over list lengths. */
function shapeOf(source: string): string {
  return source
    .replace(/\?(, \?)+/g, '?,..')
    .replace(/\$\d+(, \$\d+)+/g, '$n,..')
    .replace(/\s+/g, ' ');
}

/** Writes the sums to the TIDE_SQL_PROFILE file now (a no-op without it): the load bench reads them per phase. */
export function writeSqlProfile(): void {
  write();
}

function write(): void {
  if (!target) return;
  const rows = [...totals].map(([sql, t]) => ({
    ms: Math.round(t.ms * 10) / 10,
    calls: t.calls,
    maxMs: Math.round(t.maxMs * 10) / 10,
    sql,
  }));
  rows.sort((a, b) => b.ms - a.ms);
  writeFileSync(target, JSON.stringify(rows, null, 1));
}

function count(shape: string, ms: number): void {
  const t = totals.get(shape) ?? { calls: 0, ms: 0, maxMs: 0 };
  t.calls += 1;
  t.ms += ms;
  t.maxMs = Math.max(t.maxMs, ms);
  totals.set(shape, t);
}

/** Starts writing the sums to `file` every 5 s and at exit (once). */
function writeTo(file: string): void {
  if (target) return;
  target = file;
  setInterval(write, 5000).unref();
  process.on('exit', write);
}

/**
 * With TIDE_SQL_PROFILE=<file> set, a Kysely log function summing each query's wall time (sent to rows received, so
 * on PostgreSQL it includes waits for the pool and the event loop) by SQL shape into that file; undefined without it.
 */
export function queryLogProfile(): ((event: LogEvent) => void) | undefined {
  const file = process.env.TIDE_SQL_PROFILE;
  if (!file) return undefined;
  writeTo(file);
  return (event) => count(shapeOf(event.query.sql), event.queryDurationMillis);
}

/**
 * With TIDE_SQL_PROFILE=<file> set, times every run of `stmt` (all/get/run/iterate) by SQL shape and writes the sums
 * to that file every 5 s and at exit (a measuring aid; off, and free, without the variable).
 */
export function profileStatement(stmt: SqliteDatabase.Statement, source: string): SqliteDatabase.Statement {
  const file = process.env.TIDE_SQL_PROFILE;
  if (!file) return stmt;
  writeTo(file);
  const shape = shapeOf(source);
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = stmt[method].bind(stmt) as (...args: unknown[]) => unknown;
    (stmt as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const started = performance.now();
      try {
        return original(...args);
      } finally {
        count(shape, performance.now() - started);
      }
    };
  }
  return stmt;
}
