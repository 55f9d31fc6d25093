import { describe, expect, it } from 'vitest';
import { relativeTime, shortDate } from './dates.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 0) / 1000;
const opts = { now, timeZone: 'UTC' };

describe('relativeTime', () => {
  it.each([
    [now - 10, 'now'],
    [now + 500, 'now'],
    [now - 5 * 60, '5m'],
    [now - 59 * 60, '59m'],
    [now - 3 * 3600, '3h'],
    [now - 23 * 3600, '23h'],
    [now - 2 * 86400, '2d'],
    [now - 6 * 86400, '6d'],
    [now - 8 * 86400, 'Nov 14'],
    [Date.UTC(2025, 2, 5) / 1000, 'Mar 5, 2025'],
  ])('%d → %s', (ts, expected) => {
    expect(relativeTime(ts, opts)).toBe(expected);
  });
  it('uses the clock when now is not given', () => {
    expect(relativeTime(Math.floor(Date.now() / 1000) - 120)).toBe('2m');
  });
});

describe('shortDate', () => {
  it('formats a medium date and is empty for missing values', () => {
    expect(shortDate(Date.UTC(2024, 2, 5) / 1000, 'UTC')).toBe('Mar 5, 2024');
    expect(shortDate(undefined)).toBe('');
    expect(shortDate(-1)).toBe('');
  });
});
