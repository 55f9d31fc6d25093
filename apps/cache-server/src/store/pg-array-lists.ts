import { pgArrayLiteral } from './pg-array-literal.ts';

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

/** The array type of the values at `at`: text for strings, bigint for integers, none otherwise. */
function arrayType(parameters: readonly unknown[], at: readonly number[]): 'text' | 'bigint' | null {
  if (at.every((i) => typeof parameters[i] === 'string')) return 'text';
  if (at.every((i) => typeof parameters[i] === 'number' && Number.isSafeInteger(parameters[i]))) return 'bigint';
  return null;
}

/** An IN list of a statement text: where it is, whether negated, the (0-based) parameters it lists. */
interface InList {
  at: number;
  end: number;
  negated: boolean;
  params: number[];
}

/** A rewritten text and where each of its parameters comes from: an original parameter, or a list of them. */
interface Rewrite {
  sql: string;
  sources: Array<number | number[]>;
}

/** The IN lists of each statement text seen (null: nothing to rewrite), and its rewrites by list types. */
const lists = new Map<string, InList[] | null>();
const rewrites = new Map<string, Rewrite>();
/** Statement texts (and rewrites) remembered at most; the maps start over beyond it. */
const MAX_TEXTS = 5000;

/** The IN lists of `sql`, or null when it has none or repeats a placeholder (parsed once per text). */
function listsOf(sql: string): InList[] | null {
  let known = lists.get(sql);
  if (known === undefined) {
    const seen = new Set<string>();
    let unique = true;
    for (const m of sql.matchAll(PLACEHOLDER)) {
      if (seen.has(m[1])) unique = false;
      seen.add(m[1]);
    }
    const found: InList[] = [];
    if (unique) {
      for (const m of sql.matchAll(LIST)) {
        const at = m.index ?? 0;
        const params = [...m[2].matchAll(PLACEHOLDER)].map((p) => Number(p[1]) - 1);
        found.push({ at, end: at + m[0].length, negated: m[1].toLowerCase() !== 'in', params });
      }
    }
    known = found.length > 0 ? found : null;
    if (lists.size >= MAX_TEXTS) lists.clear();
    lists.set(sql, known);
  }
  return known;
}

/** The rewrite of `sql` whose lists have `types` (a null type: that list stays as it is). */
function rewriteOf(sql: string, found: readonly InList[], types: ReadonlyArray<'text' | 'bigint' | null>): Rewrite {
  const sources: Array<number | number[]> = [];
  const renumber = (text: string) =>
    text.replace(PLACEHOLDER, (_, n: string) => {
      sources.push(Number(n) - 1);
      return `$${sources.length}`;
    });
  let text = '';
  let last = 0;
  found.forEach((list, i) => {
    text += renumber(sql.slice(last, list.at));
    last = list.end;
    const type = types[i];
    if (!type) {
      text += renumber(sql.slice(list.at, list.end));
      return;
    }
    sources.push(list.params);
    text += `${list.negated ? '<> ALL' : '= ANY'}($${sources.length}::${type}[])`;
  });
  text += renumber(sql.slice(last));
  return { sql: text, sources };
}

/**
 * The statement with its IN lists of placeholders turned into array parameters (see above), placeholders renumbered
 * in order; the statement itself when there is nothing to rewrite. Each text is parsed and rewritten once (per list
 * types); a call then only packs its lists' values.
 */
export function arrayInLists(statement: PgStatement): PgStatement {
  const { sql, parameters } = statement;
  const found = listsOf(sql);
  if (!found) return statement;
  const types = found.map((list) => arrayType(parameters, list.params));
  const key = `${sql}\u0000${types.join(',')}`;
  let rewrite = rewrites.get(key);
  if (!rewrite) {
    rewrite = rewriteOf(sql, found, types);
    if (rewrites.size >= MAX_TEXTS) rewrites.clear();
    rewrites.set(key, rewrite);
  }
  const out = rewrite.sources.map((source) =>
    typeof source === 'number'
      ? parameters[source]
      : pgArrayLiteral(source.map((i) => parameters[i]) as Array<string | number>),
  );
  return { sql: rewrite.sql, parameters: out };
}
