import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';

describe('parseConfig: the answer cache maximum age', () => {
  it('is unset by default; reads TIDE_RESPONSE_CACHE_MAX_AGE_MS, and --response-cache-max-age-ms over it', () => {
    expect(parseConfig([], {}).responseCacheMaxAgeMs).toBeUndefined();
    expect(parseConfig([], { TIDE_RESPONSE_CACHE_MAX_AGE_MS: '5000' }).responseCacheMaxAgeMs).toBe(5000);
    const both = parseConfig(['--response-cache-max-age-ms=0'], { TIDE_RESPONSE_CACHE_MAX_AGE_MS: '5000' });
    expect(both.responseCacheMaxAgeMs).toBe(0);
    expect(() => parseConfig(['--response-cache-max-age-ms', 'soon'], {})).toThrow('invalid milliseconds: soon');
  });
});
