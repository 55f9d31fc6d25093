/** Words of an article's text (whitespace-separated runs containing a letter or digit). */
export function wordCount(text: string): number {
  let n = 0;
  for (const w of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(w)) n++;
  return n;
}
