import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';

describe('parseConfig: the lightning sandbox host of seeded lud16 addresses', () => {
  it('is unset by default (the seed then says localhost:8090) and comes from TIDE_LIGHTNING_HOST', () => {
    expect(parseConfig([], {}).lightningHost).toBeUndefined();
    expect(parseConfig([], { TIDE_LIGHTNING_HOST: '127.0.0.1:9911' }).lightningHost).toBe('127.0.0.1:9911');
  });
});
