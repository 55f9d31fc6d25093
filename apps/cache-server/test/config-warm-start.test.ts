import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.ts';

describe('parseConfig: the read cache warm start', () => {
  it('is unset by default (main: on with PostgreSQL); TIDE_WARM_START and --warm-start (over it) set it', () => {
    expect(parseConfig([], {}).warmStart).toBeUndefined();
    expect(parseConfig([], { TIDE_WARM_START: '0' }).warmStart).toBe(false);
    expect(parseConfig(['--warm-start', '1'], { TIDE_WARM_START: '0' }).warmStart).toBe(true);
    expect(parseConfig(['--warm-start=0'], {}).warmStart).toBe(false);
  });

  it('takes only 0 or 1', () => {
    expect(() => parseConfig(['--warm-start', 'yes'], {})).toThrow(new ConfigError('invalid switch (0 or 1): yes'));
    expect(() => parseConfig([], { TIDE_WARM_START: 'off' })).toThrow(ConfigError);
  });
});
