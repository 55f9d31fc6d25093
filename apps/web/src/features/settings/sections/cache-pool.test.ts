import { describe, expect, it } from 'vitest';
import { addToPool, removeFromPool } from './cache-pool.ts';

const pool = { urls: ['wss://a/v1', 'wss://b/v1'], active: 'wss://b/v1' };

describe('cache pool', () => {
  it('checks addresses and duplicates', () => {
    expect(addToPool(pool, 'http://c').problem).toBe('invalid');
    expect(addToPool(pool, ' wss://a/v1 ').problem).toBe('duplicate');
    expect(addToPool(pool, ' wss://c/v1 ').pool.urls).toEqual(['wss://a/v1', 'wss://b/v1', 'wss://c/v1']);
  });

  it('moves the choice off a removed active address and keeps the last one', () => {
    expect(removeFromPool(pool, 'wss://b/v1').pool).toEqual({ urls: ['wss://a/v1'], active: 'wss://a/v1' });
    const one = { urls: ['wss://a/v1'], active: 'wss://a/v1' };
    expect(removeFromPool(one, 'wss://a/v1')).toEqual({ pool: one, problem: 'last' });
  });
});
