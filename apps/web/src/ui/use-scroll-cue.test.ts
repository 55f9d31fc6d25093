import { describe, expect, it } from 'vitest';
import { scrollCueOf } from './use-scroll-cue.ts';

describe('scrollCueOf', () => {
  it('names the ends of a tab bar that hide more tabs', () => {
    expect(scrollCueOf({ scrollLeft: 0, scrollWidth: 600, clientWidth: 600 })).toBe('');
    expect(scrollCueOf({ scrollLeft: 0, scrollWidth: 700, clientWidth: 600 })).toBe('end');
    expect(scrollCueOf({ scrollLeft: 50, scrollWidth: 700, clientWidth: 600 })).toBe('both');
    expect(scrollCueOf({ scrollLeft: 100, scrollWidth: 700, clientWidth: 600 })).toBe('start');
  });
});
