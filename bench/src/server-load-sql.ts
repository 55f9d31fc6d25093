// The load bench's SQL figures (BENCH_SQL_PROFILE): the server's sums by SQL shape (TIDE_SQL_PROFILE, written at each
// stats signal), read before and after a run and printed as the shapes that took the most time in it.
import { existsSync, readFileSync } from 'node:fs';

interface SqlShape {
  sql: string;
  ms: number;
  calls: number;
  maxMs: number;
}

/** The server's SQL sums so far (BENCH_SQL_PROFILE; written at each stats signal), by shape. */
export function sqlSums(file: string | undefined): Map<string, SqlShape> {
  if (!file || !existsSync(file)) return new Map();
  const rows = JSON.parse(readFileSync(file, 'utf8')) as SqlShape[];
  return new Map(rows.map((r) => [r.sql, r]));
}

/** Prints the SQL shapes that took the most time between two sums. */
export function printSqlShapes(label: string, before: Map<string, SqlShape>, after: Map<string, SqlShape>): void {
  const shapes = [...after.values()]
    .map((a) => {
      const b = before.get(a.sql);
      return { ...a, ms: a.ms - (b?.ms ?? 0), calls: a.calls - (b?.calls ?? 0) };
    })
    .filter((s) => s.calls > 0)
    .sort((x, y) => y.ms - x.ms);
  const total = shapes.reduce((sum, s) => sum + s.ms, 0);
  const calls = shapes.reduce((sum, s) => sum + s.calls, 0);
  console.log(
    `${label}: SQL ${calls} statements, ${Math.round(total)} ms; top shapes (ms, calls, mean, max ms so far):`,
  );
  for (const s of shapes.slice(0, 8)) {
    const mean = (s.ms / s.calls).toFixed(2);
    console.log(`  ${Math.round(s.ms)} ${s.calls} ${mean} ${s.maxMs} ${s.sql.slice(0, 110)}`);
  }
}
