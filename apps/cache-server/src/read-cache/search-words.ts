// Words as dependency keys (`w:<word>`): a stored or removed event names the words of its content, and a search answer
// depends on the words its query requires, so a write touches only the searches it could change. A word is folded
// (lowercased, compatibility-decomposed, marks removed, final sigma as sigma): two spellings a full-text index may
// match alike get one key; a few unrelated words may share one too (over-reporting is harmless, missing is not).

/** Runs of letters and numbers: how the query side splits text (`textTokens`) and a superset of index tokens. */
const RUNS = /[\p{L}\p{N}]+/gu;
/** Runs with combining marks kept inside (a tokenizer that keeps them in a token splits no word there). */
const RUNS_WITH_MARKS = /[\p{L}\p{N}\p{M}]+/gu;
/** Runs of letters and decimal digits only (a tokenizer that splits at other numbers, e.g. '½', PostgreSQL's). */
const RUNS_OF_DIGITS = /[\p{L}\p{Nd}]+/gu;
const MARKS = /\p{M}/gu;

/** The folded form of one word (see the header). */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(MARKS, '').toLowerCase().replaceAll('ς', 'σ');
}

/** The dependency key of a word of a search query (a token of `textTokens`). */
export function wordKey(token: string): string {
  return `w:${foldWord(token)}`;
}

/**
 * The word keys of an event's content: every run by each of three splittings, folded, so that a word the search
 * index finds in it (on SQLite or PostgreSQL) has its key among them.
 */
export function contentWordKeys(content: string): Set<string> {
  const keys = new Set<string>();
  const lower = content.toLowerCase();
  for (const pattern of [RUNS, RUNS_WITH_MARKS, RUNS_OF_DIGITS]) {
    for (const m of lower.matchAll(pattern)) keys.add(wordKey(m[0]));
  }
  return keys;
}
