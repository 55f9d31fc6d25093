import { type Compilable, CompiledQuery } from 'kysely';
import type { Store } from '../store/index.ts';

/** A compiled statement whose parameters are slots: an index into the call's values, or a constant of the build. */
interface Template {
  sql: string;
  slots: Array<number | { value: unknown }>;
}

const templates = new WeakMap<Store, Map<string, Template>>();

/** Most templates kept per store (name × number of values; IN lists are chunked at 400). */
const MAX_TEMPLATES = 4000;

/**
 * Runs the query `build(values)` makes, building and compiling it only once per store, `name` and number of values
 * (Kysely's builder and compiler cost several microseconds per query on the hot paths); later calls bind their values
 * to the kept SQL. `build` must use each value as a parameter and nothing else may vary between calls of one name.
 */
export async function runCompiled<R>(
  store: Store,
  name: string,
  values: readonly unknown[],
  build: (values: readonly unknown[]) => Compilable<R>,
): Promise<R[]> {
  let byKey = templates.get(store);
  if (!byKey) {
    byKey = new Map();
    templates.set(store, byKey);
  }
  const key = `${name}|${values.length}`;
  let template = byKey.get(key);
  if (!template) {
    // compiled once with unique markers in place of the values, so their positions among the parameters are known
    const marks = values.map((_, i) => `\u0001tide-value-${i}\u0001`);
    const compiled = build(marks).compile();
    const index = new Map(marks.map((mark, i) => [mark, i]));
    const slots = compiled.parameters.map((p) =>
      typeof p === 'string' && index.has(p) ? (index.get(p) as number) : { value: p },
    );
    template = { sql: compiled.sql, slots };
    if (byKey.size >= MAX_TEMPLATES) byKey.clear();
    byKey.set(key, template);
  }
  const parameters = template.slots.map((slot) => (typeof slot === 'number' ? values[slot] : slot.value));
  const result = await store.db.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>);
  return result.rows;
}
