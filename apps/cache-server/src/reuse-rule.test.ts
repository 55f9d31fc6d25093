import { describe, expect, it } from 'vitest';
import { DEFAULT_REUSE_LIMITS, reusable } from './reuse-rule.ts';

const made = { seq: 7, second: 1_000, at: 1_000_000 };

describe('reusable', () => {
  it('reuses while the store is unchanged, up to the maximum age', () => {
    expect(reusable(made, made.at + 29_000, 1_029, 7, DEFAULT_REUSE_LIMITS)).toBe(true);
    expect(reusable(made, made.at + 31_000, 1_031, 7, DEFAULT_REUSE_LIMITS)).toBe(false);
  });

  it('bounds the age by the server clock too', () => {
    expect(reusable(made, made.at + 10, 1_040, 7, DEFAULT_REUSE_LIMITS)).toBe(false);
  });

  it('after a change, reuses only within the same second and the ttl', () => {
    expect(reusable(made, made.at + 500, 1_000, 8, DEFAULT_REUSE_LIMITS)).toBe(true);
    expect(reusable(made, made.at + 500, 1_001, 8, DEFAULT_REUSE_LIMITS)).toBe(false);
    expect(reusable(made, made.at + 500, 1_000, 8, { ttlMs: 200, maxAgeMs: 30_000 })).toBe(false);
  });

  it('follows the limits it is given', () => {
    expect(reusable(made, made.at + 6_000, 1_006, 7, { ttlMs: 1000, maxAgeMs: 5_000 })).toBe(false);
    expect(reusable(made, made.at + 4_000, 1_004, 7, { ttlMs: 1000, maxAgeMs: 5_000 })).toBe(true);
  });

  it('never reuses when reuse is off', () => {
    expect(reusable(made, made.at, 1_000, 7, { ttlMs: 0, maxAgeMs: 30_000 })).toBe(false);
  });
});
