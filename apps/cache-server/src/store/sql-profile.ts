import { writeFileSync } from 'node:fs';
import type SqliteDatabase from 'better-sqlite3';

/** Per SQL text: statements run and milliseconds spent in SQLite. */
type Totals = Map<string, { calls: number; ms: number }>;

const totals: Totals = new Map();
let target: string | undefined;

/** The SQL text with IN lists folded (`?, ?, ?` → `?,..`), so one statement shape sums over list lengths. */
function shapeOf(source: string): string {
  return source.replace(/\?(, \?)+/g, '?,..').replace(/\s+/g, ' ');
}

function write(): void {
  if (!target) return;
  const rows = [...totals].map(([sql, t]) => ({ ms: Math.round(t.ms * 10) / 10, calls: t.calls, sql }));
  rows.sort((a, b) => b.ms - a.ms);
  writeFileSync(target, JSON.stringify(rows, null, 1));
}

/**
 * With TIDE_SQL_PROFILE=<file> set, times every run of `stmt` (all/get/run/iterate) by SQL shape and writes the sums
 * to that file every 5 s and at exit (a measuring aid; off, and free, without the variable).
 */
export function profileStatement(stmt: SqliteDatabase.Statement, source: string): SqliteDatabase.Statement {
  const file = process.env.TIDE_SQL_PROFILE;
  if (!file) return stmt;
  if (!target) {
    target = file;
    setInterval(write, 5000).unref();
    process.on('exit', write);
  }
  const shape = shapeOf(source);
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = stmt[method].bind(stmt) as (...args: unknown[]) => unknown;
    (stmt as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const started = performance.now();
      try {
        return original(...args);
      } finally {
        const t = totals.get(shape) ?? { calls: 0, ms: 0 };
        t.calls += 1;
        t.ms += performance.now() - started;
        totals.set(shape, t);
      }
    };
  }
  return stmt;
}
