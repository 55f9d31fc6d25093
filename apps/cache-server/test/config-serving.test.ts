import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.ts';

describe('parseConfig: read workers', () => {
  it('reads TIDE_READ_WORKERS and --read-workers (default unset: none)', () => {
    expect(parseConfig([], {}).readWorkers).toBeUndefined();
    expect(parseConfig([], { TIDE_READ_WORKERS: '2' }).readWorkers).toBe(2);
    expect(parseConfig(['--read-workers=3'], { TIDE_READ_WORKERS: '2' }).readWorkers).toBe(3);
    expect(() => parseConfig(['--read-workers', 'many'], {})).toThrow('invalid worker count: many');
  });
});

describe('parseConfig: the PostgreSQL schema', () => {
  it('reads TIDE_PG_SCHEMA and --pg-schema (default unset: public)', () => {
    expect(parseConfig([], {}).pgSchema).toBeUndefined();
    expect(parseConfig([], { TIDE_PG_SCHEMA: 'bench_a' }).pgSchema).toBe('bench_a');
    expect(parseConfig(['--pg-schema=bench_b'], { TIDE_PG_SCHEMA: 'bench_a' }).pgSchema).toBe('bench_b');
  });

  it('rejects a name that is not a plain lower-case identifier', () => {
    expect(() => parseConfig(['--pg-schema', 'a; drop'], {})).toThrow('invalid PostgreSQL schema name: a; drop');
    expect(() => parseConfig([], { TIDE_PG_SCHEMA: 'Public' })).toThrow(ConfigError);
  });
});

describe('parseConfig: the answer cache setting', () => {
  it('is unset by default (the server default applies)', () => {
    expect(parseConfig([], {}).responseCacheMs).toBeUndefined();
  });

  it('reads TIDE_RESPONSE_CACHE_MS, and --response-cache-ms over it; 0 turns the cache off', () => {
    expect(parseConfig([], { TIDE_RESPONSE_CACHE_MS: '250' }).responseCacheMs).toBe(250);
    expect(parseConfig(['--response-cache-ms', '0'], { TIDE_RESPONSE_CACHE_MS: '250' }).responseCacheMs).toBe(0);
  });

  it('rejects what is not a whole number of milliseconds', () => {
    expect(() => parseConfig(['--response-cache-ms', '-5'], {})).toThrow(new ConfigError('invalid milliseconds: -5'));
    expect(() => parseConfig([], { TIDE_RESPONSE_CACHE_MS: '1.5' })).toThrow('invalid milliseconds: 1.5');
  });
});
