import { describe, expect, it } from 'vitest';
import {
  counterLabel,
  formatFileSize,
  humanizeNumber,
  NEW_NOTES_COUNTER_CAP,
  NOTIFICATIONS_COUNTER_CAP,
  truncateNumber,
} from './numbers.ts';

describe('humanizeNumber (spec §9)', () => {
  it.each([
    [0, '0'],
    [42, '42'],
    [9_999, '9,999'],
    [10_000, '10k'],
    [12_345, '12.3k'],
    [99_999, '99.9k'],
    [100_000, '100k'],
    [999_999, '999k'],
    [1_000_000, '1m'],
    [1_250_000, '1.2m'],
    [99_999_999, '99.9m'],
    [123_456_789, '123m'],
    [4_200_000_000, '4,200m'],
  ])('%d → %s', (n, expected) => {
    expect(humanizeNumber(n)).toBe(expected);
  });
});

describe('truncateNumber (K, M, B, 1T+)', () => {
  it.each([
    [999, '999'],
    [1_000, '1K'],
    [1_999, '1K'],
    [25_500, '25K'],
    [2_500_000, '2M'],
    [7_900_000_000, '7B'],
    [1_000_000_000_000, '1T+'],
    [5e15, '1T+'],
  ])('%d → %s', (n, expected) => {
    expect(truncateNumber(n)).toBe(expected);
  });
  it('one-decimal short form', () => {
    expect(truncateNumber(1_550, { decimals: 1 })).toBe('1.5K');
    expect(truncateNumber(2_000_000, { decimals: 1 })).toBe('2.0M');
    expect(truncateNumber(3_456_000_000, { decimals: 1 })).toBe('3.4B');
    expect(truncateNumber(2e12, { decimals: 1 })).toBe('1T+');
  });
  it('abbreviates only from the given power of 1,000', () => {
    expect(truncateNumber(50_000, { from: 2 })).toBe('50,000');
    expect(truncateNumber(5_000_000, { from: 2 })).toBe('5M');
  });
});

describe('counterLabel (99+)', () => {
  it('new notes show 99+ at 99', () => {
    expect(counterLabel(98, NEW_NOTES_COUNTER_CAP)).toBe('98');
    expect(counterLabel(99, NEW_NOTES_COUNTER_CAP)).toBe('99+');
    expect(counterLabel(500, NEW_NOTES_COUNTER_CAP)).toBe('99+');
  });
  it('notifications show 99+ at 100', () => {
    expect(counterLabel(99, NOTIFICATIONS_COUNTER_CAP)).toBe('99');
    expect(counterLabel(100, NOTIFICATIONS_COUNTER_CAP)).toBe('99+');
  });
  it('never shows a negative count', () => {
    expect(counterLabel(-3, 99)).toBe('0');
  });
});

describe('formatFileSize (bytes..TB)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1_536, '1.5 KB'],
    [20 * 1024 * 1024, '20 MB'],
    [100 * 1024 * 1024, '100 MB'],
    [1024 ** 3, '1 GB'],
    [2.5 * 1024 ** 4, '2.5 TB'],
    [3000 * 1024 ** 4, '3000 TB'],
  ])('%d → %s', (n, expected) => {
    expect(formatFileSize(n)).toBe(expected);
  });
});
