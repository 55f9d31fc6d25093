/** A `@word` being typed at the caret: where the `@` is and the word after it. */
export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  query: string;
}

const AT_WORD = /(?:^|\s)@([\p{L}\p{N}_.-]{0,40})$/u;

/** The `@word` that ends at `caret` (start of text or after a space), or null when the caret is not in one. */
export function findMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = AT_WORD.exec(before);
  if (!match) return null;
  return { start: caret - match[1].length - 1, query: match[1] };
}

/** Replaces the `@word` of `mention` (up to `caret`) with `insert` and a space; returns the text and the new caret. */
export function insertMention(
  text: string,
  caret: number,
  mention: MentionQuery,
  insert: string,
): { text: string; caret: number } {
  const after = text.slice(caret);
  const spaced = after.startsWith(' ') ? insert : `${insert} `;
  const next = text.slice(0, mention.start) + spaced + after;
  return { text: next, caret: mention.start + spaced.length };
}
