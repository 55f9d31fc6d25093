import { pgArrayLiteral } from '../ingest/pg-write.ts';

/*
 * Read queries send IN lists as one parameter per value (`pubkey in ($1, $2, …, $17)`), so every list length is a
 * statement text of its own: postgres.js prepares each text on each pool connection it lands on (a Parse/Describe
 * round trip before the query proper) and PostgreSQL plans it afresh. Rewritten at the connection into one array
 * parameter (`pubkey = ANY($1::text[])`, NOT IN: `<> ALL`), the text is the same whatever the length, as ingest's
 * look-ups already do (`ingest/pg-in-lists.ts`, a Kysely plugin; this works on compiled SQL, so statements compiled
 * once and re-bound, `commands/compiled-query.ts`, are rewritten too). Only lists made of placeholders alone whose
 * values are all strings or all safe integers are rewritten; a query whose placeholders repeat is left as it is.
 */

/** A compiled statement: SQL text and its parameters ($1 = parameters[0]). */
export interface PgStatement {
  sql: string;
  parameters: readonly unknown[];
}

const LIST = /\b(not\s+in|in)\s*\(\s*(\$\d+(?:\s*,\s*\$\d+)*)\s*\)/gi;
const PLACEHOLDER = /\$(\d+)/g;

/** The array type of a list's values: text for strings, bigint for integers, none otherwise. */
function arrayType(values: readonly unknown[]): 'text' | 'bigint' | null {
  if (values.every((v) => typeof v === 'string')) return 'text';
  if (values.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) return 'bigint';
  return null;
}

const cache = new Map<string, boolean>();

/** True when every placeholder of `sql` occurs once (and it has IN lists of placeholders worth rewriting). */
function rewritable(sql: string): boolean {
  let known = cache.get(sql);
  if (known === undefined) {
    const seen = new Set<string>();
    let unique = true;
    for (const m of sql.matchAll(PLACEHOLDER)) {
      if (seen.has(m[1])) unique = false;
      seen.add(m[1]);
    }
    known = unique && sql.search(LIST) >= 0;
    if (cache.size > 5000) cache.clear();
    cache.set(sql, known);
  }
  return known;
}

/**
 * The statement with its IN lists of placeholders turned into array parameters (see above), placeholders renumbered
 * in order; the statement itself when there is nothing to rewrite.
 */
export function arrayInLists(statement: PgStatement): PgStatement {
  const { sql, parameters } = statement;
  if (!rewritable(sql)) return statement;
  const out: unknown[] = [];
  const renumber = (text: string) =>
    text.replace(PLACEHOLDER, (_, n: string) => {
      out.push(parameters[Number(n) - 1]);
      return `$${out.length}`;
    });
  let text = '';
  let last = 0;
  LIST.lastIndex = 0;
  for (const m of sql.matchAll(LIST)) {
    const at = m.index ?? 0;
    text += renumber(sql.slice(last, at));
    last = at + m[0].length;
    const values = [...m[2].matchAll(PLACEHOLDER)].map((p) => parameters[Number(p[1]) - 1]);
    const type = arrayType(values);
    if (!type) {
      text += renumber(m[0]);
      continue;
    }
    out.push(pgArrayLiteral(values as Array<string | number>));
    const negated = m[1].toLowerCase() !== 'in';
    text += `${negated ? '<> ALL' : '= ANY'}($${out.length}::${type}[])`;
  }
  text += renumber(sql.slice(last));
  return { sql: text, parameters: out };
}
