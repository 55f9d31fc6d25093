/** Words read per minute for the reading-time estimate (protocol reference: UI minutes × 238). */
export const WORDS_PER_MINUTE = 238;

/** Counts words of a text: runs of non-whitespace. */
export function countWords(text: string): number {
  const words = text.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

/** Reading time in whole minutes (at least 1) for `wordCount` words; the content is counted when no count is known. */
export function readingMinutes(wordCount: number, content = ''): number {
  const words = wordCount > 0 ? wordCount : countWords(content);
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
