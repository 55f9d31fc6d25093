import { describe, expect, it } from 'vitest';
import { DEFAULT_RELAY_TIMING, RelayError } from './relay-types.ts';

describe('relay defaults (spec §8, §9)', () => {
  it('uses the spec timers and limits', () => {
    expect(DEFAULT_RELAY_TIMING).toMatchObject({
      connectTimeoutMs: 4400,
      eoseTimeoutMs: 4400,
      publishTimeoutMs: 8000,
      maxAttempts: 10,
    });
  });

  it('keeps the spec error texts, spelling included', () => {
    expect(RelayError.AttemptLimit).toBe('Reached atempt limit');
    expect(RelayError.NoChallenge).toBe("can't perform auth, no challenge was received");
    expect(RelayError.SendingOnClosed).toBe('sending on closed connection');
    expect(RelayError.ConnectionTimedOut).toBe('connection timed out');
  });
});
