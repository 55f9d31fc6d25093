import { describe, expect, it } from 'vitest';
import { isPremiumNameLongEnough } from './premium-steps.ts';

describe('premium name', () => {
  it('needs at least 3 characters', () => {
    expect(isPremiumNameLongEnough('ab')).toBe(false);
    expect(isPremiumNameLongEnough(' ab ')).toBe(false);
    expect(isPremiumNameLongEnough('abc')).toBe(true);
  });
});
