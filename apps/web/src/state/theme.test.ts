import { describe, expect, it } from 'vitest';
import { isDarkTheme, parseTheme, pickInitialTheme, THEMES } from './theme.ts';

describe('themes', () => {
  it('has the four waves, sunset and midnight dark', () => {
    expect(THEMES).toEqual(['sunrise', 'sunset', 'midnight', 'ice']);
    expect(THEMES.filter(isDarkTheme)).toEqual(['sunset', 'midnight']);
  });
  it('accepts only the four names', () => {
    expect(parseTheme('ice')).toBe('ice');
    expect(parseTheme('dark')).toBeUndefined();
    expect(parseTheme('SUNSET')).toBeUndefined();
    expect(parseTheme(3)).toBeUndefined();
  });
  it('lets a valid forced theme win over the saved one, and ignores an invalid forced one', () => {
    expect(pickInitialTheme('midnight', 'ice')).toBe('midnight');
    expect(pickInitialTheme('neon', 'ice')).toBe('ice');
    expect(pickInitialTheme(null, null)).toBe('sunrise');
    expect(pickInitialTheme(null, 'bogus')).toBe('sunrise');
  });
});
