import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes, WORDS_PER_MINUTE } from './reading-time.ts';

describe('reading time', () => {
  it('counts runs of non-whitespace', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  one\ttwo\n three  ')).toBe(3);
  });

  it('rounds up to whole minutes at 238 words per minute, at least 1', () => {
    expect(WORDS_PER_MINUTE).toBe(238);
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(238)).toBe(1);
    expect(readingMinutes(239)).toBe(2);
    expect(readingMinutes(2380)).toBe(10);
  });

  it('counts the content when the service sent no word count', () => {
    expect(readingMinutes(0, 'word '.repeat(500))).toBe(3);
  });
});
