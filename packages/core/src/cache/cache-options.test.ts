import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_TIMING } from './cache-options.ts';

describe('cache client defaults (spec §4, §9)', () => {
  it('reconnects after 200 ms, resets after 1 s and retries sends every 100 ms', () => {
    expect(DEFAULT_CACHE_TIMING).toEqual({ reconnectMs: 200, resetMs: 1000, sendRetryMs: 100 });
  });
});
